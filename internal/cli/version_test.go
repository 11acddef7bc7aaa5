package cli

import (
	"runtime/debug"
	"testing"
)

// TestKilnVersion: a program of one's own reports the Kiln it was built
// with, not its own module's version.
func TestKilnVersion(t *testing.T) {
	for _, c := range []struct {
		bi   debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{Main: debug.Module{Path: module, Version: "v1.4.0"}}, "v1.4.0"},
		{debug.BuildInfo{Main: debug.Module{Path: module, Version: "(devel)"}}, "dev"},
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/bookshelf", Version: "v0.3.0"},
			Deps: []*debug.Module{{Path: "github.com/gofiber/fiber/v2", Version: "v2.52.15"}, {Path: module, Version: "v1.5.2"}}}, "v1.5.2"},
		{debug.BuildInfo{Main: debug.Module{Path: "example.com/bookshelf", Version: "v0.3.0"},
			Deps: []*debug.Module{{Path: module, Version: "v0.0.0", Replace: &debug.Module{Path: "../.."}}}}, "dev"},
	} {
		if got := kilnVersion(&c.bi, "dev"); got != c.want {
			t.Errorf("%s with %v: %q, want %q", c.bi.Main.Path, c.bi.Deps, got, c.want)
		}
	}
}
