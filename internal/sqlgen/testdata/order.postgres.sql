== several keys, both directions
-- program?sort[0]=status:asc&sort[1]=capacity:desc&sort[2]=title
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11, t0."status" AS k0, t0."capacity" AS k1, t0."title" AS k2 FROM "programs" t0 ORDER BY t0."status" COLLATE "C" ASC NULLS LAST, t0."capacity" DESC NULLS FIRST, t0."title" COLLATE "C" ASC NULLS LAST, t0."id" LIMIT 25) p ON 1=1 ORDER BY p.k0 COLLATE "C" ASC NULLS LAST, p.k1 DESC NULLS FIRST, p.k2 COLLATE "C" ASC NULLS LAST, p.c0

== through a to-one relation
-- program?sort[0]=customer.name:desc&sort[1]=title:asc
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11, t1."name" AS k0, t0."title" AS k1 FROM "programs" t0 LEFT JOIN "customers" t1 ON t1."id" = t0."customer_id" ORDER BY t1."name" COLLATE "C" DESC NULLS FIRST, t0."title" COLLATE "C" ASC NULLS LAST, t0."id" LIMIT 25) p ON 1=1 ORDER BY p.k0 COLLATE "C" DESC NULLS FIRST, p.k1 COLLATE "C" ASC NULLS LAST, p.c0

== through a to-many relation, both ways
-- customer?sort[0]=programs.title:asc&sort[1]=programs.capacity:desc
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6::text, p.c7::text, p.c8::text, c.n FROM (SELECT COUNT(*) AS n FROM "customers" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."name" AS c2, t0."industry" AS c3, t0."contact_email" AS c4, t0."active" AS c5, t0."created_at" AS c6, t0."updated_at" AS c7, t0."published_at" AS c8, t2.v AS k0, t5.v AS k1 FROM "customers" t0 LEFT JOIN (SELECT t1."id" AS k, MIN(t3."title" COLLATE "C") AS v FROM "customers" t1 LEFT JOIN "programs" t3 ON t3."customer_id" = t1."id" GROUP BY t1."id") t2 ON t2.k = t0."id" LEFT JOIN (SELECT t4."id" AS k, CASE WHEN COUNT(*) > COUNT(t6."capacity") THEN NULL ELSE MAX(t6."capacity") END AS v FROM "customers" t4 LEFT JOIN "programs" t6 ON t6."customer_id" = t4."id" GROUP BY t4."id") t5 ON t5.k = t0."id" ORDER BY t2.v COLLATE "C" ASC NULLS LAST, t5.v DESC NULLS FIRST, t0."id" LIMIT 25) p ON 1=1 ORDER BY p.k0 COLLATE "C" ASC NULLS LAST, p.k1 DESC NULLS FIRST, p.c0

== through a scoped relation
-- program?sort=customer.name
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11, t1."name" AS k0 FROM "programs" t0 LEFT JOIN "customers" t1 ON t1."id" = t0."customer_id" AND t1."active" = ? ORDER BY t1."name" COLLATE "C" ASC NULLS LAST, t0."id" LIMIT 25) p ON 1=1 ORDER BY p.k0 COLLATE "C" ASC NULLS LAST, p.c0
-- args: true

== through a draft & publish relation
-- program?sort=blueprint.title&status=draft
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11, t1."title" AS k0 FROM "programs" t0 LEFT JOIN "blueprints" t1 ON t1."id" = t0."blueprint_draft_id" ORDER BY t1."title" COLLATE "C" ASC NULLS LAST, t0."id" LIMIT 25) p ON 1=1 ORDER BY p.k0 COLLATE "C" ASC NULLS LAST, p.c0

== through a component
-- page?sort=seo.metaTitle:desc
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3::text, p.c4::text, p.c5::text, c.n FROM (SELECT COUNT(*) AS n FROM "pages" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."created_at" AS c3, t0."updated_at" AS c4, t0."published_at" AS c5, t1."meta_title" AS k0 FROM "pages" t0 LEFT JOIN "pages_cmps" t2 ON t2."entity_id" = t0."id" AND t2."field" = ? LEFT JOIN "components_shared_seo" t1 ON t1."id" = t2."cmp_id" ORDER BY t1."meta_title" COLLATE "C" DESC NULLS FIRST, t0."id" LIMIT 25) p ON 1=1 ORDER BY p.k0 COLLATE "C" DESC NULLS FIRST, p.c0
-- args: "seo"

== datetime and json-free keys
-- event?sort[0]=startAt:desc&sort[1]=location
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4::text, p.c5::text, p.c6, p.c7, p.c8, p.c9, p.c10, p.c11::text, p.c12::text, p.c13::text, p.c14::text, c.n FROM (SELECT COUNT(*) AS n FROM "events" t0) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."description" AS c3, t0."start_at" AS c4, t0."end_at" AS c5, t0."timezone" AS c6, t0."location" AS c7, t0."meeting_url" AS c8, t0."kind" AS c9, t0."status" AS c10, t0."synced_at" AS c11, t0."created_at" AS c12, t0."updated_at" AS c13, t0."published_at" AS c14, t0."start_at" AS k0, t0."location" AS k1 FROM "events" t0 ORDER BY t0."start_at" DESC NULLS FIRST, t0."location" COLLATE "C" ASC NULLS LAST, t0."id" LIMIT 25) p ON 1=1 ORDER BY p.k0 DESC NULLS FIRST, p.k1 COLLATE "C" ASC NULLS LAST, p.c0

