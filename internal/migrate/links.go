package migrate

import (
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// storageOf maps each relation's storage to the relation: "table.column"
// for an owning to-one's column, the join table's name for an owning
// manyToMany.
func storageOf(s *schema.Schema) map[string]*schema.Attribute {
	out := map[string]*schema.Attribute{}
	for _, ct := range s.Types {
		for _, a := range ct.Attributes {
			switch {
			case !a.IsRelation():
			case a.Column != "":
				out[ct.Table+"."+a.Column] = a
			case a.JoinTable != "" && a.MappedBy == "":
				out[a.JoinTable] = a
			}
		}
	}
	return out
}

// relinkSteps plans the conversion of the links of t's relations that
// the snapshot (old) records from before links were kept per version:
// then every link named one row per document (its published row once
// there was one, else its draft), and RelinkSQL turns them into the links
// of each version. Only for what the snapshot knows and that keeps its
// target (a changed target is a destructive step of its own); the next
// snapshot records the new layout, so it runs once.
func (pl *planner) relinkSteps(t TableDef, old *tableState) {
	if old == nil {
		return
	}
	var attrs []*schema.Attribute
	if t.Join {
		if t.Links == LinksPerVersion && old.Links != LinksPerVersion {
			attrs = append(attrs, pl.rels[t.Name])
		}
	} else {
		for _, c := range t.Columns {
			prev := old.column(c.Name)
			if c.Links != LinksPerVersion || prev == nil || prev.Links == LinksPerVersion || prev.Ref != c.Ref || prev.Type != c.Type ||
				!pl.have.hasColumn(t.Name, c.Name) {
				continue
			}
			if a := pl.rels[t.Name+"."+c.Name]; a != nil {
				attrs = append(attrs, a)
			}
		}
	}
	for _, a := range attrs {
		if a == nil {
			continue
		}
		for _, stmt := range RelinkSQL(a) {
			pl.relinks = append(pl.relinks, Step{SQL: stmt,
				Description: fmt.Sprintf("keep the links of %s.%s per version (draft & publish)", a.Owner.Name, a.Name)})
		}
	}
}

// RelinkSQL converts relation a's links from one row per document to one
// per version (internal/store versions.go). A plain row's column pair: the
// draft column takes the draft of the document the column names, and the
// column keeps only a published row. A draft & publish row's key to a draft & publish
// target: the target's row of the row's own version. Join rows: each
// link becomes one per pair of rows a write makes now (both versions of
// a draft & publish side with a plain one; same-version pairs between two
// draft & publish sides, whose cross-version rows go). No link is lost:
// what named a document still names it, in every version it links.
func RelinkSQL(a *schema.Attribute) []string {
	id, doc, pub := database.Ident(schema.ColID), database.Ident(schema.ColDocumentID), database.Ident(schema.ColPublishedAt)
	if a.Column != "" {
		x, t, c := database.Ident(a.Owner.Table), database.Ident(a.TargetType.Table), database.Ident(a.Column)
		switch {
		case a.DraftColumn != "":
			return []string{"UPDATE " + x + " SET " + database.Ident(a.DraftColumn) + " = (SELECT r." + id + " FROM " + t + " l JOIN " + t +
				" r ON r." + doc + " = l." + doc + " AND r." + pub + " IS NULL WHERE l." + id + " = " + x + "." + c + "), " + c +
				" = CASE WHEN " + c + " IN (SELECT " + id + " FROM " + t + " WHERE " + pub + " IS NULL) THEN NULL ELSE " + c +
				" END WHERE " + c + " IS NOT NULL"}
		case a.Owner.DraftAndPublish && a.TargetType.DraftAndPublish:
			return []string{"UPDATE " + x + " SET " + c + " = (SELECT r." + id + " FROM " + t + " l JOIN " + t + " r ON r." + doc +
				" = l." + doc + " AND (r." + pub + " IS NULL) = (" + x + "." + pub + " IS NULL) WHERE l." + id + " = " + x + "." + c +
				") WHERE " + c + " IS NOT NULL"}
		}
		return nil
	}
	j, s, t := database.Ident(a.JoinTable), database.Ident(a.Owner.Table), database.Ident(a.TargetType.Table)
	self, target := database.Ident(a.JoinSelf), database.Ident(a.JoinTarget)
	os, ot := database.Ident(schema.JoinOrder(a.JoinSelf)), database.Ident(schema.JoinOrder(a.JoinTarget))
	both := a.Owner.DraftAndPublish && a.TargetType.DraftAndPublish
	pair := "1=1"
	if both {
		pair = "(xs." + pub + " IS NULL) = (ts." + pub + " IS NULL)"
	}
	out := []string{"INSERT INTO " + j + " (" + self + ", " + target + ", " + ot + ", " + os + ") SELECT DISTINCT xs." + id + ", ts." + id +
		", j." + ot + ", j." + os + " FROM " + j + " j JOIN " + s + " xl ON xl." + id + " = j." + self + " JOIN " + s + " xs ON xs." + doc +
		" = xl." + doc + " JOIN " + t + " tl ON tl." + id + " = j." + target + " JOIN " + t + " ts ON ts." + doc + " = tl." + doc +
		" WHERE " + pair + " AND NOT EXISTS (SELECT 1 FROM " + j + " k WHERE k." + self + " = xs." + id + " AND k." + target + " = ts." + id + ")"}
	if both {
		out = append(out, "DELETE FROM "+j+" WHERE EXISTS (SELECT 1 FROM "+s+" x, "+t+" y WHERE x."+id+" = "+j+"."+self+
			" AND y."+id+" = "+j+"."+target+" AND (x."+pub+" IS NULL) <> (y."+pub+" IS NULL))")
	}
	return out
}
