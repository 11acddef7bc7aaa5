package apitoken

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/migrate"
)

// Token is a row of the token table (migrate.APITokenTable, which the
// migrations make): the token's settings and the keyed hash of the token,
// never the token.
type Token struct {
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

// table is the token table's name, quoted.
var table = database.Ident(migrate.APITokenTable)

const columns = `"id", "name", "description", "kind", "actions", "token_hash", "expires_at", "last_used_at", "created_at"`

// timeKind binds and reads the table's times as entries' datetimes are.
var timeKind = schema.KindOf(schema.DateTime)

// pool is where reads outside a transaction run.
func (s *Service) pool() database.Conn { return s.DB }

func scan(row func(...any) error) (*Token, error) {
	var t Token
	var desc, actions sql.NullString
	var expires, used, created any
	if err := row(&t.ID, &t.Name, &desc, &t.Kind, &actions, &t.Hash, &expires, &used, &created); err != nil {
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
func (s *Service) timeArg(t *time.Time) any {
	if t == nil {
		return nil
	}
	return timeKind.Encode(s.DB.Dialect, t.UTC().Truncate(time.Millisecond))
}

// insert stores t (its Hash, never the token) and returns it with its id
// and creation time. A name already taken is a 400 on "name".
func (s *Service) insert(ctx context.Context, t Token) (*Token, error) {
	var actions any
	if t.Actions != nil {
		b, err := json.Marshal(t.Actions)
		if err != nil {
			return nil, err
		}
		actions = string(b)
	}
	t.CreatedAt = time.Now().UTC().Truncate(time.Millisecond)
	err := s.DB.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+table+` WHERE "name" = ?`, t.Name).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nameTaken(t.Name)
		}
		q := `INSERT INTO ` + table + ` ("name", "description", "kind", "actions", "token_hash", "expires_at", "created_at") VALUES (?, ?, ?, ?, ?, ?, ?)`
		args := []any{t.Name, t.Description, t.Kind, actions, t.Hash, s.timeArg(t.ExpiresAt), s.timeArg(&t.CreatedAt)}
		if s.DB.Dialect == database.Postgres {
			return tx.QueryRowContext(ctx, q+` RETURNING "id"`, args...).Scan(&t.ID)
		}
		res, err := tx.ExecContext(ctx, q, args...)
		if err != nil {
			return err
		}
		t.ID, err = res.LastInsertId()
		return err
	})
	if database.IsUnique(err) { // the same name, created at the same moment
		return nil, nameTaken(t.Name)
	}
	if err != nil {
		return nil, err
	}
	return &t, nil
}

func nameTaken(name string) error {
	return errs.Fields([]errs.FieldError{errs.Field("name", "This attribute must be unique").WithValue(name)})
}

// ByHash is the lookup of every request that carries an API token: one
// query on the unique index of token_hash. errs.NotFound when no token
// has the hash (never issued, or revoked). It never asks the cache:
// internal/principal fills the cache with it.
func (s *Service) ByHash(ctx context.Context, hash string) (t *Token, err error) {
	err = database.RetryRead(ctx, func() error {
		t, err = scan(s.pool().QueryRowContext(ctx, `SELECT `+columns+` FROM `+table+` WHERE "token_hash" = ?`, hash).Scan)
		return err
	})
	return t, err
}

// Get reads one token; errs.NotFound when there is none.
func (s *Service) Get(ctx context.Context, id int64) (*Token, error) {
	return scan(s.pool().QueryRowContext(ctx, `SELECT `+columns+` FROM `+table+` WHERE "id" = ?`, id).Scan)
}

// List is every token, oldest first.
func (s *Service) List(ctx context.Context) ([]*Token, error) {
	rows, err := s.pool().QueryContext(ctx, `SELECT `+columns+` FROM `+table+` ORDER BY "id"`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []*Token{}
	for rows.Next() {
		t, err := scan(rows.Scan)
		if err != nil {
			return nil, err
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// delete removes a token's row, and returns what it was; errs.NotFound
// when there is none.
func (s *Service) delete(ctx context.Context, id int64) (t *Token, err error) {
	err = s.DB.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		t, err = scan(tx.QueryRowContext(ctx, `SELECT `+columns+` FROM `+table+` WHERE "id" = ?`, id).Scan)
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM `+table+` WHERE "id" = ?`, id)
		return err
	})
	return t, err
}

// touchRow records that the token was used at when.
func (s *Service) touchRow(ctx context.Context, id int64, when time.Time) error {
	return s.DB.RunInTx(ctx, func(ctx context.Context, tx database.Conn) error {
		_, err := tx.ExecContext(ctx, `UPDATE `+table+` SET "last_used_at" = ? WHERE "id" = ?`, s.timeArg(&when), id)
		return err
	})
}
