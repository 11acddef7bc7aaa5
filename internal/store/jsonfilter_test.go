package store_test

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/jsontext"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// TestJSONTextSameOnBothDatabases: the text json filters compare is
// PostgreSQL's own jsonb::text there and jsontext.Canonical, called as an
// SQL function, on SQLite; both must equal Canonical for every document.
func TestJSONTextSameOnBothDatabases(t *testing.T) {
	t.Parallel()
	docs := []string{
		`["leadership","career"]`, `{"bb":1,"a":[1,{"c":"x"}],"b":null,"a":2,"ccc":true,"B":false}`,
		`["x\u00e9\n\u001f\/` + "\u007f" + `\t\"\\\b\f\r","\u2028",{},[],"\ud83d\ude00"]`,
		` { "k" : [ 1.50 , 1e3, -0, 1E-2, 0.0e-3, -12.340e+2, 123456789012345678901234567890 ] } `,
		`"plain"`, `null`, `true`, `{"ü":1,"z":2,"éé":3}`,
	}
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		q := "SELECT kiln_json_text(?)"
		if db.Dialect == database.Postgres {
			q = "SELECT CAST(CAST(? AS JSONB) AS TEXT)"
		}
		for _, d := range docs {
			want, err := jsontext.Canonical([]byte(d))
			if err != nil {
				t.Fatalf("Canonical(%s): %v", d, err)
			}
			var got string
			if err := db.QueryRowContext(ctx, q, d).Scan(&got); err != nil {
				t.Fatalf("%s: %v", d, err)
			}
			if got != want {
				t.Errorf("%s: database %s, Canonical %s", d, got, want)
			}
		}
	})
}
