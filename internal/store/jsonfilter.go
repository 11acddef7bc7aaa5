package store

import (
	"database/sql/driver"

	"modernc.org/sqlite"

	"github.com/kiln-cms/kiln/internal/jsontext"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// The SQLite functions sqlgen's json filters call (sqlgen.JSONTextFunc,
// JSONKeyFunc), registered with the driver: a statement's text is
// sqlgen's, what runs it is the store's.
func init() {
	sqlite.MustRegisterDeterministicScalarFunction(sqlgen.JSONTextFunc, 1, sqliteJSON(jsontext.Canonical))
	sqlite.MustRegisterDeterministicScalarFunction(sqlgen.JSONKeyFunc, 1, sqliteJSON(jsontext.Key))
}

// sqliteJSON is form as an SQLite function of one json column.
func sqliteJSON(form func([]byte) (string, error)) func(*sqlite.FunctionContext, []driver.Value) (driver.Value, error) {
	return func(_ *sqlite.FunctionContext, args []driver.Value) (driver.Value, error) {
		var raw []byte
		switch x := args[0].(type) {
		case string:
			raw = []byte(x)
		case []byte:
			raw = x
		default: // NULL
			return nil, nil
		}
		s, err := form(raw)
		if err != nil { // not JSON Kiln wrote: matches nothing, as NULL
			return nil, nil
		}
		return s, nil
	}
}
