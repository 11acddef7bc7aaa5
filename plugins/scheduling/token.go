package scheduling

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/rest"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/core/store"
)

// The personal feed's credential. A calendar app subscribes to a URL and
// polls it with no way to send a bearer token, and a JWT expires; so the
// URL itself carries a secret: 32 random bytes, hex. Only its SHA-256 is
// stored, so a copy of the database opens no feed. Rotating replaces the
// hash and the old URL stops working at once.
//
// The hashes live in a table of the plugin's own, created here, not in a
// private field of the user: a field added through content-types/user.yaml
// changes the shipped user type, which the core's schema tests pin. The
// table is no content type, so no generic route can ever read, filter or
// write it; the core's migrations never drop a table they did not make.

const (
	tokenBytes = 32
	tokenTable = "scheduling_calendar_tokens"
)

// lockSetup serialises the table's creation between instances starting
// together (PostgreSQL's CREATE TABLE IF NOT EXISTS is not safe against a
// concurrent twin).
const lockSetup int32 = 0x4b696c70

// ensureTables creates the plugin's tables when they are missing: the
// token table, one row per user, the hash unique so the feed finds its
// user by index; and the event revision table (revision.go).
func (s *sched) ensureTables() error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d := s.api.Content.DB.Dialect
	tokens := "CREATE TABLE IF NOT EXISTS " + store.Ident(tokenTable) + " (" +
		store.Ident("user_id") + " " + store.ColumnType(d, schema.BigInteger) + " NOT NULL PRIMARY KEY, " +
		store.Ident("token_hash") + " VARCHAR(64) NOT NULL UNIQUE, " +
		store.Ident("created_at") + " " + store.ColumnType(d, schema.DateTime) + " NOT NULL)"
	return s.api.Content.InTx(ctx, func(ctx context.Context, tx store.Conn) error {
		if err := s.lock(ctx, tx, lockSetup, 0); err != nil {
			return err
		}
		for _, ddl := range []string{tokens, revisionDDL(d)} {
			if _, err := tx.ExecContext(ctx, ddl); err != nil {
				return err
			}
		}
		return s.ensureNoOverlap(ctx, tx)
	})
}

// forgetToken is the user's BeforeDelete hook: a deleted user's token goes
// with them, in the same transaction.
func (s *sched) forgetToken(ctx context.Context, ev *hook.Event) error {
	return s.stmt().w("DELETE FROM ", store.Ident(tokenTable), " WHERE ", store.Ident("user_id"), " = ").id(ev.ID).exec(ctx, ev.Conn)
}

// rotateToken answers POST /api/calendar/token: a new feed URL for the
// caller, shown this once (only its hash is kept).
func (s *sched) rotateToken(c *fiber.Ctx) error {
	if len(c.Body()) > 0 {
		var body map[string]any
		if err := rest.DecodeBody(c, &body); err != nil {
			return err
		}
		for k := range body {
			return errs.InvalidKey(k, k, "body", "")
		}
	}
	uid := s.api.Caller(c).UserID
	if uid == 0 {
		return errs.New(errs.KindUnauthorized, "Missing or invalid credentials")
	}
	raw := make([]byte, tokenBytes)
	if _, err := rand.Read(raw); err != nil {
		return err
	}
	token := hex.EncodeToString(raw)
	// One statement, an upsert, on both databases: the user's row is
	// created or its hash replaced.
	err := s.stmt().w("INSERT INTO ", store.Ident(tokenTable), " (", store.Ident("user_id"), ", ", store.Ident("token_hash"), ", ",
		store.Ident("created_at"), ") VALUES (").id(uid).w(", ").str(tokenHash(token)).w(", ").at(s.now().UTC()).
		w(") ON CONFLICT (", store.Ident("user_id"), ") DO UPDATE SET ", store.Ident("token_hash"), " = excluded.", store.Ident("token_hash"),
			", ", store.Ident("created_at"), " = excluded.", store.Ident("created_at")).
		exec(c.UserContext(), s.api.Content.DB.Bun)
	if err != nil {
		return err
	}
	path := "/api/calendar/" + token + ".ics"
	return rest.WriteData(c, fiber.StatusOK, fiber.Map{
		"url":    c.BaseURL() + path,
		"webcal": "webcal://" + c.Hostname() + path,
		"path":   path,
	})
}

// tokenUser finds the user whose feed token hashes to h (whether they may
// still have a feed is the caller's business). Not found is errs.NotFound.
func (s *sched) tokenUser(ctx context.Context, h string) (int64, error) {
	ids, err := s.stmt().w("SELECT ", store.Ident("user_id"), " FROM ", store.Ident(tokenTable),
		" WHERE ", store.Ident("token_hash"), " = ").str(h).int64s(ctx, s.api.Content.DB.Bun)
	if err != nil {
		return 0, err
	}
	if len(ids) != 1 {
		return 0, errs.NotFound()
	}
	return ids[0], nil
}

// tokenHash is what is stored for a token.
func tokenHash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
