package cli

import (
	"os"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestMain drops the databases the tests made and names the tests that
// skipped for want of a service (apptest.Main), and removes the kiln
// binary the tests shared (buildKiln).
func TestMain(m *testing.M) {
	code := apptest.Main(m)
	if kilnBinary.dir != "" {
		os.RemoveAll(kilnBinary.dir)
	}
	os.Exit(code)
}
