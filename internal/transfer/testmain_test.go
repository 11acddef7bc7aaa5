package transfer

import (
	"os"
	"testing"

	"github.com/kiln-cms/kiln/internal/storage/s3test"
)

// TestMain shares one S3 server among the package's tests, and drops the
// test databases at the end.
func TestMain(m *testing.M) { os.Exit(s3test.Main(m)) }
