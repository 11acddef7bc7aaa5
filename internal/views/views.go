// Package views is how the admin panel shows each content type, Strapi's
// "Configure the view": the field that names an entry (its main field:
// relations, lists and titles show it), and the list's columns, page size
// and sort. It is kept in the project, as config/views.yaml, which the
// panel writes when the deployment allows it (admin.yaml development:
// true); a type it does not name gets the defaults, as Strapi's do
// (docs/admin.md, "Configure the view").
package views

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"

	"github.com/kiln-cms/kiln/core/schema"
)

// View is one type's view. Zero values are the defaults.
type View struct {
	// MainField names an entry: a text, number, date or enumeration
	// field, or id or documentId.
	MainField string `yaml:"mainField,omitempty" json:"mainField"`
	// Columns are the list's columns, in order: scalar fields.
	Columns []string `yaml:"columns,omitempty,flow" json:"columns"`
	// PageSize is the list's page size, 1 to 100.
	PageSize int `yaml:"pageSize,omitempty" json:"pageSize"`
	// Sort is the list's order, "<field>:asc" or "<field>:desc".
	Sort string `yaml:"sort,omitempty" json:"sort"`
}

// Defaults of a type's view: Strapi's main field (the first string field,
// or id), the first five scalar fields as columns, 25 a page, the
// server's order.
const (
	DefaultPageSize = 25
	defaultColumns  = 5
	maxPageSize     = 100
)

// Store is a project's views: read from its file at start-up, changed
// by Set, which writes the file.
type Store struct {
	file     string
	schema   *schema.Schema
	editable bool

	mu  sync.Mutex
	set map[string]View // by type name, as the file keys them
}

// ErrReadOnly is Set on a deployment that does not write the file.
var ErrReadOnly = errors.New("views are read-only")

// Open reads file (none is no view set) and checks every view in it
// against s: an unknown type or field stops start-up, naming it. editable
// says whether Set may write the file.
func Open(file string, s *schema.Schema, editable bool) (*Store, error) {
	st := &Store{file: file, schema: s, editable: editable, set: map[string]View{}}
	b, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return st, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&st.set); err != nil && !errors.Is(err, io.EOF) { // an empty file sets nothing
		return nil, fmt.Errorf("reading %s: %w", file, err)
	}
	var probs []string
	for name, v := range st.set {
		if err := Check(s, name, v); err != nil {
			probs = append(probs, err.Error())
		}
	}
	if len(probs) > 0 {
		sort.Strings(probs)
		return nil, fmt.Errorf("%s:\n  %s", file, strings.Join(probs, "\n  "))
	}
	return st, nil
}

// File is where the views are kept.
func (st *Store) File() string { return st.file }

// Editable says whether Set writes the file.
func (st *Store) Editable() bool { return st.editable }

// All are the views of every content type the panel shows, by uid: what
// the file sets, the defaults for the rest.
func (st *Store) All() map[string]View {
	st.mu.Lock()
	defer st.mu.Unlock()
	out := make(map[string]View, len(st.schema.Types))
	for _, ct := range st.schema.Types {
		out[ct.UID()] = withDefaults(ct, st.set[ct.Name])
	}
	return out
}

// Set checks v, keeps it as the view of the type named typeName and
// writes the file, which then holds every view set, types in name order.
// It answers the view with its defaults.
func (st *Store) Set(typeName string, v View) (View, error) {
	if !st.editable {
		return View{}, ErrReadOnly
	}
	if err := Check(st.schema, typeName, v); err != nil {
		return View{}, err
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	next := maps.Clone(st.set)
	next[typeName] = v
	if err := write(st.file, next); err != nil {
		return View{}, err
	}
	st.set = next
	return withDefaults(st.schema.Type(typeName), v), nil
}

// header opens the file the panel writes.
const header = "# How the admin panel shows each type (Strapi's \"Configure the view\"):\n" +
	"# an entry's main field, the list's columns, page size and sort.\n" +
	"# Written by the panel when config/admin.yaml sets development: true;\n" +
	"# docs/admin.md, \"Configure the view\".\n"

// write replaces the file whole (a temporary file renamed over it), so a
// reader never sees half of it.
func write(file string, set map[string]View) error {
	body, err := yaml.Marshal(set) // yaml.v3 sorts a map's keys
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".views-*.yaml")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.WriteString(header + string(body)); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}

// withDefaults is v with what it leaves unset filled as Strapi does.
func withDefaults(ct *schema.ContentType, v View) View {
	if v.MainField == "" {
		v.MainField = DefaultMainField(ct)
	}
	if len(v.Columns) == 0 {
		for _, a := range ct.Attributes {
			if len(v.Columns) < defaultColumns && isColumn(a) {
				v.Columns = append(v.Columns, a.Name)
			}
		}
		if v.Columns == nil {
			v.Columns = []string{}
		}
	}
	if v.PageSize == 0 {
		v.PageSize = DefaultPageSize
	}
	return v
}

// DefaultMainField is Strapi's: the type's first string field, or id.
func DefaultMainField(ct *schema.ContentType) string {
	for _, a := range ct.Attributes {
		if a.Type == schema.String && !a.IsPrivate() {
			return a.Name
		}
	}
	return "id"
}

// namingTypes are the kinds a main field may be: one short value that
// reads as a name.
var namingTypes = []schema.FieldType{schema.String, schema.Text, schema.Email, schema.UID, schema.Enumeration,
	schema.Integer, schema.BigInteger, schema.Float, schema.Decimal, schema.Date, schema.DateTime, schema.Time}

// isColumn reports whether a list shows a as a column: a scalar field a
// caller may read.
func isColumn(a *schema.Attribute) bool {
	return !a.IsPrivate() && (a.Type == schema.Boolean || slices.Contains(namingTypes, a.Type))
}

// Problem is what is wrong with a view, naming its type and field.
type Problem string

func (p Problem) Error() string { return string(p) }

// Check says what is wrong with v as the view of the type named
// typeName (a Problem), or nil.
func Check(s *schema.Schema, typeName string, v View) error {
	if msg := check(s, typeName, v); msg != "" {
		return Problem(msg)
	}
	return nil
}

func check(s *schema.Schema, typeName string, v View) string {
	ct := s.Type(typeName)
	if ct == nil {
		return fmt.Sprintf("%s: no such content type", typeName)
	}
	field := func(name string) *schema.Attribute {
		for _, a := range ct.Attributes {
			if a.Name == name {
				return a
			}
		}
		return nil
	}
	if m := v.MainField; m != "" && m != "id" && m != "documentId" {
		a := field(m)
		if a == nil || a.IsPrivate() || !slices.Contains(namingTypes, a.Type) {
			return fmt.Sprintf("%s: mainField %q is not a text, number, date or enumeration field of it, nor id or documentId", typeName, m)
		}
	}
	seen := map[string]bool{}
	for _, c := range v.Columns {
		if a := field(c); a == nil || !isColumn(a) {
			return fmt.Sprintf("%s: column %q is not a scalar field of it that a list shows", typeName, c)
		}
		if seen[c] {
			return fmt.Sprintf("%s: column %q is listed twice", typeName, c)
		}
		seen[c] = true
	}
	if v.PageSize < 0 || v.PageSize > maxPageSize {
		return fmt.Sprintf("%s: pageSize %d is not between 1 and %d", typeName, v.PageSize, maxPageSize)
	}
	if v.Sort != "" {
		name, order, _ := strings.Cut(v.Sort, ":")
		a := field(name)
		known := name == "id" || name == "createdAt" || name == "updatedAt" || (a != nil && isColumn(a))
		if !known || (order != "asc" && order != "desc") {
			return fmt.Sprintf("%s: sort %q is not \"<field>:asc\" or \"<field>:desc\" of a column's field, id, createdAt or updatedAt", typeName, v.Sort)
		}
	}
	return ""
}
