package openapi_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestProgramGolden pins the program type's part of the v2 and v1
// documents: its entry, bodies and envelopes, and its five operations. A
// change to the generator shows here as a diff to review; rewrite the
// files with go test ./internal/openapi -run Golden -update.
func TestProgramGolden(t *testing.T) {
	h := newHarness(t)
	docs := served(t, h)
	for _, name := range []string{"v2", "v1"} {
		doc := decode(t, docs[name])
		schemas := doc["components"].(map[string]any)["schemas"].(map[string]any)
		paths := doc["paths"].(map[string]any)
		prefix := "/api/" + name
		part := map[string]any{"schemas": map[string]any{}, "paths": map[string]any{
			prefix + "/programs":      paths[prefix+"/programs"],
			prefix + "/programs/{id}": paths[prefix+"/programs/{id}"],
		}}
		for _, s := range []string{"program", "programCreate", "programUpdate", "programList", "programResponse"} {
			part["schemas"].(map[string]any)[s] = schemas[s]
		}
		checkGolden(t, filepath.Join("testdata", "program."+name+".json"), part)
	}
}

// checkGolden compares part, as indented JSON, with the golden file, or
// rewrites the file under -update.
func checkGolden(t *testing.T, file string, part any) {
	t.Helper()
	got, err := json.MarshalIndent(part, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the generated one (-update rewrites it):\n%s", file, firstDiff(string(want), string(got)))
	}
}

// firstDiff shows the first differing line with some context.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return "line " + itoa(i+1) + ":\n  want: " + a + "\n  got:  " + b
		}
	}
	return "(same lines, different bytes)"
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
