package all_test

import (
	"os"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestMain drops the databases the tests made and names the tests that
// skipped for want of a service (apptest.Main).
func TestMain(m *testing.M) { os.Exit(apptest.Main(m)) }
