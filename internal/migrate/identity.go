package migrate

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// The names of the core's trigger functions and triggers. Like the core
// tables they are made when missing (at every migration); a function's
// text is replaced when it differs, a trigger is found by its name (one
// that fires on other events gets a new name).
const (
	identityUserFunc    = "kiln_identity_user"
	identityAllFunc     = "kiln_identity_all"
	identityUserTrigger = "kiln_identity_user"
	identityUserTrunc   = "kiln_identity_user_truncate"
	identityRoleTrigger = "kiln_identity_role"
	identityTokensFunc  = "kiln_identity_tokens"
	identityTokensTrig  = "kiln_identity_tokens"
)

// identityFuncs are the trigger functions' bodies (what pg_proc.prosrc
// holds), by name.
func identityFuncs() map[string]string {
	id := database.Ident(schema.ColID)
	notify := func(what string) string {
		return "PERFORM pg_notify('" + database.IdentityChannel + "', TG_TABLE_SCHEMA || ':' || " + what + ");"
	}
	return map[string]string{
		identityUserFunc: "\nBEGIN\n  " + notify("'u:' || OLD."+id) +
			"\n  IF TG_OP = 'UPDATE' AND NEW." + id + " IS DISTINCT FROM OLD." + id + " THEN\n    " + notify("'u:' || NEW."+id) +
			"\n  END IF;\n  RETURN NULL;\nEND\n",
		identityAllFunc:    "\nBEGIN\n  " + notify("'all'") + "\n  RETURN NULL;\nEND\n",
		identityTokensFunc: "\nBEGIN\n  " + notify("'tokens'") + "\n  RETURN NULL;\nEND\n",
	}
}

// identityTriggers are the triggers, by table: a user updated or deleted
// names that user; the user table truncated, or any role updated,
// deleted or truncated (a role's type is what a user's rights follow),
// names everyone. An API token deleted, or its hash, kind, actions or
// expiry changed, names every token; its last-used time, written once a
// minute, does not. A new row needs nothing: nothing missing is kept.
func identityTriggers(sc *schema.Schema) []struct{ name, table, sql string } {
	u, r, tk := database.Ident(sc.Type("user").Table), database.Ident(sc.Type("role").Table), database.Ident(APITokenTable)
	return []struct{ name, table, sql string }{
		{identityUserTrigger, u, "AFTER UPDATE OR DELETE ON " + u + " FOR EACH ROW EXECUTE FUNCTION " + identityUserFunc + "()"},
		{identityUserTrunc, u, "AFTER TRUNCATE ON " + u + " FOR EACH STATEMENT EXECUTE FUNCTION " + identityAllFunc + "()"},
		{identityRoleTrigger, r, "AFTER UPDATE OR DELETE OR TRUNCATE ON " + r + " FOR EACH STATEMENT EXECUTE FUNCTION " + identityAllFunc + "()"},
		{identityTokensTrig, tk, "AFTER UPDATE OF " + database.Ident(schema.ColID) + `, "token_hash", "kind", "actions", "expires_at" OR DELETE OR TRUNCATE ON ` + tk +
			" FOR EACH STATEMENT EXECUTE FUNCTION " + identityTokensFunc + "()"},
	}
}

// ensureIdentityTriggers makes the identity triggers of the schema's user
// and role tables, in the current schema, when one is missing or its
// function's text differs; nothing when all are in place, so that a
// start takes no lock on the user table. PostgreSQL only; it runs in the
// migration's transaction, under its advisory lock.
func ensureIdentityTriggers(ctx context.Context, tx database.Conn, sc *schema.Schema) error {
	if sc.Type("user") == nil || sc.Type("role") == nil {
		return nil
	}
	for name, body := range identityFuncs() {
		var have string
		err := tx.QueryRowContext(ctx, "SELECT COALESCE((SELECT p.prosrc FROM pg_proc p WHERE p.proname = ? AND p.pronamespace = "+
			"(SELECT oid FROM pg_namespace WHERE nspname = current_schema())), '')", name).Scan(&have)
		if err != nil {
			return fmt.Errorf("reading the identity trigger functions: %w", err)
		}
		if have == body {
			continue
		}
		if _, err := tx.ExecContext(ctx, "CREATE OR REPLACE FUNCTION "+name+"() RETURNS trigger LANGUAGE plpgsql AS $kiln$"+body+"$kiln$"); err != nil {
			return fmt.Errorf("creating the identity trigger function %s: %w", name, err)
		}
	}
	for _, t := range identityTriggers(sc) {
		var n int
		err := tx.QueryRowContext(ctx, "SELECT COUNT(*) FROM pg_trigger WHERE tgname = ? AND tgrelid = to_regclass(?)", t.name, t.table).Scan(&n)
		if err != nil {
			return fmt.Errorf("reading the identity triggers: %w", err)
		}
		if n > 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, "CREATE TRIGGER "+t.name+" "+t.sql); err != nil {
			return fmt.Errorf("creating the identity trigger %s: %w", t.name, err)
		}
	}
	return nil
}
