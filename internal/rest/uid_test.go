package rest_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// uidProject writes a project of generated types: a uid of each kind
// (optional or required; no targetField, or one naming a string or a text
// field) and a type with two uids on one target, each target optional so
// that a body may leave it out. The policy lets the admin do everything.
func uidProject(t *testing.T, d database.Dialect) *apptest.Harness {
	t.Helper()
	types, conf := t.TempDir(), t.TempDir()
	write := func(dir, name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, req := range []bool{false, true} {
		for _, target := range []string{"", "name", "body"} {
			single := fmt.Sprintf("u%s%s", map[bool]string{false: "opt", true: "req"}[req], target)
			src := fmt.Sprintf("kind: collectionType\ninfo: {singularName: %s, pluralName: %ss}\nattributes:\n"+
				"  name: {type: string}\n  body: {type: text}\n  slug: {type: uid, required: %v", single, single, req)
			if target != "" {
				src += ", targetField: " + target
			}
			write(types, single+".yaml", src+"}\n")
		}
	}
	write(types, "twin.yaml", "kind: collectionType\ninfo: {singularName: twin, pluralName: twins}\nattributes:\n"+
		"  name: {type: string}\n  code: {type: uid, required: true, targetField: name}\n  alias: {type: uid, targetField: name}\n")
	write(conf, "permissions.yaml", "roles:\n  public: {actions: []}\n  authenticated: {actions: [users.me]}\n  admin: {actions: [\"*\"]}\n")
	cfg := apptest.Config(t, d)
	cfg.Paths.ContentTypes, cfg.Paths.Config = types, conf
	return apptest.NewWith(t, cfg)
}

// slugOf is the reference slug, Strapi's for ASCII text: the runs of
// letters and digits, lower-cased, joined by dashes.
func slugOf(text string) string {
	words := strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !(r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)))
	})
	return strings.Join(words, "-")
}

// TestUIDDerivedOnCreate: every uid field of every type of a generated
// project, required or optional, with and without targetField, given or
// absent, with its target given (as words, or as text with no letter or
// digit) or absent. Given, a uid is kept; absent, it is derived from its
// target field when that yields a slug, as Strapi derives it, made unique
// with -1, -2...; otherwise a required uid is the 400 of any missing
// required field and an optional one is null. The reference is computed
// from the case, not by Kiln's code.
func TestUIDDerivedOnCreate(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			h := uidProject(t, d)
			n, checked := 0, 0
			for _, ct := range h.App.Schema.Types {
				for _, a := range ct.Attributes {
					if a.Type != schema.UID {
						continue
					}
					path := "/api/" + ct.Plural
					for _, uidGiven := range []bool{true, false} {
						for _, target := range []string{"words", "blank", "absent"} {
							n++
							data := map[string]any{}
							for _, b := range ct.Attributes {
								if b.Type == schema.UID && b != a {
									data[b.Name] = fmt.Sprintf("%s-%d", b.Name, n)
								}
							}
							from := a.TargetField
							if from == "" {
								from = "name" // sent all the same: nothing derives from it
							}
							words := fmt.Sprintf("Hello, World %d!", n)
							switch target {
							case "words":
								data[from] = words
							case "blank":
								data[from] = "!!! ???"
							}
							given := fmt.Sprintf("given-%d", n)
							if uidGiven {
								data[a.Name] = given
							}
							r := h.Do("POST", path, map[string]any{"data": data})
							var want any // the uid answered; nil: null
							switch {
							case uidGiven:
								want = given
							case a.TargetField != "" && target == "words":
								want = slugOf(words)
							case a.Required:
								st, name, msg, details := h.ErrorOf(r)
								list, _ := details["errors"].([]any)
								if st != 400 || name != "ValidationError" || msg != a.Name+" must be defined." || len(list) != 1 ||
									fmt.Sprint(list[0].(map[string]any)["path"]) != "["+a.Name+"]" {
									t.Errorf("%s.%s (required, targetField %q), target %s, no uid: %d %s, want 400 %q",
										ct.Name, a.Name, a.TargetField, target, r.Status, r.Body, a.Name+" must be defined.")
								}
								checked++
								continue
							}
							if r.Status != 201 {
								t.Errorf("%s.%s (required %v, targetField %q), uid given %v, target %s: %d %s, want 201",
									ct.Name, a.Name, a.Required, a.TargetField, uidGiven, target, r.Status, r.Body)
								continue
							}
							if got := r.JSON(t)["data"].(map[string]any)[a.Name]; got != want {
								t.Errorf("%s.%s (required %v, targetField %q), uid given %v, target %s: %s is %v, want %v",
									ct.Name, a.Name, a.Required, a.TargetField, uidGiven, target, a.Name, got, want)
							}
							checked++
						}
					}
					if a.TargetField == "" {
						continue
					}
					// The same target again: the next free suffix.
					same := "Same Title of " + ct.Name + " " + a.Name
					for i, suffix := range []string{"", "-1", "-2"} {
						data := map[string]any{a.TargetField: same}
						for _, b := range ct.Attributes {
							if b.Type == schema.UID && b != a {
								data[b.Name] = fmt.Sprintf("%s-again-%d", b.Name, i)
							}
						}
						r := h.Do("POST", path, map[string]any{"data": data})
						if want := slugOf(same) + suffix; r.Status != 201 || r.JSON(t)["data"].(map[string]any)[a.Name] != want {
							t.Errorf("%s.%s from %q, time %d: %d %s, want %s %q", ct.Name, a.Name, same, i+1, r.Status, r.Body, a.Name, want)
						}
						checked++
					}
				}
			}
			if checked != 8*6+6*3 {
				t.Errorf("%d cases checked, want %d: 8 uids of 6 cases, the 6 with a targetField 3 more", checked, 8*6+6*3)
			}
		})
	}
}
