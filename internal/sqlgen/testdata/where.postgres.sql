== $and of two fields
-- program?filters[$and][0][status][$eq]=published&filters[$and][1][capacity][$gte]=10
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE (t0."status" = ? AND t0."capacity" >= ?)) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE (t0."status" = ? AND t0."capacity" >= ?) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "published", 10, "published", 10

== $or of a field and a relation $null
-- session?filters[$or][0][program][customer][name][$contains]=acme&filters[$or][1][events][$null]=true
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7::text, p.c8::text, p.c9::text, c.n FROM (SELECT COUNT(*) AS n FROM "sessions" t0 WHERE ((t0."program_id" IS NOT NULL AND t0."program_id" IN (SELECT t1."id" FROM "programs" t1 WHERE (t1."customer_id" IS NOT NULL AND t1."customer_id" IN (SELECT t2."id" FROM "customers" t2 WHERE t2."name" LIKE ? ESCAPE '\')))) OR NOT (t0."id" IN (SELECT t3."session_id" FROM "events" t3 WHERE t3."session_id" IS NOT NULL)))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."kind" AS c3, t0."duration_minutes" AS c4, t0."order" AS c5, t0."content" AS c6, t0."created_at" AS c7, t0."updated_at" AS c8, t0."published_at" AS c9 FROM "sessions" t0 WHERE ((t0."program_id" IS NOT NULL AND t0."program_id" IN (SELECT t4."id" FROM "programs" t4 WHERE (t4."customer_id" IS NOT NULL AND t4."customer_id" IN (SELECT t5."id" FROM "customers" t5 WHERE t5."name" LIKE ? ESCAPE '\')))) OR NOT (t0."id" IN (SELECT t6."session_id" FROM "events" t6 WHERE t6."session_id" IS NOT NULL))) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "%acme%", "%acme%"

== $not over $or (pushed down, De Morgan)
-- program?filters[$not][$or][0][capacity][$gt]=15&filters[$not][$or][1][customer][name][$eq]=Acme
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE (NOT (t0."capacity" > ?) AND (t0."customer_id" IS NOT NULL AND t0."customer_id" IN (SELECT t1."id" FROM "customers" t1 WHERE NOT (t1."name" = ?))))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE (NOT (t0."capacity" > ?) AND (t0."customer_id" IS NOT NULL AND t0."customer_id" IN (SELECT t2."id" FROM "customers" t2 WHERE NOT (t2."name" = ?)))) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: 15, "Acme", 15, "Acme"

== $not of a field's operators
-- program?filters[title][$not][$startsWith]=Intro
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE NOT (t0."title" LIKE ? ESCAPE '\')) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE NOT (t0."title" LIKE ? ESCAPE '\') ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "Intro%", "Intro%"

== empty $and and $or
-- program?filters[$and][0][$or][0][title][$null]=true
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE ((t0."title" IS NULL))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE ((t0."title" IS NULL)) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0

== relation path, three hops, to-many
-- customer?filters[programs][sessions][title][$containsi]=yoga
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6::text, p.c7::text, p.c8::text, c.n FROM (SELECT COUNT(*) AS n FROM "customers" t0 WHERE (t0."id" IN (SELECT t1."customer_id" FROM "programs" t1 WHERE t1."customer_id" IS NOT NULL AND (t1."id" IN (SELECT t2."program_id" FROM "sessions" t2 WHERE t2."program_id" IS NOT NULL AND LOWER(t2."title") LIKE LOWER(?) ESCAPE '\'))))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."name" AS c2, t0."industry" AS c3, t0."contact_email" AS c4, t0."active" AS c5, t0."created_at" AS c6, t0."updated_at" AS c7, t0."published_at" AS c8 FROM "customers" t0 WHERE (t0."id" IN (SELECT t3."customer_id" FROM "programs" t3 WHERE t3."customer_id" IS NOT NULL AND (t3."id" IN (SELECT t4."program_id" FROM "sessions" t4 WHERE t4."program_id" IS NOT NULL AND LOWER(t4."title") LIKE LOWER(?) ESCAPE '\')))) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "%yoga%", "%yoga%"

== manyToMany relation filter
-- event?filters[learners][name][$startsWithi]=LE
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4::text, p.c5::text, p.c6, p.c7, p.c8, p.c9, p.c10, p.c11::text, p.c12::text, p.c13::text, p.c14::text, c.n FROM (SELECT COUNT(*) AS n FROM "events" t0 WHERE (t0."id" IN (SELECT t2."event_id" FROM "events_learners_lnk" t2 JOIN "learners" t1 ON t1."id" = t2."learner_id" WHERE LOWER(t1."name") LIKE LOWER(?) ESCAPE '\'))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."description" AS c3, t0."start_at" AS c4, t0."end_at" AS c5, t0."timezone" AS c6, t0."location" AS c7, t0."meeting_url" AS c8, t0."kind" AS c9, t0."status" AS c10, t0."synced_at" AS c11, t0."created_at" AS c12, t0."updated_at" AS c13, t0."published_at" AS c14 FROM "events" t0 WHERE (t0."id" IN (SELECT t4."event_id" FROM "events_learners_lnk" t4 JOIN "learners" t3 ON t3."id" = t4."learner_id" WHERE LOWER(t3."name") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "LE%", "LE%"

== relation $notNull (owning to-one)
-- program?filters[customer][$notNull]=true
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE t0."customer_id" IS NOT NULL) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE t0."customer_id" IS NOT NULL ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0

== relation $null (to-many)
-- program?filters[coaches][$null]=true
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE NOT (t0."id" IN (SELECT t2."program_id" FROM "programs_coaches_lnk" t2))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE NOT (t0."id" IN (SELECT t4."program_id" FROM "programs_coaches_lnk" t4)) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0

== relation into a draft & publish type
-- program?filters[blueprint][title][$eq]=Core
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE (t0."blueprint_id" IS NOT NULL AND t0."blueprint_id" IN (SELECT t1."id" FROM "blueprints" t1 WHERE t1."title" = ? AND t1."published_at" IS NOT NULL))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE (t0."blueprint_id" IS NOT NULL AND t0."blueprint_id" IN (SELECT t2."id" FROM "blueprints" t2 WHERE t2."title" = ? AND t2."published_at" IS NOT NULL)) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "Core", "Core"

== relation filter, the target scoped
-- program?filters[customer][name][$eq]=Acme
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7, p.c8, p.c9::text, p.c10::text, p.c11::text, c.n FROM (SELECT COUNT(*) AS n FROM "programs" t0 WHERE (t0."customer_id" IS NOT NULL AND t0."customer_id" IN (SELECT t1."id" FROM "customers" t1 WHERE t1."name" = ? AND t1."active" = ?))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."slug" AS c3, t0."description" AS c4, t0."status" AS c5, t0."start_date" AS c6, t0."end_date" AS c7, t0."capacity" AS c8, t0."created_at" AS c9, t0."updated_at" AS c10, t0."published_at" AS c11 FROM "programs" t0 WHERE (t0."customer_id" IS NOT NULL AND t0."customer_id" IN (SELECT t2."id" FROM "customers" t2 WHERE t2."name" = ? AND t2."active" = ?)) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "Acme", true, "Acme", true

== scope with the caller's id
-- learner?filters[name][$ne]=Lena
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7::text, p.c8::text, p.c9::text, c.n FROM (SELECT COUNT(*) AS n FROM "learners" t0 WHERE t0."name" <> ? AND (t0."user_id" IS NOT NULL AND t0."user_id" IN (SELECT t1."id" FROM "users" t1 WHERE t1."id" = ?))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."name" AS c2, t0."email" AS c3, t0."goals" AS c4, t0."languages" AS c5, t0."timezone" AS c6, t0."created_at" AS c7, t0."updated_at" AS c8, t0."published_at" AS c9 FROM "learners" t0 WHERE t0."name" <> ? AND (t0."user_id" IS NOT NULL AND t0."user_id" IN (SELECT t2."id" FROM "users" t2 WHERE t2."id" = ?)) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "Lena", 42, "Lena", 42

== component path
-- page?filters[seo][metaTitle][$eq]=Home
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3::text, p.c4::text, p.c5::text, c.n FROM (SELECT COUNT(*) AS n FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" = ?))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."created_at" AS c3, t0."updated_at" AS c4, t0."published_at" AS c5 FROM "pages" t0 WHERE (t0."id" IN (SELECT t3."entity_id" FROM "pages_cmps" t3 JOIN "components_shared_seo" t4 ON t4."id" = t3."cmp_id" WHERE t3."field" = ? AND t3."component_type" = ? AND t4."meta_title" = ?)) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "seo", "shared.seo", "Home", "seo", "shared.seo", "Home"

== component nested two deep
-- page?filters[seo][social][network][$eq]=x
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3::text, p.c4::text, p.c5::text, c.n FROM (SELECT COUNT(*) AS n FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND (t2."id" IN (SELECT t3."entity_id" FROM "components_shared_seo_cmps" t3 JOIN "components_shared_social" t4 ON t4."id" = t3."cmp_id" WHERE t3."field" = ? AND t3."component_type" = ? AND t4."network" = ?))))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."created_at" AS c3, t0."updated_at" AS c4, t0."published_at" AS c5 FROM "pages" t0 WHERE (t0."id" IN (SELECT t5."entity_id" FROM "pages_cmps" t5 JOIN "components_shared_seo" t6 ON t6."id" = t5."cmp_id" WHERE t5."field" = ? AND t5."component_type" = ? AND (t6."id" IN (SELECT t7."entity_id" FROM "components_shared_seo_cmps" t7 JOIN "components_shared_social" t8 ON t8."id" = t7."cmp_id" WHERE t7."field" = ? AND t7."component_type" = ? AND t8."network" = ?)))) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "seo", "shared.seo", "social", "shared.social", "x", "seo", "shared.seo", "social", "shared.social", "x"

== component $null
-- page?filters[seo][$null]=true
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3::text, p.c4::text, p.c5::text, c.n FROM (SELECT COUNT(*) AS n FROM "pages" t0 WHERE NOT (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 WHERE t1."field" = ?))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."created_at" AS c3, t0."updated_at" AS c4, t0."published_at" AS c5 FROM "pages" t0 WHERE NOT (t0."id" IN (SELECT t2."entity_id" FROM "pages_cmps" t2 WHERE t2."field" = ?)) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "seo", "seo"

== $not through a component (no item matches)
-- page?filters[$not][seo][metaTitle][$eq]=Home
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3::text, p.c4::text, p.c5::text, c.n FROM (SELECT COUNT(*) AS n FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND NOT (t2."meta_title" = ?)))) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."title" AS c2, t0."created_at" AS c3, t0."updated_at" AS c4, t0."published_at" AS c5 FROM "pages" t0 WHERE (t0."id" IN (SELECT t3."entity_id" FROM "pages_cmps" t3 JOIN "components_shared_seo" t4 ON t4."id" = t3."cmp_id" WHERE t3."field" = ? AND t3."component_type" = ? AND NOT (t4."meta_title" = ?))) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "seo", "shared.seo", "Home", "seo", "shared.seo", "Home"

== json $eq and $containsi
-- learner?filters[goals][$eq]=%7B%22a%22%3A1%7D&filters[languages][$containsi]=EN
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6, p.c7::text, p.c8::text, p.c9::text, c.n FROM (SELECT COUNT(*) AS n FROM "learners" t0 WHERE (CAST(t0."goals" AS JSONB) = CAST(? AS JSONB) AND LOWER(CAST(CAST(CAST(t0."languages" AS JSONB) AS TEXT) AS TEXT)) LIKE LOWER(?) ESCAPE '\')) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."name" AS c2, t0."email" AS c3, t0."goals" AS c4, t0."languages" AS c5, t0."timezone" AS c6, t0."created_at" AS c7, t0."updated_at" AS c8, t0."published_at" AS c9 FROM "learners" t0 WHERE (CAST(t0."goals" AS JSONB) = CAST(? AS JSONB) AND LOWER(CAST(CAST(CAST(t0."languages" AS JSONB) AS TEXT) AS TEXT)) LIKE LOWER(?) ESCAPE '\') ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "{\"a\":1}", "%EN%", "{\"a\":1}", "%EN%"

== documentId $in
-- customer?filters[documentId][$in][0]=abc&filters[documentId][$in][1]=def
-- page and total
SELECT p.c0, p.c1, p.c2, p.c3, p.c4, p.c5, p.c6::text, p.c7::text, p.c8::text, c.n FROM (SELECT COUNT(*) AS n FROM "customers" t0 WHERE t0."document_id" IN (?, ?)) c LEFT JOIN (SELECT t0."id" AS c0, t0."document_id" AS c1, t0."name" AS c2, t0."industry" AS c3, t0."contact_email" AS c4, t0."active" AS c5, t0."created_at" AS c6, t0."updated_at" AS c7, t0."published_at" AS c8 FROM "customers" t0 WHERE t0."document_id" IN (?, ?) ORDER BY t0."id" LIMIT 25) p ON 1=1 ORDER BY p.c0
-- args: "abc", "def", "abc", "def"

