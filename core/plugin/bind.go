package plugin

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

var (
	typeHandle  = reflect.TypeOf((*schema.ContentType)(nil))
	fieldHandle = reflect.TypeOf((*schema.Attribute)(nil))
)

// Bind fills a plugin's model (see Modeler) from the schema: every
// *schema.ContentType field tagged `kiln:"<type>"` and every
// *schema.Attribute field tagged `kiln:"<type>.<field>"` (a system field
// such as "event.id" too). Everything missing is reported at once, naming
// the plugin, the type and the field. A model that is not a pointer to a
// struct of such fields is the plugin's mistake, reported the same way.
func Bind(plugin string, model any, s *schema.Schema) error {
	v := reflect.ValueOf(model)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("plugin %q: its model must be a pointer to a struct, not %T", plugin, model)
	}
	v = v.Elem()
	var problems []string
	for i := 0; i < v.NumField(); i++ {
		f := v.Type().Field(i)
		tag, ok := f.Tag.Lookup("kiln")
		if !ok {
			continue
		}
		if !f.IsExported() {
			problems = append(problems, fmt.Sprintf("plugin %q: model field %s must be exported to be filled", plugin, f.Name))
			continue
		}
		typ, field, isField := strings.Cut(tag, ".")
		ct := s.Type(typ)
		if ct == nil {
			problems = append(problems, fmt.Sprintf("plugin %q needs content type %q, which content-types/ does not define", plugin, typ))
			continue
		}
		switch {
		case !isField && f.Type == typeHandle:
			v.Field(i).Set(reflect.ValueOf(ct))
		case isField && f.Type == fieldHandle:
			a := ct.Field(field)
			if a == nil {
				problems = append(problems, fmt.Sprintf("plugin %q needs field %q on content type %q, which content-types/ does not define", plugin, field, typ))
				continue
			}
			v.Field(i).Set(reflect.ValueOf(a))
		default:
			problems = append(problems, fmt.Sprintf("plugin %q: model field %s tagged %q must be a %s", plugin, f.Name, tag, map[bool]string{true: "*schema.Attribute", false: "*schema.ContentType"}[isField]))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(dedupe(problems), "\n"))
	}
	return nil
}

// dedupe keeps the first of each repeated line (a missing type is met once
// per field of it).
func dedupe(lines []string) []string {
	seen := map[string]bool{}
	out := lines[:0]
	for _, l := range lines {
		if !seen[l] {
			seen[l] = true
			out = append(out, l)
		}
	}
	return out
}
