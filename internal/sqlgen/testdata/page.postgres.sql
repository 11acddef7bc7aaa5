== page and total
-- program?pagination[page]=3&pagination[pageSize]=10
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 ORDER BY t0."id" LIMIT 10 OFFSET 20) p ON 1=1 ORDER BY p.c0

== start and limit
-- program?pagination[start]=5&pagination[limit]=7
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 ORDER BY t0."id" LIMIT 7 OFFSET 5) p ON 1=1 ORDER BY p.c0

== page without a total
-- program?pagination[page]=2&pagination[pageSize]=5&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "programs" t0 ORDER BY t0."id" LIMIT 5 OFFSET 5

== page and total, sorted through a relation, filtered
-- program?filters[capacity][$gte]=10&sort=customer.name:desc&pagination[pageSize]=10&pagination[page]=2
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE t0."capacity" >= ?) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11, t1."name" AS k0 FROM "programs" t0 LEFT JOIN "customers" t1 ON t1."id" = t0."customer_id" WHERE t0."capacity" >= ? ORDER BY t1."name" COLLATE "C" DESC NULLS FIRST, t0."id" LIMIT 10 OFFSET 10) p ON 1=1 ORDER BY p.k0 COLLATE "C" DESC NULLS FIRST, p.c0
-- args: 10, 10

== count
-- program?filters[status][$eq]=published
-- count
SELECT COUNT(*) FROM "programs" t0 WHERE t0."status" = ?
-- args: "published"

