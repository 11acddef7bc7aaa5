package graphql

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/internal/jsonw"
)

// The plugins' fields (plugin.API.GraphQL): their types and fields join
// the schema, each answered by its resolver under its action, and the
// value it returns is written following the selection set.

// pluginFieldName is a registered field's name.
func pluginFieldName(f plugin.RegisteredField) string {
	name := strings.TrimSpace(f.Field)
	if i := strings.IndexAny(name, "(: "); i > 0 {
		name = name[:i]
	}
	return name
}

// writePluginTypes adds each plugin's types as a block of its own.
func (w *sdl) writePluginTypes(fields []plugin.RegisteredField) {
	for i, f := range fields {
		if strings.TrimSpace(f.Types) == "" {
			continue
		}
		w.def("plugin " + f.Plugin + " " + pluginFieldName(f) + " " + string(rune('0'+i%10)))
		w.line("%s", f.Types)
	}
}

// writePluginFields adds the plugins' fields of one root.
func (w *sdl) writePluginFields(fields []plugin.RegisteredField, mutation bool) {
	for _, f := range fields {
		if f.Mutation != mutation {
			continue
		}
		if f.Description != "" {
			w.line("  %q", f.Description)
		}
		w.line("  %s", strings.TrimSpace(f.Field))
	}
}

// pluginField answers a plugin's root field; ok is false for any other.
func (x *exec) pluginField(b []byte, rootName string, f *ast.Field) (out []byte, ok bool, err error) {
	pf, ok := x.s.Schema.m.plugins[rootName+"."+f.Name]
	if !ok {
		return nil, false, nil
	}
	if err := x.s.Allow(x.c, pf.Action); err != nil {
		return nil, true, err
	}
	switch {
	case pf.ResolveRows != nil:
		out, err := x.pluginRows(b, pf, f)
		return out, true, err
	case pf.Entries != nil:
		out, err := x.pluginEntries(b, pf, f)
		return out, true, err
	}
	v, err := pf.Resolve(x.c, f.ArgumentMap(x.vars))
	if err != nil {
		return nil, true, err
	}
	plain, err := plainValue(v)
	if err != nil {
		return nil, true, errs.New(errs.KindInternal, "plugin "+pf.Plugin+": the value of "+f.Name+" is not JSON").Wrap(err)
	}
	return x.appendValue(b, plain, f), true, nil
}

// plainValue is v as decoded JSON (maps, slices, json.Number, strings,
// booleans, nil): a struct by its JSON names, a time as JSON writes it.
func plainValue(v any) (any, error) {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var out any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	err = dec.Decode(&out)
	return out, err
}

// appendValue writes a plain value as f's selection asks.
func (x *exec) appendValue(b []byte, v any, f *ast.Field) []byte {
	switch t := v.(type) {
	case nil:
		return append(b, "null"...)
	case []any:
		b = append(b, '[')
		for i, it := range t {
			if i > 0 {
				b = append(b, ',')
			}
			b = x.appendValue(b, it, f)
		}
		return append(b, ']')
	case map[string]any:
		return x.appendObject(b, f.SelectionSet, fieldType(f), func(b []byte, g *ast.Field) []byte {
			return x.appendValue(b, t[g.Name], g)
		})
	case json.Number:
		return append(b, t...)
	case string:
		return jsonw.AppendString(b, t)
	case bool:
		if t {
			return append(b, "true"...)
		}
		return append(b, "false"...)
	}
	return append(b, "null"...)
}

// pluginEntries answers a plugin's field of entries: the selection and
// the list arguments compiled into a query as a list of the type is, the
// plugin's read, then the entries written as any list's.
func (x *exec) pluginEntries(b []byte, pf plugin.RegisteredField, f *ast.Field) ([]byte, error) {
	args := f.ArgumentMap(x.vars)
	q, err := x.rootQuery(root{ct: pf.Entries, op: opFind}, f, args)
	if err != nil {
		return nil, err
	}
	if x.s.AllowStatus != nil {
		if err := x.s.AllowStatus(x.c, pf.Entries, q.Status); err != nil {
			return nil, err
		}
	}
	list, err := pf.ResolveEntries(x.c, args, q)
	if err != nil {
		return nil, err
	}
	// What the caller may see, as the plugin read it (API.ReadOptions):
	// the field's action stands for the type's find.
	var ro entry.ReadOptions
	if x.s.ReadOptions != nil {
		ro = x.s.ReadOptions(x.c)
	}
	if err := x.loadExtras(list, q.Status, x.budget(ro)); err != nil {
		return nil, err
	}
	if f.Definition != nil && f.Definition.Type.Elem != nil {
		return x.appendEntries(b, list, f.SelectionSet), nil
	}
	if len(list) == 0 {
		return append(b, "null"...), nil
	}
	return x.appendEntry(b, list[0], f.SelectionSet), nil
}

// pluginRows answers a plugin's field of rows, each an entry and the
// plugin's values about it: the selection under the rows' EntriesAt field
// and the field's list arguments compiled into a query of the entries'
// type, the plugin's read, the fields the entries' selection reads apart
// read once for all the rows, then each row written as an object of the
// rows' type.
func (x *exec) pluginRows(b []byte, pf plugin.RegisteredField, f *ast.Field) ([]byte, error) {
	args := f.ArgumentMap(x.vars)
	sub := *f
	sub.SelectionSet = x.namedSet(f.SelectionSet, fieldType(f), pf.EntriesAt)
	q, err := x.rootQuery(root{ct: pf.Entries, op: opFind}, &sub, args)
	if err != nil {
		return nil, err
	}
	if x.s.AllowStatus != nil {
		if err := x.s.AllowStatus(x.c, pf.Entries, q.Status); err != nil {
			return nil, err
		}
	}
	rows, err := pf.ResolveRows(x.c, args, q)
	if err != nil {
		return nil, err
	}
	entries := make([]*entry.Entry, 0, len(rows))
	values := make([]map[string]any, len(rows))
	for i, r := range rows {
		if r.Entry != nil {
			entries = append(entries, r.Entry)
		}
		plain, err := plainValue(r.Values)
		m, ok := plain.(map[string]any)
		if err != nil || (!ok && plain != nil) {
			return nil, errs.New(errs.KindInternal, "plugin "+pf.Plugin+": the values of a row of "+f.Name+" are no JSON object").Wrap(err)
		}
		values[i] = m
	}
	var ro entry.ReadOptions
	if x.s.ReadOptions != nil {
		ro = x.s.ReadOptions(x.c)
	}
	if err := x.loadExtras(entries, q.Status, x.budget(ro)); err != nil {
		return nil, err
	}
	if f.Definition == nil || f.Definition.Type.Elem == nil {
		if len(rows) == 0 {
			return append(b, "null"...), nil
		}
		return x.appendRow(b, rows[0].Entry, values[0], pf.EntriesAt, f), nil
	}
	b = append(b, '[')
	for i, r := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		x.path = append(x.path, pathElem{index: i})
		b = x.appendRow(b, r.Entry, values[i], pf.EntriesAt, f)
		x.path = x.path[:len(x.path)-1]
	}
	return append(b, ']'), nil
}

// appendRow writes one row of a plugin's rows field: the entry at the
// field at, following its selection, and values at the other fields.
func (x *exec) appendRow(b []byte, e *entry.Entry, values map[string]any, at string, f *ast.Field) []byte {
	return x.appendObject(b, f.SelectionSet, fieldType(f), func(b []byte, g *ast.Field) []byte {
		if g.Name != at {
			return x.appendValue(b, values[g.Name], g)
		}
		x.path = append(x.path, pathElem{name: responseKey(g)})
		b = x.appendEntry(b, e, g.SelectionSet)
		x.path = x.path[:len(x.path)-1]
		return b
	})
}

// checkRows checks the plugins' fields of rows against the loaded schema:
// the rows' type is an object type whose field EntriesAt has the object
// type of the entries' content type, nullable, as the writer takes it.
func checkRows(s *ast.Schema, fields []plugin.RegisteredField) error {
	for _, f := range fields {
		if f.ResolveRows == nil {
			continue
		}
		rootName := "Query"
		if f.Mutation {
			rootName = "Mutation"
		}
		name, want := pluginFieldName(f), typeName(f.Entries)
		def := s.Types[rootName].Fields.ForName(name)
		if def == nil {
			return fmt.Errorf("plugin %q: field %s is not in %s", f.Plugin, name, rootName)
		}
		var at *ast.FieldDefinition
		if rows := s.Types[def.Type.Name()]; rows != nil && rows.Kind == ast.Object {
			at = rows.Fields.ForName(f.EntriesAt)
		}
		// Nullable: an entry a failed non-null field of its own empties
		// is written null (appendEntry).
		if at == nil || at.Type.Elem != nil || at.Type.NonNull || at.Type.Name() != want {
			return fmt.Errorf("plugin %q: field %s answers rows of %s entries, so its type %s needs a field %s: %s (nullable)",
				f.Plugin, name, want, def.Type.Name(), f.EntriesAt, want)
		}
	}
	return nil
}
