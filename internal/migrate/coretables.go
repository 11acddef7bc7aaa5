package migrate

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// coreTables are the tables of the core itself (the API tokens, the
// webhooks and their outbox): a migration creates them when they are
// missing, as it does its state table, and they are no part of the
// snapshot of what the schema asked for, so no schema change alters or
// drops them. A later change to one is a step of its own in the planner.
func coreTables(d database.Dialect) []TableDef {
	return append(append(apiTokenTables(d), webhookTables(d)...), localeTable(d))
}

// LocalesTable holds the configured locales (config/i18n.yaml), kept in
// step with the file at every start by internal/locales, so that each has
// the stable id, documentId and dates GET /api/i18n/locales answers.
const LocalesTable = "kiln_locales"

func localeTable(d database.Dialect) TableDef {
	return TableDef{Name: LocalesTable, Columns: []ColumnDef{idColumn(d),
		{Name: schema.ColDocumentID, Type: "VARCHAR(24)", NotNull: true},
		{Name: "code", Type: "VARCHAR(35)", NotNull: true},
		{Name: "name", Type: "VARCHAR(255)", NotNull: true},
		{Name: "created_at", Type: "BIGINT", NotNull: true}, // unix milliseconds
		{Name: "updated_at", Type: "BIGINT", NotNull: true}},
		Indexes: []IndexDef{{Name: LocalesTable + "_code_uq", Columns: []string{"code"}, Unique: true}}}
}

// APITokenTable holds the API tokens: a core table, made and kept by the
// migrations like the entry tables, but no content type, so no route of
// the API reads or writes it. Each row keeps the keyed hash of its token,
// never the token. internal/apitoken owns its rows and their SQL.
const APITokenTable = "kiln_api_tokens"

// apiTokenTables are the API tokens' core table (see coreTables).
func apiTokenTables(d database.Dialect) []TableDef {
	dt := timeKind.Column(d)
	return []TableDef{{
		Name: APITokenTable,
		Columns: []ColumnDef{
			idColumn(d),
			{Name: "name", Type: "VARCHAR(255)", NotNull: true},
			{Name: "description", Type: "TEXT"},
			{Name: "kind", Type: "VARCHAR(16)", NotNull: true},
			{Name: "actions", Type: "TEXT"}, // a JSON array, custom tokens only
			{Name: "token_hash", Type: "VARCHAR(64)", NotNull: true},
			{Name: "expires_at", Type: dt},
			{Name: "last_used_at", Type: dt},
			{Name: schema.ColCreatedAt, Type: dt, NotNull: true},
		},
		Indexes: []IndexDef{
			{Name: APITokenTable + "_name_uq", Columns: []string{"name"}, Unique: true},
			// The one lookup a request makes.
			{Name: APITokenTable + "_token_hash_uq", Columns: []string{"token_hash"}, Unique: true},
		},
	}}
}

// The webhooks' core tables (internal/webhook): the webhooks, and the outbox
// that is also the delivery log. Times are unix milliseconds, which both
// databases compare as integers.
const (
	WebhooksTable   = "kiln_webhooks"
	DeliveriesTable = "kiln_webhook_deliveries"
)

// webhookTables are the webhooks' core tables (see coreTables).
func webhookTables(d database.Dialect) []TableDef {
	text := ColumnDef{Type: "TEXT"}
	col := func(name, typ string, notNull bool) ColumnDef {
		c := text
		c.Name, c.Type, c.NotNull = name, typ, notNull
		return c
	}
	return []TableDef{
		{Name: WebhooksTable, Columns: []ColumnDef{idColumn(d),
			col("name", "VARCHAR(255)", true), col("url", "TEXT", true), col("events", "TEXT", true),
			col("types", "TEXT", true), col("headers", "TEXT", true), col("secret", "TEXT", false),
			col("enabled", "INTEGER", true), col("source", "VARCHAR(16)", true),
			col("created_at", "BIGINT", true), col("updated_at", "BIGINT", true)},
			Indexes: []IndexDef{{Name: WebhooksTable + "_name_uq", Columns: []string{"name"}, Unique: true}}},
		{Name: DeliveriesTable, Columns: []ColumnDef{idColumn(d),
			col("webhook_id", "BIGINT", true), col("event", "VARCHAR(255)", true), col("payload", "TEXT", true),
			col("status", "VARCHAR(16)", true), col("attempts", "INTEGER", true), col("next_at", "BIGINT", true),
			col("locked_until", "BIGINT", true), col("last_error", "TEXT", false), col("last_status", "INTEGER", false),
			col("duration_ms", "BIGINT", false), col("created_at", "BIGINT", true), col("delivered_at", "BIGINT", false)},
			Indexes: []IndexDef{
				{Name: DeliveriesTable + "_due", Columns: []string{"status", "next_at"}},
				{Name: DeliveriesTable + "_webhook", Columns: []string{"webhook_id", "id"}}}},
	}
}
