== published (the default)
-- blueprint?pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."level", t0."duration_weeks", t0."outline", t0."created_at", t0."updated_at", t0."published_at" FROM "blueprints" t0 WHERE t0."published_at" IS NOT NULL ORDER BY t0."id" LIMIT 25

== draft
-- blueprint?status=draft&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."level", t0."duration_weeks", t0."outline", t0."created_at", t0."updated_at", t0."published_at" FROM "blueprints" t0 WHERE (t0."published_at" IS NULL OR NOT EXISTS (SELECT 1 FROM "blueprints" t1 WHERE t1."document_id" = t0."document_id" AND t1."published_at" IS NULL)) ORDER BY t0."id" LIMIT 25

== draft, the caller may not read drafts
-- blueprint?status=draft&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."level", t0."duration_weeks", t0."outline", t0."created_at", t0."updated_at", t0."published_at" FROM "blueprints" t0 WHERE t0."published_at" IS NOT NULL ORDER BY t0."id" LIMIT 25

== draft read of a plain type through a draft & publish relation (mismatched hop)
-- program?status=draft&filters[blueprint][level][$eq]=advanced&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at", t0."updated_at", t0."published_at" FROM "programs" t0 WHERE (t0."blueprint_id" IS NOT NULL AND t0."blueprint_id" IN (SELECT t1."id" FROM "blueprints" t1 WHERE t1."level" = ? AND t1."published_at" IS NOT NULL)) ORDER BY t0."id" LIMIT 25
-- args: "advanced"

== findOne by documentId, published
-- blueprint?
-- findOne abc
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."level", t0."duration_weeks", t0."outline", t0."created_at", t0."updated_at", t0."published_at" FROM "blueprints" t0 WHERE t0."document_id" = ? AND t0."published_at" IS NOT NULL ORDER BY t0."id"
-- args: "abc"

== findOne by a row id, draft, scoped
-- blueprint?status=draft&fields[0]=title
-- findOne 2
SELECT t0."id", t0."document_id", t0."title" FROM "blueprints" t0 WHERE t0."id" = COALESCE((SELECT t1."id" FROM "blueprints" t1 WHERE t1."document_id" = (SELECT t2."document_id" FROM "blueprints" t2 WHERE t2."id" = ?) AND t1."published_at" IS NULL), (SELECT t3."id" FROM "blueprints" t3 WHERE t3."document_id" = (SELECT t4."document_id" FROM "blueprints" t4 WHERE t4."id" = ?) AND t3."published_at" IS NOT NULL)) AND t0."level" <> ? ORDER BY t0."id"
-- args: 2, 2, "advanced"

== findOne by id on a plain type
-- program?
-- findOne 7
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at", t0."updated_at", t0."published_at" FROM "programs" t0 WHERE t0."id" = ? ORDER BY t0."id"
-- args: 7

