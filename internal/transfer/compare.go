package transfer

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"github.com/kiln-cms/kiln/core/schema"
)

// Before anything is written, strapi import compares the archive's schemas
// with its own, uid by uid, as a JSON diff (data-transfer's utils/json.ts):
// objects key by key, arrays item by item, leaves by value. Its default
// "strict" strategy ignores differences in an attribute's private, required
// and configurable (engine/validation/schemas); any other difference stops
// the import unless the user accepts it. Kiln compares the same way, on the
// types it holds: the project's content types and components, and the
// plugins' types it loads. Strapi's own types (admin::*, the upload,
// users-permissions, i18n, content-releases and review-workflows plugins')
// are Kiln's to map, not to compare.

// DiffKind is how one value differs, named as Strapi's diff names it.
type DiffKind string

// The kinds of difference, from the archive's side: Added is only in the
// project, Deleted only in the archive, Modified a different value, and
// DataType values loosely equal but of other types (1 and "1").
const (
	Added    DiffKind = "added"
	Deleted  DiffKind = "deleted"
	Modified DiffKind = "modified"
	DataType DiffKind = "dataType"
)

// Diff is one difference between an archive's schema and the project's.
type Diff struct {
	UID  string
	Kind DiffKind
	// Path is the key path inside the schema (attributes.title.type);
	// empty when the whole type is on one side only.
	Path []string
	// Archive and Project are the values on each side (nil when absent).
	Archive, Project any
}

// String says the difference as strapi import's report words it, the
// type's uid first.
func (d Diff) String() string {
	path := strings.Join(d.Path, ".")
	switch {
	case len(d.Path) == 0 && d.Kind == Deleted:
		return d.UID + ": the archive holds this type and the project does not; its entries will not be imported"
	case len(d.Path) == 0 && d.Kind == Added:
		return d.UID + ": the project holds this type and the archive does not; it will be left as it is"
	case d.Kind == Added:
		return fmt.Sprintf("%s: %s exists in the project's schema but not in the archive's, and no data will be imported into it", d.UID, path)
	case d.Kind == Deleted:
		return fmt.Sprintf("%s: %s exists in the archive's schema but not in the project's, and its data will not be imported", d.UID, path)
	case d.Kind == DataType:
		return fmt.Sprintf("%s: schema has differing data types at %q: %s => %s", d.UID, path, show(d.Archive), show(d.Project))
	}
	return fmt.Sprintf("%s: schema value changed at %q: %s => %s", d.UID, path, show(d.Archive), show(d.Project))
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

// Compared reports whether uid is a type Kiln compares: a project's type
// (api::), a component (category.name) or a plugin's type Kiln loads from
// the project; not Strapi's own.
func compared(uid string, s *schema.Schema) bool {
	switch {
	case strings.HasPrefix(uid, "api::"):
		return true
	case strings.HasPrefix(uid, "admin::"), strings.HasPrefix(uid, "strapi::"):
		return false
	case strings.HasPrefix(uid, "plugin::"):
		for _, ct := range s.Types {
			if ct.Plugin != "" && ct.UID() == uid {
				return true
			}
		}
		return false
	}
	return strings.Contains(uid, ".") // a component
}

// CompareSchemas lists how the archive's schemas (each line decoded, by
// uid) differ from the project's, under Strapi's strict strategy, by uid
// and then in the order the diff walks them.
func CompareSchemas(archive map[string]any, s *schema.Schema) []Diff {
	return compareWith(archive, projectSchemas(s), s)
}

// projectSchemas are the compared types of s as archive lines, decoded.
func projectSchemas(s *schema.Schema) map[string]any {
	project := map[string]any{}
	for _, ct := range append(append([]*schema.ContentType{}, s.Types...), s.Components...) {
		if !compared(uidOf(ct), s) {
			continue
		}
		b, err := json.Marshal(SchemaLine(ct))
		if err != nil {
			panic(err) // built above from strings, bools and valid JSON
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			panic(err)
		}
		project[uidOf(ct)] = v
	}
	return project
}

func compareWith(archive, project map[string]any, s *schema.Schema) []Diff {
	uids := map[string]bool{}
	for uid := range archive {
		if compared(uid, s) {
			uids[uid] = true
		}
	}
	for uid := range project {
		uids[uid] = true
	}
	sorted := make([]string, 0, len(uids))
	for uid := range uids {
		sorted = append(sorted, uid)
	}
	sort.Strings(sorted)
	var out []Diff
	for _, uid := range sorted {
		a, inArchive := archive[uid]
		p, inProject := project[uid]
		switch {
		case !inArchive:
			out = append(out, Diff{UID: uid, Kind: Added, Project: p})
		case !inProject:
			out = append(out, Diff{UID: uid, Kind: Deleted, Archive: a})
		default:
			for _, d := range diff(a, p, nil) {
				if !ignorable(d) {
					d.UID = uid
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// ignorable are the differences Strapi's strict strategy lets through: an
// attribute's private, required and configurable.
func ignorable(d Diff) bool {
	if len(d.Path) != 3 || d.Path[0] != "attributes" {
		return false
	}
	switch d.Path[2] {
	case "private", "required", "configurable":
		return true
	}
	return false
}

// diff is Strapi's JSON diff of a (the archive's) and b (the project's),
// on values decoded by encoding/json; an absent key is missing.
func diff(a, b any, path []string) []Diff {
	at := func() []string { return append([]string{}, path...) }
	aList, aIsList := a.([]any)
	bList, bIsList := b.([]any)
	if aIsList && bIsList {
		var out []Diff
		for i := range max(len(aList), len(bList)) {
			var x, y any = missing{}, missing{}
			if i < len(aList) {
				x = aList[i]
			}
			if i < len(bList) {
				y = bList[i]
			}
			out = append(out, diff(x, y, append(at(), fmt.Sprint(i)))...)
		}
		return out
	}
	aObj, aIsObj := a.(map[string]any)
	bObj, bIsObj := b.(map[string]any)
	if aIsObj && bIsObj {
		keys := make([]string, 0, len(aObj)+len(bObj))
		for k := range aObj {
			keys = append(keys, k)
		}
		for k := range bObj {
			if _, ok := aObj[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		var out []Diff
		for _, k := range keys {
			x, ok := aObj[k]
			if !ok {
				x = missing{}
			}
			y, ok := bObj[k]
			if !ok {
				y = missing{}
			}
			out = append(out, diff(x, y, append(at(), k))...)
		}
		return out
	}
	_, aMissing := a.(missing)
	_, bMissing := b.(missing)
	switch {
	case reflect.DeepEqual(a, b):
		return nil
	case aMissing && b == nil, bMissing && a == nil: // undefined == null
		return []Diff{{Kind: DataType, Path: at(), Archive: a, Project: b}}
	case aMissing:
		return []Diff{{Kind: Added, Path: at(), Project: b}}
	case bMissing:
		return []Diff{{Kind: Deleted, Path: at(), Archive: a}}
	case looselyEqual(a, b):
		return []Diff{{Kind: DataType, Path: at(), Archive: a, Project: b}}
	}
	return []Diff{{Kind: Modified, Path: at(), Archive: a, Project: b}}
}

// missing stands for a key one side does not have (JavaScript's
// undefined, which null is not).
type missing struct{}

// looselyEqual is JavaScript's == between two JSON leaves of different
// types: a number and the string that spells it, a boolean and 0 or 1.
func looselyEqual(a, b any) bool {
	num := func(v any) (float64, bool) {
		switch t := v.(type) {
		case float64:
			return t, true
		case bool:
			if t {
				return 1, true
			}
			return 0, true
		case string:
			var f float64
			if _, err := fmt.Sscan(strings.TrimSpace(t), &f); err == nil || strings.TrimSpace(t) == "" {
				return f, true
			}
		}
		return 0, false
	}
	if a == nil || b == nil {
		return false // null == undefined only, and undefined is missing
	}
	x, okA := num(a)
	y, okB := num(b)
	return okA && okB && x == y
}

// uidOf is a type's uid, or a component's (category.name).
func uidOf(ct *schema.ContentType) string {
	if ct.Kind == schema.ComponentKind {
		return ct.Name
	}
	return ct.UID()
}

// v4System are the attributes Strapi 4 and 5 give every type differently
// (5 adds locale, localizations and publishedAt to every type and marks
// them otherwise): an archive of Strapi 4 is compared without them.
var v4System = []string{"createdAt", "updatedAt", "publishedAt", "createdBy", "updatedBy", "locale", "localizations"}

// CompareSchemasV4 compares the schemas of a Strapi 4 archive, whose
// system attributes are 4's, with the project's, as CompareSchemas does
// but for those attributes.
func CompareSchemasV4(archive map[string]any, s *schema.Schema) []Diff {
	project := projectSchemas(s)
	for _, side := range []map[string]any{archive, project} {
		for _, v := range side {
			if attrs, ok := v.(map[string]any)["attributes"].(map[string]any); ok {
				for _, name := range v4System {
					delete(attrs, name)
				}
			}
		}
	}
	return compareWith(archive, project, s)
}
