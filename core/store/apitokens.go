package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/database"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/migrate"
)

// APITokenTable holds the API tokens (migrate.APITokenTable).
const APITokenTable = migrate.APITokenTable

// APIToken is a row of APITokenTable.
type APIToken struct {
	ID          int64
	Name        string
	Description string
	Kind        string
	Actions     []string
	// Hash is the keyed hash of the token (hex), what lookups compare.
	Hash       string
	ExpiresAt  *time.Time
	LastUsedAt *time.Time
	CreatedAt  time.Time
}

const apiTokenCols = `"id", "name", "description", "kind", "actions", "token_hash", "expires_at", "last_used_at", "created_at"`

func scanAPIToken(scan func(...any) error) (*APIToken, error) {
	var t APIToken
	var desc, actions sql.NullString
	var expires, used, created any
	if err := scan(&t.ID, &t.Name, &desc, &t.Kind, &actions, &t.Hash, &expires, &used, &created); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errs.NotFound()
		}
		return nil, err
	}
	t.Description = desc.String
	if actions.Valid && actions.String != "" {
		if err := json.Unmarshal([]byte(actions.String), &t.Actions); err != nil {
			return nil, fmt.Errorf("store: api token %d: its actions: %w", t.ID, err)
		}
	}
	for _, f := range []struct {
		v   any
		dst **time.Time
	}{{expires, &t.ExpiresAt}, {used, &t.LastUsedAt}, {created, nil}} {
		if f.v == nil {
			continue
		}
		v, err := timeKind.Decode(f.v)
		if err != nil {
			return nil, fmt.Errorf("store: api token %d: %w", t.ID, err)
		}
		tm := v.(time.Time)
		if f.dst == nil {
			t.CreatedAt = tm
		} else {
			*f.dst = &tm
		}
	}
	return &t, nil
}

// timeArg is a time as the dialect binds it, nil for none.
func timeArg(d database.Dialect, t *time.Time) any {
	if t == nil {
		return nil
	}
	return timeKind.Encode(d, t.UTC().Truncate(time.Millisecond))
}

// CreateAPIToken stores t (its Hash, never the token) and returns it with
// its id and creation time. A name already taken is a 400 on "name".
func CreateAPIToken(ctx context.Context, db *database.DB, t APIToken) (*APIToken, error) {
	var actions any
	if t.Actions != nil {
		b, err := json.Marshal(t.Actions)
		if err != nil {
			return nil, err
		}
		actions = string(b)
	}
	t.CreatedAt = now().UTC().Truncate(time.Millisecond)
	err := db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+database.Ident(APITokenTable)+` WHERE "name" = ?`, t.Name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nameTaken(t.Name)
		}
		q := `INSERT INTO ` + database.Ident(APITokenTable) + ` ("name", "description", "kind", "actions", "token_hash", "expires_at", "created_at") VALUES (?, ?, ?, ?, ?, ?, ?)`
		args := []any{t.Name, t.Description, t.Kind, actions, t.Hash, timeArg(db.Dialect, t.ExpiresAt), timeArg(db.Dialect, &t.CreatedAt)}
		if db.Dialect == database.Postgres {
			return tx.QueryRowContext(ctx, q+` RETURNING "id"`, args...).Scan(&t.ID)
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		t.ID, err = res.LastInsertId()
		return err
	})
	if isUnique(err) { // the same name, created at the same moment
		return nil, nameTaken(t.Name)
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func nameTaken(name string) error {
	return errs.Fields([]errs.FieldError{{Path: []string{"name"}, Message: "This attribute must be unique", Name: "ValidationError", Value: name}})
}

func isUnique(err error) bool { return database.IsUnique(err) }

// APITokenByHash is the lookup of every request that carries an API
// token: one query on the unique index of token_hash. errs.NotFound when
// no token has the hash (never issued, or revoked).
func APITokenByHash(ctx context.Context, db *database.DB, hash string) (t *APIToken, err error) {
	err = database.RetryRead(ctx, func() error {
		t, err = scanAPIToken(db.QueryRowContext(ctx, `SELECT `+apiTokenCols+` FROM `+database.Ident(APITokenTable)+` WHERE "token_hash" = ?`, hash).Scan)
		return err
	})
	return t, err
}

// APITokenByID reads one token; errs.NotFound when there is none.
func APITokenByID(ctx context.Context, db *database.DB, id int64) (*APIToken, error) {
	return scanAPIToken(db.QueryRowContext(ctx, `SELECT `+apiTokenCols+` FROM `+database.Ident(APITokenTable)+` WHERE "id" = ?`, id).Scan)
}

// APITokens lists every token, oldest first.
func APITokens(ctx context.Context, db *database.DB) ([]*APIToken, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+apiTokenCols+` FROM `+database.Ident(APITokenTable)+` ORDER BY "id"`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*APIToken{}
	for rows.Next() {
		t, err := scanAPIToken(rows.Scan)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// DeleteAPIToken revokes a token by deleting its row, and returns what it
// was; errs.NotFound when there is none.
func DeleteAPIToken(ctx context.Context, db *database.DB, id int64) (t *APIToken, err error) {
	err = db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		t, err = scanAPIToken(tx.QueryRowContext(ctx, `SELECT `+apiTokenCols+` FROM `+database.Ident(APITokenTable)+` WHERE "id" = ?`, id).Scan)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM `+database.Ident(APITokenTable)+` WHERE "id" = ?`, id)
		return err
	})
	return t, err
}

// TouchAPIToken records that the token was used at when.
func TouchAPIToken(ctx context.Context, db *database.DB, id int64, when time.Time) error {
	return db.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		_, err := tx.ExecContext(ctx, `UPDATE `+database.Ident(APITokenTable)+` SET "last_used_at" = ? WHERE "id" = ?`, timeArg(db.Dialect, &when), id)
		return err
	})
}
