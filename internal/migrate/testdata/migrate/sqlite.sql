-- == an empty database

-- create table kiln_schema_state (what Kiln applied)
CREATE TABLE "kiln_schema_state" (
  "name" VARCHAR(255) PRIMARY KEY,
  "def" TEXT NOT NULL
);

-- create table kiln_api_tokens
CREATE TABLE "kiln_api_tokens" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "name" VARCHAR(255) NOT NULL,
  "description" TEXT,
  "kind" VARCHAR(16) NOT NULL,
  "actions" TEXT,
  "token_hash" VARCHAR(64) NOT NULL,
  "expires_at" TEXT,
  "last_used_at" TEXT,
  "created_at" TEXT NOT NULL
);

-- create table kiln_webhooks
CREATE TABLE "kiln_webhooks" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "name" VARCHAR(255) NOT NULL,
  "url" TEXT NOT NULL,
  "events" TEXT NOT NULL,
  "types" TEXT NOT NULL,
  "headers" TEXT NOT NULL,
  "secret" TEXT,
  "enabled" INTEGER NOT NULL,
  "source" VARCHAR(16) NOT NULL,
  "created_at" BIGINT NOT NULL,
  "updated_at" BIGINT NOT NULL
);

-- create table kiln_webhook_deliveries
CREATE TABLE "kiln_webhook_deliveries" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "webhook_id" BIGINT NOT NULL,
  "event" VARCHAR(255) NOT NULL,
  "payload" TEXT NOT NULL,
  "status" VARCHAR(16) NOT NULL,
  "attempts" INTEGER NOT NULL,
  "next_at" BIGINT NOT NULL,
  "locked_until" BIGINT NOT NULL,
  "last_error" TEXT,
  "last_status" INTEGER,
  "duration_ms" BIGINT,
  "created_at" BIGINT NOT NULL,
  "delivered_at" BIGINT
);

-- create table kiln_locales
CREATE TABLE "kiln_locales" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "document_id" VARCHAR(24) NOT NULL,
  "code" VARCHAR(35) NOT NULL,
  "name" VARCHAR(255) NOT NULL,
  "created_at" BIGINT NOT NULL,
  "updated_at" BIGINT NOT NULL
);

-- create table files
CREATE TABLE "files" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "document_id" VARCHAR(24) NOT NULL,
  "name" VARCHAR(255),
  "alternative_text" TEXT,
  "caption" TEXT,
  "focal_point" TEXT,
  "width" INTEGER,
  "height" INTEGER,
  "formats" TEXT,
  "hash" VARCHAR(255),
  "ext" VARCHAR(255),
  "mime" VARCHAR(255),
  "size" REAL,
  "url" TEXT,
  "preview_url" TEXT,
  "provider" VARCHAR(255),
  "provider_metadata" TEXT,
  "folder_path" VARCHAR(255),
  "created_at" TEXT NOT NULL,
  "updated_at" TEXT NOT NULL,
  "published_at" TEXT
);

-- create table notes
CREATE TABLE "notes" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "document_id" VARCHAR(24) NOT NULL,
  "title" VARCHAR(255),
  "pages" INTEGER,
  "old" TEXT,
  "tag_id" BIGINT REFERENCES "tags" ("id") ON DELETE SET NULL,
  "created_at" TEXT NOT NULL,
  "updated_at" TEXT NOT NULL,
  "published_at" TEXT
);

-- create table roles
CREATE TABLE "roles" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "document_id" VARCHAR(24) NOT NULL,
  "name" VARCHAR(255),
  "description" VARCHAR(255),
  "type" VARCHAR(255),
  "created_at" TEXT NOT NULL,
  "updated_at" TEXT NOT NULL,
  "published_at" TEXT
);

-- create table tags
CREATE TABLE "tags" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "document_id" VARCHAR(24) NOT NULL,
  "name" VARCHAR(255),
  "created_at" TEXT NOT NULL,
  "updated_at" TEXT NOT NULL,
  "published_at" TEXT
);

-- create table users
CREATE TABLE "users" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "document_id" VARCHAR(24) NOT NULL,
  "username" VARCHAR(255),
  "email" VARCHAR(255),
  "provider" VARCHAR(255),
  "password" VARCHAR(255),
  "reset_password_token" VARCHAR(255),
  "reset_password_expires_at" TEXT,
  "confirmation_token" VARCHAR(255),
  "confirmed" INTEGER,
  "blocked" INTEGER,
  "token_version" INTEGER,
  "role_id" BIGINT REFERENCES "roles" ("id") ON DELETE SET NULL,
  "created_at" TEXT NOT NULL,
  "updated_at" TEXT NOT NULL,
  "published_at" TEXT
);

-- create table notes_tags_lnk
CREATE TABLE "notes_tags_lnk" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "note_id" BIGINT NOT NULL REFERENCES "notes" ("id") ON DELETE CASCADE,
  "tag_id" BIGINT NOT NULL REFERENCES "tags" ("id") ON DELETE CASCADE,
  "tag_ord" BIGINT,
  "note_ord" BIGINT
);

-- create index kiln_api_tokens_name_uq on kiln_api_tokens (name)
CREATE UNIQUE INDEX IF NOT EXISTS "kiln_api_tokens_name_uq" ON "kiln_api_tokens" ("name");

-- create index kiln_api_tokens_token_hash_uq on kiln_api_tokens (token_hash)
CREATE UNIQUE INDEX IF NOT EXISTS "kiln_api_tokens_token_hash_uq" ON "kiln_api_tokens" ("token_hash");

-- create index kiln_webhooks_name_uq on kiln_webhooks (name)
CREATE UNIQUE INDEX IF NOT EXISTS "kiln_webhooks_name_uq" ON "kiln_webhooks" ("name");

-- create index kiln_webhook_deliveries_due on kiln_webhook_deliveries (status, next_at)
CREATE INDEX IF NOT EXISTS "kiln_webhook_deliveries_due" ON "kiln_webhook_deliveries" ("status", "next_at");

-- create index kiln_webhook_deliveries_webhook on kiln_webhook_deliveries (webhook_id, id)
CREATE INDEX IF NOT EXISTS "kiln_webhook_deliveries_webhook" ON "kiln_webhook_deliveries" ("webhook_id", "id");

-- create index kiln_locales_code_uq on kiln_locales (code)
CREATE UNIQUE INDEX IF NOT EXISTS "kiln_locales_code_uq" ON "kiln_locales" ("code");

-- create index files_document_id_uq on files (document_id)
CREATE UNIQUE INDEX IF NOT EXISTS "files_document_id_uq" ON "files" ("document_id");

-- create index files_published_at_idx on files (published_at)
CREATE INDEX IF NOT EXISTS "files_published_at_idx" ON "files" ("published_at");

-- create index notes_document_id_uq on notes (document_id)
CREATE UNIQUE INDEX IF NOT EXISTS "notes_document_id_uq" ON "notes" ("document_id");

-- create index notes_title_uq on notes (title)
CREATE UNIQUE INDEX IF NOT EXISTS "notes_title_uq" ON "notes" ("title");

-- create index notes_pages_idx on notes (pages)
CREATE INDEX IF NOT EXISTS "notes_pages_idx" ON "notes" ("pages");

-- create index notes_tag_id_idx on notes (tag_id)
CREATE INDEX IF NOT EXISTS "notes_tag_id_idx" ON "notes" ("tag_id");

-- create index notes_published_at_idx on notes (published_at)
CREATE INDEX IF NOT EXISTS "notes_published_at_idx" ON "notes" ("published_at");

-- create index roles_document_id_uq on roles (document_id)
CREATE UNIQUE INDEX IF NOT EXISTS "roles_document_id_uq" ON "roles" ("document_id");

-- create index roles_type_uq on roles (type)
CREATE UNIQUE INDEX IF NOT EXISTS "roles_type_uq" ON "roles" ("type");

-- create index roles_published_at_idx on roles (published_at)
CREATE INDEX IF NOT EXISTS "roles_published_at_idx" ON "roles" ("published_at");

-- create index tags_document_id_uq on tags (document_id)
CREATE UNIQUE INDEX IF NOT EXISTS "tags_document_id_uq" ON "tags" ("document_id");

-- create index tags_name_uq on tags (name)
CREATE UNIQUE INDEX IF NOT EXISTS "tags_name_uq" ON "tags" ("name");

-- create index tags_published_at_idx on tags (published_at)
CREATE INDEX IF NOT EXISTS "tags_published_at_idx" ON "tags" ("published_at");

-- create index users_document_id_uq on users (document_id)
CREATE UNIQUE INDEX IF NOT EXISTS "users_document_id_uq" ON "users" ("document_id");

-- create index users_username_uq on users (username)
CREATE UNIQUE INDEX IF NOT EXISTS "users_username_uq" ON "users" ("username");

-- create index users_email_uq on users (email)
CREATE UNIQUE INDEX IF NOT EXISTS "users_email_uq" ON "users" ("email");

-- create index users_confirmed_idx on users (confirmed)
CREATE INDEX IF NOT EXISTS "users_confirmed_idx" ON "users" ("confirmed");

-- create index users_blocked_idx on users (blocked)
CREATE INDEX IF NOT EXISTS "users_blocked_idx" ON "users" ("blocked");

-- create index users_role_id_idx on users (role_id)
CREATE INDEX IF NOT EXISTS "users_role_id_idx" ON "users" ("role_id");

-- create index users_published_at_idx on users (published_at)
CREATE INDEX IF NOT EXISTS "users_published_at_idx" ON "users" ("published_at");

-- create index notes_tags_lnk_pair_uq on notes_tags_lnk (note_id, tag_id)
CREATE UNIQUE INDEX IF NOT EXISTS "notes_tags_lnk_pair_uq" ON "notes_tags_lnk" ("note_id", "tag_id");

-- create index notes_tags_lnk_tag_id_idx on notes_tags_lnk (tag_id)
CREATE INDEX IF NOT EXISTS "notes_tags_lnk_tag_id_idx" ON "notes_tags_lnk" ("tag_id");

-- create index notes_tags_lnk_note_ord_idx on notes_tags_lnk (tag_id, note_ord)
CREATE INDEX IF NOT EXISTS "notes_tags_lnk_note_ord_idx" ON "notes_tags_lnk" ("tag_id", "note_ord");

-- == remove a type, two relations and a field, change a type, add a field

-- add column notes.summary
ALTER TABLE "notes" ADD COLUMN "summary" TEXT;

-- DESTRUCTIVE: rebuild table notes: create kiln_rebuild_notes to drop column notes.old (data loss); drop column notes.tag_id (data loss); change type of notes.pages from integer to string (values converted)
CREATE TABLE "kiln_rebuild_notes" (
  "id" INTEGER PRIMARY KEY AUTOINCREMENT,
  "document_id" VARCHAR(24) NOT NULL,
  "title" VARCHAR(255),
  "pages" VARCHAR(255),
  "summary" TEXT,
  "created_at" TEXT NOT NULL,
  "updated_at" TEXT NOT NULL,
  "published_at" TEXT
);

-- DESTRUCTIVE: rebuild table notes: keep the id sequence
INSERT INTO sqlite_sequence (name, seq) SELECT 'kiln_rebuild_notes', seq FROM sqlite_sequence WHERE name = 'notes';

-- DESTRUCTIVE: rebuild table notes: copy the rows
INSERT INTO "kiln_rebuild_notes" ("id", "document_id", "title", "pages", "summary", "created_at", "updated_at", "published_at") SELECT "id", "document_id", "title", CAST("pages" AS TEXT), "summary", "created_at", "updated_at", "published_at" FROM "notes";

-- DESTRUCTIVE: rebuild table notes: drop the old table
DROP TABLE "notes";

-- DESTRUCTIVE: rebuild table notes: rename kiln_rebuild_notes to notes
ALTER TABLE "kiln_rebuild_notes" RENAME TO "notes";

-- DESTRUCTIVE: rebuild table notes: create index notes_document_id_uq on notes (document_id)
CREATE UNIQUE INDEX IF NOT EXISTS "notes_document_id_uq" ON "notes" ("document_id");

-- DESTRUCTIVE: rebuild table notes: create index notes_title_uq on notes (title)
CREATE UNIQUE INDEX IF NOT EXISTS "notes_title_uq" ON "notes" ("title");

-- DESTRUCTIVE: rebuild table notes: create index notes_pages_idx on notes (pages)
CREATE INDEX IF NOT EXISTS "notes_pages_idx" ON "notes" ("pages");

-- DESTRUCTIVE: rebuild table notes: create index notes_published_at_idx on notes (published_at)
CREATE INDEX IF NOT EXISTS "notes_published_at_idx" ON "notes" ("published_at");

-- DESTRUCTIVE: drop table notes_tags_lnk (data loss)
DROP TABLE "notes_tags_lnk";

-- DESTRUCTIVE: drop table tags (data loss)
DROP TABLE "tags";
