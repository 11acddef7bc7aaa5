package scheduling

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/hook"
	"github.com/kiln-cms/kiln/core/plugin"
	"github.com/kiln-cms/kiln/core/reply"
	"github.com/kiln-cms/kiln/core/schema"
)

// The personal feed's credential. A calendar app subscribes to a URL and
// polls it with no way to send a bearer token, and a JWT expires; so the
// URL itself carries a secret: 32 random bytes, hex. Only its SHA-256 is
// stored, so a copy of the database opens no feed. Rotating replaces the
// hash and the old URL stops working at once.
//
// The hashes live in a table of the plugin's own (declared in Tables,
// made by the migrations), not in a private field of the user: a field
// added through content-types/user.yaml changes the shipped user type,
// which the core's schema tests pin. The table is no content type, so no
// generic route can ever read, filter or write it; the core's migrations
// never drop it unless told to.

const (
	tokenBytes = 32
	tokenTable = "scheduling_calendar_tokens"
)

// tokenTableDef declares the token table: one row per user, the hash
// unique so the feed finds its user by index.
func tokenTableDef() plugin.Table {
	return plugin.Table{Name: tokenTable, Key: []string{"user_id"}, Columns: []plugin.Column{
		{Name: "user_id", Type: schema.BigInteger},
		{Name: "token_hash", Type: schema.String, Required: true, Unique: true},
		{Name: "created_at", Type: schema.DateTime, Required: true},
	}}
}

// forgetToken is the user's BeforeDelete hook: a deleted user's token goes
// with them, in the same transaction.
func (s *sched) forgetToken(ctx context.Context, ev *hook.Event) error {
	_, err := s.api.Content.TxOf(ev).Statement(content.ReadOptions{}).
		W("DELETE FROM ").Own(tokenTable).W(" WHERE user_id = ").Int(ev.ID).Exec(ctx)
	return err
}

// rotateToken answers POST /api/calendar/token: a new feed URL for the
// caller, shown this once (only its hash is kept).
func (s *sched) rotateToken(c *fiber.Ctx) error {
	if len(c.Body()) > 0 {
		var body map[string]any
		if err := reply.DecodeBody(c, &body); err != nil {
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
	err := s.api.Content.InTx(c.UserContext(), func(ctx context.Context, tx content.TxDoor) error {
		_, err := tx.Statement(content.ReadOptions{}).W("INSERT INTO ").Own(tokenTable).W(" (user_id, token_hash, created_at) VALUES (").
			Int(uid).W(", ").Str(tokenHash(token)).W(", ").At(s.now().UTC()).
			W(") ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, created_at = excluded.created_at").Exec(ctx)
		return err
	})
	if err != nil {
		return err
	}
	path := "/api/calendar/" + token + ".ics"
	return reply.Data(c, fiber.StatusOK, fiber.Map{
		"url":    c.BaseURL() + path,
		"webcal": "webcal://" + c.Hostname() + path,
		"path":   path,
	})
}

// tokenUser finds the user whose feed token hashes to h (whether they may
// still have a feed is the caller's business). Not found is errs.NotFound.
func (s *sched) tokenUser(ctx context.Context, h string) (int64, error) {
	ids, err := s.api.Content.Statement(content.ReadOptions{}).W("SELECT user_id FROM ").Own(tokenTable).
		W(" WHERE token_hash = ").Str(h).Ints64(ctx)
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
