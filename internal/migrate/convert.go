package migrate

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// typeChange is a column kept under the same name with another type.
type typeChange struct {
	old, new         ColumnDef
	oldField, newFld schema.FieldType
	conv             schema.Conversion
}

// convert returns the conversion of column col from one definition to
// another on the dialect, and whether there is anything to do: on SQLite a
// date becoming a string is TEXT before and after, and needs nothing. The
// new field's kind writes the conversion (see schema.Kind.ConvertFrom).
func convert(d database.Dialect, col string, from, to ColumnDef, fromF, toF schema.FieldType) (schema.Conversion, bool) {
	if d == database.Postgres && from.Type == to.Type {
		return schema.Conversion{}, false
	}
	c := columnKind(d, toF, to.Type).ConvertFrom(d, columnKind(d, fromF, from.Type), database.Ident(col))
	return c, d == database.Postgres || from.Type != to.Type || c.Expr != database.Ident(col) || c.Check != ""
}

// columnKind is the kind a column holds: its field type's, when the
// snapshot recorded one, else the kind its SQL type is the column of.
func columnKind(d database.Dialect, f schema.FieldType, sqlType string) schema.Kind {
	if k := schema.KindOf(f); k != nil {
		return k
	}
	return schema.KindOfColumn(d, sqlType)
}
