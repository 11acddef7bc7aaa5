package migrate

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// DraftCopySQL is the migration of a table from one row per document to
// two: every published row without a draft gets its draft copy, its
// foreign keys as they are; RelinkSQL then gives the copies their links
// of the draft version. Running it again adds nothing.
func DraftCopySQL(ct *schema.ContentType) string {
	t := database.Ident(ct.Table)
	cols := versionColumns(ct)
	doc, pub := database.Ident(schema.ColDocumentID), database.Ident(schema.ColPublishedAt)
	return "INSERT INTO " + t + " (" + doc + ", " + joinCols(cols, "") + ", " + pub + ") SELECT p." + doc + ", " +
		joinCols(cols, "p.") + ", NULL FROM " + t + " p WHERE p." + pub + " IS NOT NULL AND NOT EXISTS (SELECT 1 FROM " +
		t + " d WHERE d." + doc + " = p." + doc + " AND d." + pub + " IS NULL)"
}

// draftsMissingSQL counts the published rows without a draft.
func draftsMissingSQL(ct *schema.ContentType) string {
	t := database.Ident(ct.Table)
	doc, pub := database.Ident(schema.ColDocumentID), database.Ident(schema.ColPublishedAt)
	return "SELECT COUNT(*) FROM " + t + " p WHERE p." + pub + " IS NOT NULL AND NOT EXISTS (SELECT 1 FROM " +
		t + " d WHERE d." + doc + " = p." + doc + " AND d." + pub + " IS NULL)"
}

// draftCopies plans the steps that bring each draft & publish table with
// published rows lacking a draft to two rows per document: a database
// made when Kiln kept one row per entry. Only for tables that exist and
// need it, so that a migrated database plans nothing. Additive: rows are
// only added.
func draftCopies(ctx context.Context, conn database.Conn, have *dbState, s *schema.Schema) ([]Step, error) {
	var out []Step
	for _, ct := range s.Types {
		if !ct.DraftAndPublish || !have.hasColumn(ct.Table, schema.ColPublishedAt) || !have.hasColumn(ct.Table, schema.ColDocumentID) {
			continue
		}
		var n int64
		if err := conn.QueryRowContext(ctx, draftsMissingSQL(ct)).Scan(&n); err != nil {
			return nil, fmt.Errorf("counting the published %s without a draft: %w", ct.Plural, err)
		}
		if n > 0 {
			out = append(out, Step{Description: fmt.Sprintf("give the %d published %s without one their draft version", n, ct.Plural),
				SQL: DraftCopySQL(ct)})
		}
	}
	return out, nil
}

// versionColumns is the columns a version holds of its own, quoted
// (schema.ContentType.VersionColumns).
func versionColumns(ct *schema.ContentType) []string {
	cols := ct.VersionColumns()
	for i, c := range cols {
		cols[i] = database.Ident(c)
	}
	return cols
}

// joinCols lists columns, each after prefix.
func joinCols(cols []string, prefix string) string {
	out := ""
	for i, c := range cols {
		if i > 0 {
			out += ", "
		}
		out += prefix + c
	}
	return out
}
