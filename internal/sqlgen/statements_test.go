package sqlgen_test

import (
	"testing"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/sqlgen"
)

// TestStatementGoldens pins the statements that are no list request:
// references resolved in one statement, the entry an update reads, a
// file's related, and what a write links (the rows a reference names in
// each version, under the writer's scope).
func TestStatementGoldens(t *testing.T) {
	ps := projects(t)
	kiln, media := ps["kiln"], ps["media"]
	bp, pr, cu := kiln.s.Type("blueprint"), kiln.s.Type("program"), kiln.s.Type("customer")
	album := media.s.Type("album")
	activeOnly := scopeOn("customer", map[string]any{"active": map[string]any{"$eq": true}})(t, kiln)
	for _, d := range dialects {
		var s script
		s.head("resolve: ids and documentIds of two types, one scoped", "store.ResolveMany")
		b, _ := sqlgen.Resolve(d, []entry.Refs{{Type: bp, Refs: []string{"3", "abc"}}, {Type: cu, Refs: []string{"def"}}}, activeOnly)
		s.stmt("", b)
		s.head("the entry an update reads, by id and by documentId", "store.FindEntry")
		for _, ref := range []string{"7", "abc"} {
			b, _, _ := sqlgen.Entry(d, pr, ref)
			s.stmt(ref, b)
		}
		s.head("a file's related: its links' rows and their count", "store.populateRelated")
		fields := sqlgen.MediaFields(album)
		files := []any{int64(1), int64(2)}
		b, _ = sqlgen.Related(d, &query.Query{Type: album}, fields, files, entry.ReadOptions{})
		s.stmt("rows", b)
		s.stmt("count", sqlgen.RelatedCount(d, album, fields, files, entry.ReadOptions{}))
		s.head("what a write links", "store writes")
		for _, c := range []struct {
			label          string
			writer, target *schema.ContentType
		}{{"a plain writer, a plain target", pr, cu}, {"a plain writer, a draft & publish target", pr, bp}, {"a draft & publish writer, its own type", bp, bp}} {
			b := sqlgen.New(d)
			b.W("UPDATE x SET y = NULL WHERE z IN ")
			b.TargetRows(c.writer, c.target, []int64{4, 5})
			s.stmt(c.label, b)
		}
		b = sqlgen.NewRead(d, activeOnly, query.Draft)
		b.W("DELETE FROM j WHERE a = 1")
		b.Scoped("j.b", cu, false)
		s.stmt("a scoped writer's targets", b)
		golden(t, "statements", d, s.String())
	}
}
