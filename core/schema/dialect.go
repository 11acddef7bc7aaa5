package schema

// Dialect is the database family. It lives here, not in internal/store, because
// a field kind's column type, binding and migration SQL depend on it; the
// store's Dialect is this type.
type Dialect int

// The supported databases.
const (
	SQLite Dialect = iota
	Postgres
)

func (d Dialect) String() string {
	if d == Postgres {
		return "postgres"
	}
	return "sqlite"
}
