package cli

import (
	"os"
	"regexp"
	"testing"
)

// TestReadmeNamesGoModsGoVersion: the Go the README asks for is the one
// go.mod's go line requires, not an older release that cannot build it.
func TestReadmeNamesGoModsGoVersion(t *testing.T) {
	mod, err := os.ReadFile("../../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	need := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(mod)
	if need == nil {
		t.Fatal("go.mod has no go line")
	}
	said := regexp.MustCompile(`only Go \((\S+) or later\)`).FindSubmatch(readme)
	if said == nil {
		t.Fatal(`README.md no longer says "only Go (X or later)"`)
	}
	if string(said[1]) != string(need[1]) {
		t.Errorf("README.md asks for Go %s or later; go.mod needs %s", said[1], need[1])
	}
}
