package views

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/schema"
)

func platform(t *testing.T) *schema.Schema {
	t.Helper()
	s, err := schema.LoadDir(filepath.Join("..", "..", "content-types"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestOpenRefusesWhatTheSchemaHasNot: a views file naming a type or a
// field the schema does not have stops start-up, every problem named at
// once; an unknown key is a typo, not a default; no file and an empty
// file set nothing.
func TestOpenRefusesWhatTheSchemaHasNot(t *testing.T) {
	s := platform(t)
	dir := t.TempDir()
	open := func(body string) error {
		file := filepath.Join(dir, "views.yaml")
		os.WriteFile(file, []byte(body), 0o644)
		_, err := Open(file, s, false)
		return err
	}
	file := filepath.Join(dir, "views.yaml")
	err := open("program:\n  mainField: cover\nnothing:\n  pageSize: 10\nlearner:\n  sort: email:asc\n  columns: [email, user]\n")
	want := file + ":\n" +
		`  learner: column "user" is not a scalar field of it that a list shows` + "\n" +
		"  nothing: no such content type\n" +
		`  program: mainField "cover" is not a text, number, date or enumeration field of it, nor id or documentId`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	if err := open("program:\n  mainfield: title\n"); err == nil || !strings.Contains(err.Error(), "field mainfield not found in type views.View") {
		t.Errorf("a misspelt key: %v", err)
	}
	if err := open(""); err != nil {
		t.Errorf("an empty file: %v", err)
	}
	if _, err := Open(filepath.Join(dir, "none.yaml"), s, false); err != nil {
		t.Errorf("no file: %v", err)
	}
	st, err := Open(file, s, false)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.Set("program", View{MainField: "title"}); err != ErrReadOnly {
		t.Errorf("Set on a read-only store: %v", err)
	}
}
