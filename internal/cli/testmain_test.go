package cli

import (
	"os"
	"testing"

	"github.com/kiln-cms/kiln/internal/storage/s3test"
)

// TestMain drops the databases the tests made and names the tests that
// skipped for want of a service (apptest.Main's work, which s3test.Main
// does too), stops the S3 server the media move tests share, and removes
// the kiln binary the tests shared (buildKiln).
func TestMain(m *testing.M) {
	code := s3test.Main(m)
	if kilnBinary.dir != "" {
		os.RemoveAll(kilnBinary.dir)
	}
	os.Exit(code)
}
