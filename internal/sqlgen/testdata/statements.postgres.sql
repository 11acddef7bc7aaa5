== resolve: ids and documentIds of two types, one scoped
-- store.ResolveMany
SELECT 0, t1."id", t0."id", t0."document_id", t0."published_at" IS NULL FROM "blueprints" t0 JOIN "blueprints" t1 ON t1."document_id" = t0."document_id" WHERE (t1."id" IN (?) OR t1."document_id" IN (?)) UNION ALL SELECT 1, t0."id", t0."id", t0."document_id", 1 = 0 FROM "customers" t0 WHERE (t0."document_id" IN (?)) AND t0."active" = ?
-- args: 3, "abc", "def", true

== the entry an update reads, by id and by documentId
-- store.FindEntry
-- 7
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."customer_id", t0."blueprint_id" FROM "programs" t0 WHERE t0."id" = ?
-- args: 7
-- abc
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."customer_id", t0."blueprint_id" FROM "programs" t0 WHERE t0."document_id" = ?
-- args: "abc"

== a file's related: its links' rows and their count
-- store.populateRelated
-- rows
SELECT t0."id", t0."document_id", t0."title", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, l.f, l.o, l.k FROM "albums" t0 JOIN (SELECT m."id" AS e, m."cover_id" AS f, 1 AS o, 1 AS k FROM "albums" m WHERE m."cover_id" IN (?, ?) UNION ALL SELECT m."album_id" AS e, m."file_id" AS f, m."file_ord" AS o, 2 AS k FROM "albums_gallery_lnk" m WHERE m."file_id" IN (?, ?) UNION ALL SELECT m."id" AS e, m."attachment_id" AS f, 1 AS o, 3 AS k FROM "albums" m WHERE m."attachment_id" IN (?, ?) UNION ALL SELECT m."id" AS e, m."anything_id" AS f, 1 AS o, 4 AS k FROM "albums" m WHERE m."anything_id" IN (?, ?)) l ON l.e = t0."id"
-- args: 1, 2, 1, 2, 1, 2, 1, 2
-- count
SELECT l.f, COUNT(*) FROM "albums" t0 JOIN (SELECT m."id" AS e, m."cover_id" AS f, 1 AS o, 1 AS k FROM "albums" m WHERE m."cover_id" IN (?, ?) UNION ALL SELECT m."album_id" AS e, m."file_id" AS f, m."file_ord" AS o, 2 AS k FROM "albums_gallery_lnk" m WHERE m."file_id" IN (?, ?) UNION ALL SELECT m."id" AS e, m."attachment_id" AS f, 1 AS o, 3 AS k FROM "albums" m WHERE m."attachment_id" IN (?, ?) UNION ALL SELECT m."id" AS e, m."anything_id" AS f, 1 AS o, 4 AS k FROM "albums" m WHERE m."anything_id" IN (?, ?)) l ON l.e = t0."id" GROUP BY l.f
-- args: 1, 2, 1, 2, 1, 2, 1, 2

== what a write links
-- store writes
-- a plain writer, a plain target
UPDATE x SET y = NULL WHERE z IN (?, ?)
-- args: 4, 5
-- a plain writer, a draft & publish target
UPDATE x SET y = NULL WHERE z IN (SELECT t1."id" FROM "blueprints" t1 WHERE t1."document_id" IN (SELECT t2."document_id" FROM "blueprints" t2 WHERE t2."id" IN (?, ?)))
-- args: 4, 5
-- a draft & publish writer, its own type
UPDATE x SET y = NULL WHERE z IN (SELECT t1."id" FROM "blueprints" t1 WHERE t1."document_id" IN (SELECT t2."document_id" FROM "blueprints" t2 WHERE t2."id" IN (?, ?)) AND t1."published_at" IS NULL)
-- args: 4, 5
-- a scoped writer's targets
DELETE FROM j WHERE a = 1 AND j.b IN (SELECT t1."id" FROM "customers" t1 WHERE t1."active" = ?)
-- args: true
