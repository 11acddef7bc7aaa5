package sqlgen_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// TestIdentAgrees: sqlgen quotes names as internal/database does for the
// tables it makes (the DDL), so a statement names the columns they hold.
// sqlgen keeps a copy of the one-line rule rather than import the
// connections' package.
func TestIdentAgrees(t *testing.T) {
	for _, name := range []string{"title", "order", `we"ird`, "", "MixedCase", "a b"} {
		if got, want := sqlgen.Ident(name), database.Ident(name); got != want {
			t.Errorf("Ident(%q) = %s, database.Ident: %s", name, got, want)
		}
	}
}
