// Package plugintables turns the tables plugins declare (plugin.Tabler)
// into the migrations' form: wiring, kept out of the plugin contract so
// that core/plugin's API names no migration type.
package plugintables

import (
	"fmt"
	"strings"

	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// Extra is what the plugins add to the migrations on a dialect: the tables
// they declare (Tabler) and their constraints. The app passes it to every
// migration, `kiln migrate --dry-run` included.
func Extra(plugins []plugin.Plugin, d schema.Dialect) (migrate.Extra, error) {
	var out migrate.Extra
	seen := map[string]string{}
	for _, p := range plugins {
		tp, ok := p.(plugin.Tabler)
		if !ok {
			continue
		}
		for _, t := range tp.Tables() {
			if other, dup := seen[t.Name]; dup {
				return out, fmt.Errorf("plugin %q: table %q is already declared by plugin %q", p.Name(), t.Name, other)
			}
			seen[t.Name] = p.Name()
			def, err := tableDef(d, t)
			if err != nil {
				return out, fmt.Errorf("plugin %q: %w", p.Name(), err)
			}
			out.Tables = append(out.Tables, def)
			for _, c := range t.Constraints {
				out.Constraints = append(out.Constraints, migrate.ConstraintDef{Table: c.Table, Name: c.Name, Before: c.Before, SQL: c.SQL})
			}
		}
	}
	return out, nil
}

// tableDef turns a declared table into the migrations' form: its columns
// typed as fields are, its key NOT NULL and unique, a unique index for
// each unique column.
func tableDef(d schema.Dialect, t plugin.Table) (migrate.TableDef, error) {
	if t.Name == "" || len(t.Columns) == 0 || len(t.Key) == 0 {
		return migrate.TableDef{}, fmt.Errorf("table %q needs a name, columns and a key", t.Name)
	}
	def := migrate.TableDef{Name: t.Name}
	key := map[string]bool{}
	for _, k := range t.Key {
		key[k] = true
	}
	for _, c := range t.Columns {
		if !c.Type.Valid() || c.Type == schema.Relation {
			return def, fmt.Errorf("table %q: column %q has no field type %q", t.Name, c.Name, c.Type)
		}
		def.Columns = append(def.Columns, migrate.ColumnDef{Name: c.Name, Type: migrate.ColumnType(d, c.Type), NotNull: c.Required || key[c.Name]})
		if c.Unique && !(len(t.Key) == 1 && key[c.Name]) {
			def.Indexes = append(def.Indexes, migrate.IndexDef{Name: indexName(t.Name, c.Name, "uq"), Columns: []string{c.Name}, Unique: true})
		}
		delete(key, c.Name)
	}
	if len(key) > 0 {
		return def, fmt.Errorf("table %q: key columns %s are not columns", t.Name, strings.Join(t.Key, ", "))
	}
	def.Indexes = append(def.Indexes, migrate.IndexDef{Name: indexName(t.Name, "key"), Columns: t.Key, Unique: true})
	return def, nil
}

// indexName is parts joined by "_", shortened as Kiln shortens its other
// identifiers only past PostgreSQL's 63 bytes, where the database would
// cut it and two long names could meet; a name that fits stays as every
// earlier version wrote it.
func indexName(parts ...string) string {
	if name := strings.Join(parts, "_"); len(name) <= 63 {
		return name
	}
	return schema.Identifier(parts...)
}
