package account_test

import (
	"os"
	"testing"

	"github.com/kiln-cms/kiln/internal/testmain"
)

// TestMain drops the databases the tests made and names the tests that
// skipped for want of a service (testmain.Run).
func TestMain(m *testing.M) { os.Exit(testmain.Run(m)) }
