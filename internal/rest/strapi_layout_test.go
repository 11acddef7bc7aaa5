package rest_test

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/database"
)

// eachLayout runs fn on SQLite and, when configured, PostgreSQL, with an
// app of testdata/strapi-layout read from each of its layouts: src/, a
// Strapi project's as Strapi writes it, and content-types/, the same
// types in Kiln's YAML.
func eachLayout(t *testing.T, fn func(t *testing.T, h *apptest.Harness)) {
	for _, layout := range []string{"src", "content-types"} {
		for _, d := range []database.Dialect{database.SQLite, database.Postgres} {
			t.Run(layout+"/"+d.String(), func(t *testing.T) {
				t.Parallel()
				cfg := apptest.Config(t, d)
				project := filepath.Join(apptest.Root(t), "testdata", "strapi-layout")
				cfg.Paths.ContentTypes = filepath.Join(project, layout)
				cfg.Paths.Config = filepath.Join(project, "config")
				fn(t, apptest.NewWith(t, cfg))
			})
		}
	}
}

// synopsis is a blocks value of every block kind but image (which names
// a file of the media library), as a client sends it.
const synopsis = `[{"type":"heading","level":2,"children":[{"type":"text","text":"Paris, 1961"}]},` +
	`{"type":"paragraph","children":[{"type":"text","text":"A singer waits for ","italic":true},{"type":"link","url":"https://example.test/results","children":[{"type":"text","text":"her results"}]},{"type":"text","text":"."}]},` +
	`{"type":"list","format":"unordered","children":[{"type":"list-item","children":[{"type":"text","text":"Cléo"}]},{"type":"list","format":"ordered","children":[{"type":"list-item","children":[{"type":"text","text":"Angèle","bold":true}]}]}]},` +
	`{"type":"quote","children":[{"type":"text","text":"Ugliness is a kind of death."}]},` +
	`{"type":"code","language":null,"children":[{"type":"text","text":"17:00-18:30"}]}]`

// synopsisStored is synopsis as stored and answered: the same document,
// keys sorted (docs/field-kinds.md, json).
const synopsisStored = `[{"children":[{"text":"Paris, 1961","type":"text"}],"level":2,"type":"heading"},` +
	`{"children":[{"italic":true,"text":"A singer waits for ","type":"text"},{"children":[{"text":"her results","type":"text"}],"type":"link","url":"https://example.test/results"},{"text":".","type":"text"}],"type":"paragraph"},` +
	`{"children":[{"children":[{"text":"Cléo","type":"text"}],"type":"list-item"},{"children":[{"children":[{"bold":true,"text":"Angèle","type":"text"}],"type":"list-item"}],"format":"ordered","type":"list"}],"format":"unordered","type":"list"},` +
	`{"children":[{"text":"Ugliness is a kind of death.","type":"text"}],"type":"quote"},` +
	`{"children":[{"text":"17:00-18:30","type":"text"}],"language":null,"type":"code"}]`

// TestStrapiLayoutServed: a project in Strapi's layout is migrated and
// served, and answers exactly as the same project in YAML: snake_case
// fields, a type without kind, custom fields stored as their base types
// (CKEditor as richtext, the color picker's and the configured swatch's
// as strings, with their rules), blocks stored and answered as sent (keys
// sorted) and refused with the path of the part that breaks Strapi's
// shape, and the fields the user's extension file adds.
func TestStrapiLayoutServed(t *testing.T) {
	t.Parallel()
	var syn any
	if err := json.Unmarshal([]byte(synopsis), &syn); err != nil {
		t.Fatal(err)
	}
	const meta = `"createdAt":"T","updatedAt":"T","publishedAt":"T"`
	const page1 = `"meta":{"pagination":{"page":1,"pageSize":25,"pageCount":1,"total":1}}`
	badLink := `synopsis[0].children[0].url must be a link: an absolute URL or a path starting with /, not javascript:, vbscript: or data:`
	eachLayout(t, func(t *testing.T, h *apptest.Harness) {
		runSteps(t, h, []step{
			{"POST", "/api/people", map[string]any{"data": map[string]any{"name": "Agnès Varda", "birth_year": 1928, "signature_colour": "#E63946"}}, "", 201,
				`{"data":{"id":1,"documentId":"D","name":"Agnès Varda","is_actor":false,"birth_year":1928,"signature_colour":"#E63946",` + meta + `},"meta":{}}`},
			{"POST", "/api/films", map[string]any{"data": map[string]any{"title": "Cléo from 5 to 7", "release_date": "1962-04-11",
				"is_featured": true, "has_trailer": true, "trailer_url": "https://example.test/cleo", "meta_title": "Cléo",
				"review": "<p>A <b>classic</b></p>", "poster_colour": "#1D3557", "synopsis": syn, "director": 1}}, "", 201,
				`{"data":{"id":1,"documentId":"D","title":"Cléo from 5 to 7","slug":"cleo-from-5-to-7","release_date":"1962-04-11","is_featured":true,` +
					`"has_trailer":true,"trailer_url":"https://example.test/cleo","meta_title":"Cléo","review":"<p>A <b>classic</b></p>","poster_colour":"#1D3557",` +
					`"synopsis":` + synopsisStored + `,` + meta + `,"locale":"en"},"meta":{}}`}, // films is localized: the default locale
			{"GET", "/api/films?filters[slug][$eq]=cleo-from-5-to-7&fields[0]=title&fields[1]=synopsis&populate[director][fields][0]=name", nil, apptest.Anonymous, 200,
				`{"data":[{"id":1,"documentId":"D","title":"Cléo from 5 to 7","synopsis":` + synopsisStored + `,"director":{"id":1,"documentId":"D","name":"Agnès Varda"}}],` + page1 + `}`},
			{"GET", "/api/people?filters[is_actor][$eq]=false&sort=birth_year:asc&fields[0]=name&fields[1]=signature_colour&populate[films][fields][0]=release_date", nil, apptest.Anonymous, 200,
				`{"data":[{"id":1,"documentId":"D","name":"Agnès Varda","signature_colour":"#E63946","films":[{"id":1,"documentId":"D","release_date":"1962-04-11"}]}],` + page1 + `}`},
			{"GET", "/api/films?filters[synopsis][$containsi]=UGLINESS&filters[is_featured][$eq]=true&fields[0]=meta_title", nil, apptest.Anonymous, 200,
				`{"data":[{"id":1,"documentId":"D","meta_title":"Cléo"}],` + page1 + `}`},
			{"POST", "/api/films", map[string]any{"data": map[string]any{"title": "Bad link",
				"synopsis": []any{map[string]any{"type": "paragraph", "children": []any{map[string]any{"type": "link", "url": "javascript:alert(1)",
					"children": []any{map[string]any{"type": "text", "text": "x"}}}}}}}}, "", 400,
				`{"data":null,"error":{"details":{"errors":[{"path":["synopsis","0","children","0","url"],"message":"` + badLink +
					`","name":"ValidationError","value":"javascript:alert(1)"}]},"message":"` + badLink + `","name":"ValidationError","status":400}}`},
			{"POST", "/api/films", map[string]any{"data": map[string]any{"title": "Bad heading",
				"synopsis": []any{map[string]any{"type": "heading", "level": 9, "children": []any{map[string]any{"type": "text", "text": "x"}}}}}}, "", 400,
				`{"data":null,"error":{"details":{"errors":[{"path":["synopsis","0","level"],"message":"synopsis[0].level must be 1, 2, 3, 4, 5 or 6",` +
					`"name":"ValidationError","value":9}]},"message":"synopsis[0].level must be 1, 2, 3, 4, 5 or 6","name":"ValidationError","status":400}}`},
			{"POST", "/api/films", map[string]any{"data": map[string]any{"title": "Bad colour", "poster_colour": "#1D3557AA"}}, "", 400,
				`{"data":null,"error":{"details":{"errors":[{"path":["poster_colour"],"message":"poster_colour must be at most 7 characters","name":"ValidationError","value":"#1D3557AA"}]},` +
					`"message":"poster_colour must be at most 7 characters","name":"ValidationError","status":400}}`},
			{"POST", "/api/people", map[string]any{"data": map[string]any{"name": "Too early", "birth_year": 1800}}, "", 400,
				`{"data":null,"error":{"details":{"errors":[{"path":["birth_year"],"message":"birth_year must be greater than or equal to 1850","name":"ValidationError","value":1800}]},` +
					`"message":"birth_year must be greater than or equal to 1850","name":"ValidationError","status":400}}`},
			{"POST", "/api/users", map[string]any{"username": "critic", "email": "critic@example.test", "password": "secret-1", "is_critic": true, "favourite_film": 1}, "", 201,
				`{"id":2,"documentId":"D","username":"critic","email":"critic@example.test","provider":"local","confirmed":false,"blocked":false,"is_critic":true,` + meta +
					`,"role":{"id":2,"documentId":"D","name":"Authenticated","description":"Signed-in users with no other role.","type":"authenticated",` + meta + `}}`},
			{"GET", "/api/users?filters[is_critic][$eq]=true&fields[0]=username&populate[favourite_film][fields][0]=title", nil, "", 200,
				`[{"id":2,"documentId":"D","username":"critic","favourite_film":{"id":1,"documentId":"D","title":"Cléo from 5 to 7"}}]`},
		})
	})
}
