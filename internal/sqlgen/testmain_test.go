package sqlgen_test

import (
	"os"
	"testing"

	"github.com/kiln-cms/kiln/internal/testmain"
)

// TestMain drops the databases the tests made and names the tests that
// skipped for want of a service (testmain.Run); this package's tests make
// none and need none.
func TestMain(m *testing.M) { os.Exit(testmain.Run(m)) }
