package transfer

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/schema"
)

// The links stage: one line per link, from the side that owns it in
// Strapi's tables (testdata/transfer/README.md):
//
//	{"kind", "relation", "left": {type, ref, field, pos}, "right": {type, ref, field, pos}}
//
// A media link comes from the file (left, field "related") to the row
// that holds it (right, with the media field and the file's place).
// Links are gathered by relation into batches that LoadLinks writes
// where Kiln keeps the relation.

const linkBatchSize = 1000

type linkEnd struct {
	Type  string      `json:"type"`
	Ref   any         `json:"ref"`
	Field string      `json:"field"`
	Pos   json.Number `json:"pos"`
}

type linkLine struct {
	Kind  string  `json:"kind"`
	Left  linkEnd `json:"left"`
	Right linkEnd `json:"right"`
}

func (im *importer) loadLinks(ctx context.Context, tx *content.Tx) error {
	var cur content.BulkLinks
	bytes := int64(0)
	n := 0 // lines read
	flush := func() error {
		if len(cur.Owners) == 0 {
			return nil
		}
		n, err := tx.LoadLinks(ctx, cur)
		if err != nil {
			return err
		}
		if missing := len(cur.Owners) - n; missing > 0 && !im.o.Force {
			// strapi export leaves such links out: an archive that holds
			// them was cut or made by hand.
			return fmt.Errorf("%d links of %s.%s name rows the archive does not hold (--force leaves them out)", missing, uidOf(cur.Attr.Owner), cur.Attr.Name)
		}
		im.rep.Links += n
		im.rep.LinksMissing += len(cur.Owners) - n
		im.progress("links", n, bytes) // lines read, as Total counts them
		cur = content.BulkLinks{}
		return nil
	}
	err := im.lines("links", func(line []byte) error {
		n++
		bytes += int64(len(line)) + 1
		var l linkLine
		if err := decode(line, &l); err != nil {
			return fmt.Errorf("line %d is not a link: %w", n, err)
		}
		owner, target := l.Left, l.Right
		if l.Kind == "relation.morph" {
			if l.Left.Type != "plugin::upload.file" || l.Left.Field != "related" {
				im.rep.LinksSkipped[l.Left.Type+"."+l.Left.Field]++
				return nil
			}
			// A file's place in the field that holds it.
			owner, target = l.Right, linkEnd{Type: l.Left.Type, Ref: l.Left.Ref, Pos: ""}
		}
		a := im.relation(owner)
		if a == nil && owner.Field == "localizations" {
			return nil // a row's own documentId (5), or its other locales' rows (4): the documentId says it
		}
		if a == nil {
			im.rep.LinksSkipped[owner.Type+"."+owner.Field]++
			return nil
		}
		if tt := im.types[target.Type]; tt == nil || tt != a.TargetType {
			return fmt.Errorf("line %d: %s.%s links to %s, not to %s", n, owner.Type, owner.Field, target.Type, a.TargetType.UID())
		}
		o, ok1 := refOf(owner.Ref)
		t, ok2 := refOf(target.Ref)
		if !ok1 || !ok2 {
			return fmt.Errorf("line %d: %s.%s links rows by something else than their ids", n, owner.Type, owner.Field)
		}
		if cur.Attr != a || len(cur.Owners) >= linkBatchSize {
			if err := flush(); err != nil {
				return err
			}
			cur.Attr = a
		}
		cur.Owners = append(cur.Owners, o)
		cur.Targets = append(cur.Targets, t)
		cur.OwnerPos = append(cur.OwnerPos, posOf(owner.Pos))
		cur.TargetPos = append(cur.TargetPos, posOf(target.Pos))
		return nil
	})
	if err != nil {
		return err
	}
	if err := flush(); err != nil {
		return err
	}
	im.progress("links", n, bytes)
	return nil
}

// relation is the relation or media field a link's owner names, or nil
// when Kiln keeps no such relation (a type or field it does not import,
// the localizations every row links to its own documentId).
func (im *importer) relation(e linkEnd) *schema.Attribute {
	ct := im.types[e.Type]
	if ct == nil {
		return nil
	}
	a := ct.Attr(e.Field)
	if a == nil || !a.IsRelation() || a.TargetType == nil {
		return nil
	}
	return a
}

// refOf is a row id as a link names it.
func refOf(v any) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	id, err := n.Int64()
	return id, err == nil && id > 0
}

// posOf is a place (Strapi's order columns are floats), 0 when none.
func posOf(n json.Number) float64 {
	if n == "" {
		return 0
	}
	f, err := n.Float64()
	if err != nil || f < 0 {
		return 0
	}
	return f
}
