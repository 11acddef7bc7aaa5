package transfer

import (
	"crypto/sha256"
	"fmt"
	"math/big"
)

// Strapi 4 wrote a row per entry and locale, without documentId; a
// localized entry's rows name each other through localizations links
// (testdata/transfer/README.md, "Strapi 4"). Kiln, as Strapi 5, gives the
// rows of an entry one documentId: made here from the type and the
// smallest row id among them, so that importing the same archive twice
// gives the same documentIds.

// groupLocalizations reads the localizations links of a Strapi 4
// archive into im.docs.
func (im *importer) groupLocalizations() error {
	im.docs = map[string]map[int64]int64{}
	root := func(uid string, id int64) int64 {
		m := im.docs[uid]
		for m[id] != 0 && m[id] != id {
			id = m[id]
		}
		return id
	}
	n := 0
	return im.lines("links", func(line []byte) error {
		n++
		var l linkLine
		if err := decode(line, &l); err != nil {
			return fmt.Errorf("line %d is not a link: %w", n, err)
		}
		if l.Left.Field != "localizations" || l.Left.Type != l.Right.Type {
			return nil
		}
		a, ok1 := refOf(l.Left.Ref)
		b, ok2 := refOf(l.Right.Ref)
		if !ok1 || !ok2 {
			return nil
		}
		uid := l.Left.Type
		if im.docs[uid] == nil {
			im.docs[uid] = map[int64]int64{}
		}
		ra, rb := root(uid, a), root(uid, b)
		lo, hi := min(ra, rb), max(ra, rb)
		im.docs[uid][lo], im.docs[uid][hi] = lo, lo
		if a != ra {
			im.docs[uid][a] = lo
		}
		if b != rb {
			im.docs[uid][b] = lo
		}
		return nil
	})
}

// documentID is the documentId of a Strapi 4 row: that of its
// localizations' smallest row.
func (im *importer) documentID(uid string, id int64) string {
	if m := im.docs[uid]; m != nil {
		for m[id] != 0 && m[id] != id {
			id = m[id]
		}
	}
	return documentIDOf(uid, id)
}

// documentIDOf is the documentId Kiln makes for row id of uid where the
// archive has none: 24 of [0-9a-z], as Strapi's.
func documentIDOf(uid string, id int64) string {
	sum := sha256.Sum256(fmt.Appendf(nil, "%s/%d", uid, id))
	s := new(big.Int).SetBytes(sum[:]).Text(36)
	for len(s) < 24 {
		s = "0" + s
	}
	return s[:24]
}
