== one locale
-- story?locale=fr&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."code", t0."rating", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."locale" FROM "stories" t0 WHERE t0."published_at" IS NOT NULL AND t0."locale" = ? ORDER BY t0."id" LIMIT 25
-- args: "fr"

== every locale
-- story?locale=*&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."code", t0."rating", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."locale" FROM "stories" t0 WHERE t0."published_at" IS NOT NULL ORDER BY t0."id" LIMIT 25

== with a fallback, published
-- story?locale=de&fallbackLocale=en&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."code", t0."rating", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."locale" FROM "stories" t0 WHERE t0."published_at" IS NOT NULL AND (t0."locale" = ? OR t0."locale" = ? AND NOT EXISTS (SELECT 1 FROM "stories" t1 WHERE t1."document_id" = t0."document_id" AND t1."locale" = ? AND t1."published_at" IS NOT NULL)) ORDER BY t0."id" LIMIT 25
-- args: "de", "en", "de"

== with a fallback, draft
-- story?locale=de&fallbackLocale=en&status=draft&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."code", t0."rating", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."locale" FROM "stories" t0 WHERE (t0."published_at" IS NULL OR NOT EXISTS (SELECT 1 FROM "stories" t1 WHERE t1."document_id" = t0."document_id" AND t1."locale" = t0."locale" AND t1."published_at" IS NULL)) AND (t0."locale" = ? OR t0."locale" = ? AND NOT EXISTS (SELECT 1 FROM "stories" t2 WHERE t2."document_id" = t0."document_id" AND t2."locale" = ?)) ORDER BY t0."id" LIMIT 25
-- args: "de", "en", "de"

== localizations populated
-- story?locale=fr&populate=localizations&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."code", t0."rating", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."locale" FROM "stories" t0 WHERE t0."published_at" IS NOT NULL AND t0."locale" = ? ORDER BY t0."id" LIMIT 25
-- args: "fr"
-- populate localizations
SELECT t0."id", t0."document_id", t0."title", t0."code", t0."rating", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."locale", l."id" FROM "stories" l JOIN "stories" t0 ON t0."document_id" = l."document_id" AND t0."locale" <> l."locale" WHERE l."id" IN (?, ?) AND t0."published_at" IS NOT NULL ORDER BY t0."locale" COLLATE "C" ASC NULLS LAST, t0."id"
-- args: 1, 2

== findOne by documentId in a locale, draft
-- story?locale=fr&status=draft
-- findOne abc
SELECT t0."id", t0."document_id", t0."title", t0."code", t0."rating", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."locale" FROM "stories" t0 WHERE t0."id" = COALESCE((SELECT t1."id" FROM "stories" t1 WHERE t1."document_id" = ? AND t1."locale" = ? AND t1."published_at" IS NULL), (SELECT t2."id" FROM "stories" t2 WHERE t2."document_id" = ? AND t2."locale" = ? AND t2."published_at" IS NOT NULL)) AND t0."locale" = ? ORDER BY t0."id"
-- args: "abc", "fr", "abc", "fr", "fr"

