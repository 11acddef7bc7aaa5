package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/golang-jwt/jwt/v5"
	"github.com/kiln-cms/kiln/internal/database"
)

// The floor: the least a server can do to answer the same requests — the
// same SQL statements Kiln runs, sent on Kiln's pool (bun underneath, no
// statement of Kiln's own in between), rows scanned generically
// and written with encoding/json — with no query parsing, no schema, no
// validation, no permission or scope, no rate limit. Kiln's overhead is
// its throughput divided by this one's, measured in the same run.

// row is a result row whose keys keep the column order.
type row struct {
	keys []string
	vals []any
}

func (r row) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, k := range r.keys {
		if i > 0 {
			b = append(b, ',')
		}
		kb, _ := json.Marshal(k)
		b = append(b, kb...)
		b = append(b, ':')
		vb, err := json.Marshal(r.vals[i])
		if err != nil {
			return nil, err
		}
		b = append(b, vb...)
	}
	return append(b, '}'), nil
}

func (r row) get(k string) any {
	for i, kk := range r.keys {
		if kk == k {
			return r.vals[i]
		}
	}
	return nil
}

func (r *row) set(k string, v any) { r.keys, r.vals = append(r.keys, k), append(r.vals, v) }

// jsonColumns and boolColumns get their JSON types back from what the
// drivers scan (SQLite keeps booleans as 0/1 and JSON as text).
var (
	jsonColumns = map[string]bool{"outline": true, "expertise": true, "languages": true, "goals": true}
	boolColumns = map[string]bool{"active": true, "confirmed": true, "blocked": true}
)

type floor struct {
	db     *database.DB
	secret []byte
}

// rows runs a query and scans every row; columns named __x are kept for
// grouping but hidden from the JSON by the caller.
func (f *floor) rows(ctx context.Context, q string, args ...any) ([]row, error) {
	return queryRows(ctx, f.db, q, args...)
}

// queryRows runs q on db (the pool or a transaction) and reads its rows.
func queryRows(ctx context.Context, db database.Conn, q string, args ...any) ([]row, error) {
	rs, err := db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	keys := make([]string, len(cols))
	for i, c := range cols {
		keys[i] = camel(c)
	}
	var out []row
	for rs.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			return nil, err
		}
		for i, c := range cols {
			vals[i] = normalise(c, vals[i])
		}
		out = append(out, row{keys: keys, vals: vals})
	}
	return out, rs.Err()
}

func normalise(col string, v any) any {
	switch x := v.(type) {
	case time.Time:
		if col == "start_date" || col == "end_date" {
			return x.Format("2006-01-02")
		}
		return x.UTC().Format("2006-01-02T15:04:05.000Z")
	case []byte:
		if jsonColumns[col] {
			return json.RawMessage(x)
		}
		return string(x)
	case string:
		if jsonColumns[col] {
			return json.RawMessage(x)
		}
	case int64:
		if boolColumns[col] {
			return x != 0
		}
	}
	return v
}

func camel(s string) string {
	if s == "document_id" {
		return "documentId"
	}
	parts := strings.Split(s, "_")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}

const (
	programCols = `t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at", t0."updated_at", t0."published_at"`
	sessionCols = `t0."id", t0."document_id", t0."title", t0."kind", t0."duration_minutes", t0."order", t0."content", t0."created_at", t0."updated_at", t0."published_at"`
)

func (f *floor) app() *fiber.App {
	app := fiber.New(fiber.Config{DisableStartupMessage: true})
	app.Get("/s1", f.programs(false))
	app.Get("/s2", f.programs(true))
	app.Get("/s3/:doc", f.programOne)
	app.Get("/s4", f.sessionsOfCustomer)
	app.Post("/s5", f.createEvent)
	app.Get("/s6", f.me)
	app.Get("/s9", f.programsUncounted)
	return app
}

func ids(list []row, key string) string {
	seen := map[int64]bool{}
	var parts []string
	for _, r := range list {
		if id, ok := r.get(key).(int64); ok && !seen[id] {
			seen[id] = true
			parts = append(parts, strconv.FormatInt(id, 10))
		}
	}
	if len(parts) == 0 {
		return "NULL"
	}
	return strings.Join(parts, ", ")
}

// page runs Kiln's list statement: the count and the page as two
// subqueries of one statement (see store.FindPage), args given to each.
// It returns the page's rows, without the total every row carries, and
// the total; an empty page is one row of NULLs with the total.
func (f *floor) page(ctx context.Context, cols, from, where, tail string, args ...any) ([]row, int64, error) {
	q := `SELECT p.*, c.n AS __total FROM (SELECT COUNT(*) AS n FROM ` + from + ` WHERE ` + where + `) c LEFT JOIN (SELECT ` + cols +
		` FROM ` + from + ` WHERE ` + where + ` ORDER BY t0."id" ` + tail + `) p ON 1=1 ORDER BY p."id"`
	list, err := f.rows(ctx, q, append(append([]any{}, args...), args...)...)
	if err != nil {
		return nil, 0, err
	}
	var total int64
	out := list[:0]
	for _, r := range list {
		total, _ = r.vals[len(r.vals)-1].(int64)
		n := len(r.keys) - 1 // capped: a later set must not write into the shared keys
		r.keys, r.vals = r.keys[:n:n], r.vals[:n:n]
		if r.get("id") != nil {
			out = append(out, r)
		}
	}
	return out, total, nil
}

// attach nests children (grouped by their owner column) under each parent.
func attach(parents []row, children []row, ownerKey, as string, toOne bool) {
	by := map[int64][]row{}
	for _, c := range children {
		id, _ := c.get(ownerKey).(int64)
		by[id] = append(by[id], c)
	}
	for i := range parents {
		id, _ := parents[i].get("id").(int64)
		if toOne {
			var v any
			fk, _ := parents[i].get(as + "Id").(int64)
			for _, c := range children {
				if c.get("id") == fk {
					v = c
				}
			}
			parents[i].set(as, v)
			continue
		}
		list := by[id]
		if list == nil {
			list = []row{}
		}
		parents[i].set(as, list)
	}
}

func (f *floor) programs(populate bool) fiber.Handler {
	return func(c *fiber.Ctx) error {
		ctx := c.UserContext()
		cols := programCols
		if populate {
			cols += `, t0."customer_id"`
		}
		list, total, err := f.page(ctx, cols, `"programs" t0`, `t0."status" = ?`, `LIMIT 25`, "published")
		if err != nil {
			return err
		}
		if populate {
			customers, err := f.rows(ctx, `SELECT t0."id", t0."document_id", t0."name", t0."industry", t0."contact_email", t0."active", t0."created_at", t0."updated_at", t0."published_at" FROM "customers" t0 WHERE t0."id" IN (`+ids(list, "customerId")+`) ORDER BY t0."id"`)
			if err != nil {
				return err
			}
			modules, err := f.rows(ctx, `SELECT t0."id", t0."document_id", t0."title", t0."description", t0."order", t0."created_at", t0."updated_at", t0."published_at", t0."program_id" FROM "modules" t0 WHERE t0."program_id" IN (`+ids(list, "id")+`) ORDER BY t0."id"`)
			if err != nil {
				return err
			}
			sessions, err := f.rows(ctx, `SELECT `+sessionCols+`, t0."module_id" FROM "sessions" t0 WHERE t0."module_id" IN (`+ids(modules, "id")+`) ORDER BY t0."id"`)
			if err != nil {
				return err
			}
			attach(modules, sessions, "moduleId", "sessions", false)
			attach(list, modules, "programId", "modules", false)
			attach(list, customers, "", "customer", true)
		}
		return c.JSON(fiber.Map{"data": list, "meta": fiber.Map{"pagination": fiber.Map{"page": 1, "pageSize": 25, "pageCount": (total + 24) / 25, "total": total}}})
	}
}

// programsUncounted is the list with pagination[withCount]=false: the
// page alone, no total.
func (f *floor) programsUncounted(c *fiber.Ctx) error {
	list, err := f.rows(c.UserContext(), `SELECT `+programCols+` FROM "programs" t0 WHERE t0."status" = ? ORDER BY t0."id" LIMIT 25`, "published")
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": list, "meta": fiber.Map{"pagination": fiber.Map{"start": 0, "limit": 25}}})
}

// programOne is populate=*: the program and its seven relations.
func (f *floor) programOne(c *fiber.Ctx) error {
	ctx := c.UserContext()
	list, err := f.rows(ctx, `SELECT `+programCols+`, t0."customer_id", t0."blueprint_id" FROM "programs" t0 WHERE t0."document_id" = ? ORDER BY t0."id"`, c.Params("doc"))
	if err != nil || len(list) == 0 {
		return fiber.ErrNotFound
	}
	pid := ids(list, "id")
	rel := []struct {
		as, sql string
		toOne   bool
		owner   string
	}{
		{"customer", `SELECT t0."id", t0."document_id", t0."name", t0."industry", t0."contact_email", t0."active", t0."created_at", t0."updated_at", t0."published_at" FROM "customers" t0 WHERE t0."id" IN (` + ids(list, "customerId") + `)`, true, ""},
		{"blueprint", `SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."level", t0."duration_weeks", t0."outline", t0."created_at", t0."updated_at", t0."published_at" FROM "blueprints" t0 WHERE t0."id" IN (` + ids(list, "blueprintId") + `) AND t0."published_at" IS NOT NULL`, true, ""},
		{"modules", `SELECT t0."id", t0."document_id", t0."title", t0."description", t0."order", t0."created_at", t0."updated_at", t0."published_at", t0."program_id" FROM "modules" t0 WHERE t0."program_id" IN (` + pid + `) ORDER BY t0."id"`, false, "programId"},
		{"sessions", `SELECT ` + sessionCols + `, t0."program_id" FROM "sessions" t0 WHERE t0."program_id" IN (` + pid + `) ORDER BY t0."id"`, false, "programId"},
		{"coaches", `SELECT t0."id", t0."document_id", t0."name", t0."email", t0."bio", t0."expertise", t0."languages", t0."timezone", t0."max_learners", t0."rating", t0."active", t0."created_at", t0."updated_at", t0."published_at", j."program_id" FROM "programs_coaches_lnk" j JOIN "coaches" t0 ON t0."id" = j."coach_id" WHERE j."program_id" IN (` + pid + `) ORDER BY t0."id"`, false, "programId"},
		{"enrollments", `SELECT t0."id", t0."document_id", t0."status", t0."progress", t0."enrolled_at", t0."completed_at", t0."created_at", t0."updated_at", t0."published_at", t0."program_id" FROM "enrollments" t0 WHERE t0."program_id" IN (` + pid + `) ORDER BY t0."id"`, false, "programId"},
		{"events", `SELECT t0."id", t0."document_id", t0."title", t0."description", t0."start_at", t0."end_at", t0."timezone", t0."location", t0."meeting_url", t0."kind", t0."status", t0."synced_at", t0."created_at", t0."updated_at", t0."published_at", t0."program_id" FROM "events" t0 WHERE t0."program_id" IN (` + pid + `) ORDER BY t0."id"`, false, "programId"},
	}
	for _, r := range rel {
		children, err := f.rows(ctx, r.sql)
		if err != nil {
			return err
		}
		attach(list, children, r.owner, r.as, r.toOne)
	}
	return c.JSON(fiber.Map{"data": list[0], "meta": fiber.Map{}})
}

// sessionsOfCustomer is a filter two relations deep, as semi-joins.
func (f *floor) sessionsOfCustomer(c *fiber.Ctx) error {
	ctx := c.UserContext()
	where := `(t0."program_id" IS NOT NULL AND t0."program_id" IN (SELECT t1."id" FROM "programs" t1 WHERE (t1."customer_id" IS NOT NULL AND t1."customer_id" IN (SELECT t2."id" FROM "customers" t2 WHERE t2."name" = ?))))`
	list, total, err := f.page(ctx, sessionCols, `"sessions" t0`, where, `LIMIT 25`, c.Query("name"))
	if err != nil {
		return err
	}
	return c.JSON(fiber.Map{"data": list, "meta": fiber.Map{"pagination": fiber.Map{"page": 1, "pageSize": 25, "pageCount": (total + 24) / 25, "total": total}}})
}

// createEvent inserts an event with its relations and answers the row:
// the least a server runs for kiln's answer. BEGIN, the INSERT returning
// the row as stored, one multi-row link statement (with both orders, as
// kiln writes them), COMMIT; no read-back.
func (f *floor) createEvent(c *fiber.Ctx) error {
	var body struct {
		Data struct {
			Title, StartAt, EndAt   string
			Coach, Program, Session int64
			Learners                []int64
		} `json:"data"`
	}
	if err := json.Unmarshal(c.Body(), &body); err != nil {
		return fiber.ErrBadRequest
	}
	ctx := c.UserContext()
	d := body.Data
	now := time.Now().UTC().Format("2006-01-02T15:04:05.000Z")
	var list []row
	err := f.inTx(ctx, func(tx database.Conn) error {
		var err error
		list, err = queryRows(ctx, tx, `INSERT INTO "events" ("document_id", "created_at", "updated_at", "published_at", "title", "start_at", "end_at", "status", "coach_id", "program_id", "session_id") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING "id", "document_id", "title", "description", "start_at", "end_at", "timezone", "location", "meeting_url", "kind", "status", "synced_at", "created_at", "updated_at", "published_at"`,
			fmt.Sprintf("f%023d", time.Now().UnixNano()), now, now, now, d.Title, d.StartAt, d.EndAt, "scheduled", d.Coach, d.Program, d.Session)
		if err != nil || len(list) == 0 || len(d.Learners) == 0 {
			return err
		}
		id := list[0].get("id")
		var sb strings.Builder
		args := make([]any, 0, 4*len(d.Learners))
		sb.WriteString(`INSERT INTO "events_learners_lnk" ("event_id", "learner_id", "learner_ord", "event_ord") VALUES `)
		for i, l := range d.Learners {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(`(?, ?, ?, (SELECT COALESCE(MAX("event_ord"), 0) + 1 FROM "events_learners_lnk" WHERE "learner_id" = ?))`)
			args = append(args, id, l, i+1, l)
		}
		sb.WriteString(" ON CONFLICT DO NOTHING")
		_, err = tx.ExecContext(ctx, sb.String(), args...)
		return err
	})
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return fiber.ErrInternalServerError
	}
	return c.Status(201).JSON(fiber.Map{"data": list[0], "meta": fiber.Map{}})
}

// inTx runs fn in one transaction, committed when fn returns nil, as
// bun's RunInTx does: none of the queueing and retries database.DB.RunInTx
// adds for Kiln's writes.
func (f *floor) inTx(ctx context.Context, fn func(tx database.Conn) error) error {
	tx, err := f.db.Begin(ctx)
	if err != nil {
		return err
	}
	done := false
	defer func() {
		if !done {
			tx.Rollback()
		}
	}()
	if err := fn(tx); err != nil {
		return err
	}
	done = true
	return tx.Commit()
}

// me checks the JWT (HS256) and answers the user, as /api/users/me does.
// Kiln knows the caller's role, block and token version from its identity
// cache on PostgreSQL (docs/identity-cache.md), so neither side reads the
// user twice; on SQLite Kiln still reads it once more per request.
func (f *floor) me(c *fiber.Ctx) error {
	tok := strings.TrimPrefix(c.Get("Authorization"), "Bearer ")
	claims := jwt.MapClaims{}
	if _, err := jwt.ParseWithClaims(tok, claims, func(*jwt.Token) (any, error) { return f.secret, nil }, jwt.WithValidMethods([]string{"HS256"})); err != nil {
		return fiber.ErrUnauthorized
	}
	id, _ := claims["id"].(float64)
	ctx := c.UserContext()
	list, err := f.rows(ctx, `SELECT t0."id", t0."document_id", t0."username", t0."email", t0."provider", t0."confirmed", t0."blocked", t0."created_at", t0."updated_at", t0."published_at" FROM "users" t0 WHERE t0."id" = ?`, int64(id))
	if err != nil || len(list) == 0 {
		return fiber.ErrUnauthorized
	}
	return c.JSON(list[0])
}
