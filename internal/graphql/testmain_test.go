package graphql_test

import (
	"os"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestMain drops the databases the tests made (apptest.Main).
func TestMain(m *testing.M) { os.Exit(apptest.Main(m)) }
