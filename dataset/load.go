package dataset

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/query"
)

// DemoUser is a user the seed creates. It has no fixed password: a
// password anyone can read in the repository would open every demo
// install. Seed makes them (see Account).
type DemoUser struct {
	Role, Username, Email string
	// Links is the record the user is linked to ("coach 1").
	Links string
}

// DemoUsers are one user per role, printed after seeding.
var DemoUsers = []DemoUser{
	{Role: "admin", Username: "demo-admin", Email: "admin@kiln.local"},
	{Role: "coach", Username: "demo-coach", Email: "coach@kiln.local", Links: "coach"},
	{Role: "learner", Username: "demo-learner", Email: "learner@kiln.local", Links: "learner"},
	{Role: "authenticated", Username: "demo-user", Email: "user@kiln.local"},
}

// Account is a demo user as created, with its password: the only place
// the password is kept in clear, to be printed once.
type Account struct {
	DemoUser
	Password string
}

// Progress is told after each batch of a table is written.
type Progress func(table string, done, total int)

// Options are the choices of one Seed.
type Options struct {
	// Password is every demo user's password; empty gives each a random one.
	Password string
	// Progress, when set, is told as each table is written.
	Progress Progress
}

// Load is Seed with random passwords that it forgets: for tests and tools
// that work as the users through tokens, never signing in.
func Load(ctx context.Context, svc *content.Service, set *Set, roleIDs map[string]int64, progress Progress) error {
	_, err := Seed(ctx, svc, set, roleIDs, Options{Progress: progress})
	return err
}

// Seed writes the set into an empty database in one transaction —
// multi-row INSERTs, so the large set loads in seconds — then the demo
// users, the coach's and learner's linked to the first coach and learner,
// updates the planner's statistics (ANALYZE), and returns the users with
// their passwords. The schema and roles must
// have what the set needs (Missing).
func Seed(ctx context.Context, svc *content.Service, set *Set, roleIDs map[string]int64, o Options) ([]Account, error) {
	if missing := set.Missing(svc.Schema, roleIDs); len(missing) > 0 {
		return nil, fmt.Errorf("the demo data needs %s", strings.Join(missing, ", "))
	}
	accounts := make([]Account, len(DemoUsers))
	for i, u := range DemoUsers {
		accounts[i] = Account{DemoUser: u, Password: o.Password}
		if accounts[i].Password == "" {
			accounts[i].Password = rand.Text()
		}
	}
	progress := o.Progress
	for _, t := range set.Tables {
		ct := svc.Schema.Type(t.Type)
		if empty, err := svc.Empty(ctx, ct); err != nil || !empty {
			if err == nil {
				err = fmt.Errorf("the database already has %s: seed an empty database", ct.Plural)
			}
			return nil, err
		}
	}
	err := svc.InTx(ctx, func(ctx context.Context, tx *content.Tx) error {
		linked, err := demoUsers(ctx, svc, tx, accounts, roleIDs)
		if err != nil {
			return err
		}
		for _, t := range set.Tables {
			if err := loadTable(ctx, svc, tx, withUser(t, linked[t.Type]), progress); err != nil {
				return err
			}
		}
		// Links last: both sides of every pair exist by then.
		for _, t := range set.Tables {
			ct := svc.Schema.Type(t.Type)
			for _, l := range t.Links {
				if err := tx.BulkLink(ctx, ct.Attr(l.Field), l.Pairs); err != nil {
					return err
				}
			}
		}
		return tx.CompleteVersions(ctx)
	})
	if err != nil {
		return nil, err
	}
	// The planner's statistics for what was just loaded: without them
	// PostgreSQL plans every read of the fresh tables blind (a page of
	// 25 sorted out of every matching row, not read in index order) until
	// autovacuum, which may be off, gets round to them.
	if err := svc.Analyze(ctx); err != nil {
		return nil, fmt.Errorf("updating the planner's statistics: %w", err)
	}
	return accounts, nil
}

// withUser gives the first row of a table the demo user linked to it, as
// a copy (the set itself is not changed, so it can be loaded again).
func withUser(t *Table, userID int64) *Table {
	if userID == 0 || len(t.Rows) == 0 {
		return t
	}
	c := *t
	c.Fields = append(append([]string(nil), t.Fields...), "user")
	c.Rows = make([][]any, len(t.Rows))
	for i, row := range t.Rows {
		c.Rows[i] = append(append([]any(nil), row...), nil)
	}
	c.Rows[0][len(c.Fields)-1] = userID
	return &c
}

func loadTable(ctx context.Context, svc *content.Service, tx *content.Tx, t *Table, progress Progress) error {
	ct := svc.Schema.Type(t.Type)
	rows := content.BulkRows{Type: ct, DocumentIDs: t.DocumentIDs, CreatedAt: t.CreatedAt, Published: t.Published, Values: t.Rows}
	for _, f := range t.Fields {
		a := ct.Attr(f)
		if a == nil || (a.IsRelation() && a.Column == "") {
			return fmt.Errorf("dataset: %s.%s is not a column of the schema", t.Type, f)
		}
		rows.Fields = append(rows.Fields, a)
	}
	rows.IDs = make([]int64, len(t.Rows))
	for i := range rows.IDs {
		rows.IDs[i] = int64(i + 1)
	}
	const chunk = 5000
	for start := 0; start < len(t.Rows); start += chunk {
		end := min(start+chunk, len(t.Rows))
		part := rows
		part.IDs, part.DocumentIDs, part.CreatedAt, part.Values = rows.IDs[start:end], rows.DocumentIDs[start:end], rows.CreatedAt[start:end], rows.Values[start:end]
		if rows.Published != nil {
			part.Published = rows.Published[start:end]
		}
		if err := tx.BulkInsert(ctx, part); err != nil {
			return err
		}
		if progress != nil {
			progress(ct.Plural, end, len(t.Rows))
		}
	}
	return nil
}

// demoUsers creates the users through the content service, so their
// passwords are hashed as any user's are, and returns the ids of those to
// link by the type they link to.
func demoUsers(ctx context.Context, svc *content.Service, tx *content.Tx, accounts []Account, roleIDs map[string]int64) (map[string]int64, error) {
	user := svc.Schema.Type("user")
	linked := map[string]int64{}
	for _, u := range accounts {
		e, err := tx.Create(ctx, &query.Query{Type: user, Fields: query.IDsOnly()}, content.NewWrite(user).
			Set("username", u.Username).Set("email", u.Email).Set("password", u.Password).Set("provider", "local").Set("confirmed", true).
			SetRelation("role", content.ID(roleIDs[u.Role])), content.ReadOptions{})
		if err != nil {
			return nil, fmt.Errorf("demo user %s: %w", u.Username, err)
		}
		if u.Links != "" {
			linked[u.Links] = e.ID
		}
	}
	return linked, nil
}
