package rest_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
)

// gaugeType has range rules validator could not apply to an integer (a
// bound with a fraction, one beyond int64), and a biginteger bound above
// 2^53, which must be compared exactly, not through a float64.
const gaugeType = `kind: collectionType
info: {singularName: gauge, pluralName: gauges}
attributes:
  level: {type: integer, min: 1.5, max: 1e20}
  big: {type: biginteger, max: 9007199254740992}
`

// TestIntegerRulesWithAnyBound: an integer's min and max may be any number
// the YAML takes; a value outside them is a 400 in Strapi's words, never a
// 500 (validator panicked parsing "1.5" or "1e20" as an integer).
func TestIntegerRulesWithAnyBound(t *testing.T) {
	t.Parallel()
	for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
		t.Run(d.String(), func(t *testing.T) {
			h := withTypes(t, d, map[string]string{"gauge.yaml": gaugeType})
			tests := []struct {
				data   map[string]any
				status int
				msg    string
			}{
				{map[string]any{"level": 1}, 400, "level must be greater than or equal to 1.5"},
				{map[string]any{"level": 2}, 201, ""},
				{map[string]any{"level": 2147483647}, 201, ""},
				{map[string]any{"big": "9007199254740992"}, 201, ""},
				{map[string]any{"big": "9007199254740993"}, 400, "big must be less than or equal to 9007199254740992"},
			}
			for _, tt := range tests {
				r := h.Do("POST", "/api/gauges", map[string]any{"data": tt.data})
				if r.Status != tt.status {
					t.Errorf("%v: %d %s, want %d", tt.data, r.Status, r.Body, tt.status)
					continue
				}
				if tt.status == 400 {
					if _, name, msg, _ := h.ErrorOf(r); name != "ValidationError" || msg != tt.msg {
						t.Errorf("%v: %s %q, want ValidationError %q", tt.data, name, msg, tt.msg)
					}
				}
			}
		})
	}
}
