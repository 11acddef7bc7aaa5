// Package locales keeps the configured locales (config/i18n.yaml) in the
// core table kiln_locales, in step with the file at every start, and
// lists them as Strapi 5's GET /api/i18n/locales answers: each with a
// stable id, documentId and dates, whatever instance or restart serves
// it (docs/i18n.md).
package locales

import (
	"context"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/config"
	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// Locale is one row of the locales' table.
type Locale struct {
	ID                   int64
	DocumentID           string
	Code, Name           string
	CreatedAt, UpdatedAt time.Time
	IsDefault            bool
}

var table = database.Ident(migrate.LocalesTable)

// Sync makes the table hold exactly the configured locales: a new one is
// added, a renamed one updated, one no longer configured removed (its
// entries stay in their tables, unreachable until it is configured
// again). Several instances starting at once agree: the code is unique
// and an insert that loses the race does nothing.
func Sync(ctx context.Context, db *database.DB, cfg config.I18n) error {
	now := time.Now().UnixMilli()
	return db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		have, err := names(ctx, tx)
		if err != nil {
			return err
		}
		want := map[string]bool{}
		for _, l := range cfg.Locales {
			if l.Name == "" { // a Config built in code, not read by config.Load
				l.Name = config.LocaleName(l.Code)
			}
			want[l.Code] = true
			name, ok := have[l.Code]
			switch {
			case !ok:
				_, err = tx.ExecContext(ctx, `INSERT INTO `+table+` ("document_id", "code", "name", "created_at", "updated_at") VALUES (?, ?, ?, ?, ?) ON CONFLICT ("code") DO NOTHING`,
					content.NewDocumentID(), l.Code, l.Name, now, now)
			case name != l.Name:
				_, err = tx.ExecContext(ctx, `UPDATE `+table+` SET "name" = ?, "updated_at" = ? WHERE "code" = ?`, l.Name, now, l.Code)
			}
			if err != nil {
				return fmt.Errorf("keeping locale %s: %w", l.Code, err)
			}
		}
		for code := range have {
			if !want[code] {
				if _, err := tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE "code" = ?`, code); err != nil {
					return fmt.Errorf("removing locale %s: %w", code, err)
				}
			}
		}
		return nil
	})
}

func names(ctx context.Context, db database.Conn) (map[string]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT "code", "name" FROM `+table)
	if err != nil {
		return nil, fmt.Errorf("reading the locales: %w", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var code, name string
		if err := rows.Scan(&code, &name); err != nil {
			return nil, err
		}
		out[code] = name
	}
	return out, rows.Err()
}

// List reads the locales in the order they were added (by id), the
// default one marked.
func List(ctx context.Context, db database.Conn, defaultLocale string) ([]Locale, error) {
	rows, err := db.QueryContext(ctx, `SELECT "id", "document_id", "code", "name", "created_at", "updated_at" FROM `+table+` ORDER BY "id"`)
	if err != nil {
		return nil, fmt.Errorf("reading the locales: %w", err)
	}
	defer rows.Close()
	var out []Locale
	for rows.Next() {
		var l Locale
		var created, updated int64
		if err := rows.Scan(&l.ID, &l.DocumentID, &l.Code, &l.Name, &created, &updated); err != nil {
			return nil, err
		}
		l.CreatedAt, l.UpdatedAt = time.UnixMilli(created).UTC(), time.UnixMilli(updated).UTC()
		l.IsDefault = l.Code == defaultLocale
		out = append(out, l)
	}
	return out, rows.Err()
}
