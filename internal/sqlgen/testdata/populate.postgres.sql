== to-one, to-many, manyToMany
-- program?populate[0]=customer&populate[1]=sessions&populate[2]=coaches&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."customer_id" FROM "programs" t0 ORDER BY t0."id" LIMIT 25
-- populate customer
SELECT t0."id", t0."document_id", t0."name", t0."industry", t0."contact_email", t0."active", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "customers" t0 WHERE t0."id" IN (?, ?) ORDER BY t0."id"
-- args: 1, 2
-- populate sessions
SELECT t0."id", t0."document_id", t0."title", t0."kind", t0."duration_minutes", t0."order", t0."content", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."program_id" FROM "sessions" t0 WHERE t0."program_id" IN (?, ?) ORDER BY t0."id"
-- args: 1, 2
-- populate coaches
SELECT t0."id", t0."document_id", t0."name", t0."email", t0."bio", t0."expertise", t0."languages", t0."timezone", t0."max_learners", t0."rating", t0."active", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, j."program_id" FROM "programs_coaches_lnk" j JOIN "coaches" t0 ON t0."id" = j."coach_id" WHERE j."program_id" IN (?, ?) ORDER BY j."coach_ord" NULLS FIRST, t0."id"
-- args: 1, 2

== nested levels with fields, filters, sort
-- customer?populate[programs][fields][0]=title&populate[programs][filters][status][$eq]=published&populate[programs][sort]=title:desc&populate[programs][populate][sessions][sort]=title&populate[programs][populate][sessions][populate][module][fields][0]=title&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."name", t0."industry", t0."contact_email", t0."active", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "customers" t0 ORDER BY t0."id" LIMIT 25
-- populate programs
SELECT t0."id", t0."document_id", t0."title", t0."customer_id" FROM "programs" t0 WHERE t0."customer_id" IN (?, ?) AND t0."status" = ? ORDER BY t0."title" COLLATE "C" DESC NULLS FIRST, t0."id"
-- args: 1, 2, "published"
-- populate programs.sessions
SELECT t0."id", t0."document_id", t0."title", t0."kind", t0."duration_minutes", t0."order", t0."content", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."module_id", t0."program_id" FROM "sessions" t0 WHERE t0."program_id" IN (?, ?) ORDER BY t0."title" COLLATE "C" ASC NULLS LAST, t0."id"
-- args: 1, 2
-- populate programs.sessions.module
SELECT t0."id", t0."document_id", t0."title" FROM "modules" t0 WHERE t0."id" IN (?, ?) ORDER BY t0."id"
-- args: 1, 2

== count
-- customer?fields[0]=name&populate[programs][count]=true&populate[learners][count]=true&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."name" FROM "customers" t0 ORDER BY t0."id" LIMIT 25
-- count programs
SELECT t0."customer_id", COUNT(*) FROM "programs" t0 WHERE t0."customer_id" IN (?, ?) GROUP BY t0."customer_id"
-- args: 1, 2
-- count learners
SELECT t0."customer_id", COUNT(*) FROM "learners" t0 WHERE t0."customer_id" IN (?, ?) GROUP BY t0."customer_id"
-- args: 1, 2

== a scoped target
-- program?populate=coaches&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "programs" t0 ORDER BY t0."id" LIMIT 25
-- populate coaches
SELECT t0."id", t0."document_id", t0."name", t0."email", t0."bio", t0."expertise", t0."languages", t0."timezone", t0."max_learners", t0."rating", t0."active", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, j."program_id" FROM "programs_coaches_lnk" j JOIN "coaches" t0 ON t0."id" = j."coach_id" WHERE j."program_id" IN (?, ?) AND t0."active" = ? ORDER BY j."coach_ord" NULLS FIRST, t0."id"
-- args: 1, 2, true

== a draft & publish target, published read
-- program?populate=blueprint&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."blueprint_id", t0."blueprint_draft_id" FROM "programs" t0 ORDER BY t0."id" LIMIT 25
-- populate blueprint
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."level", t0."duration_weeks", t0."outline", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "blueprints" t0 WHERE t0."id" IN (?, ?) AND t0."published_at" IS NOT NULL ORDER BY t0."id"
-- args: 1, 2

== a draft & publish target, draft read
-- program?populate=blueprint&status=draft&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."status", t0."start_date", t0."end_date", t0."capacity", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."blueprint_id", t0."blueprint_draft_id" FROM "programs" t0 ORDER BY t0."id" LIMIT 25
-- populate blueprint
SELECT t0."id", t0."document_id", t0."title", t0."slug", t0."description", t0."level", t0."duration_weeks", t0."outline", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "blueprints" t0 WHERE t0."id" IN (?, ?) AND (t0."published_at" IS NULL OR NOT EXISTS (SELECT 1 FROM "blueprints" t1 WHERE t1."document_id" = t0."document_id" AND t1."published_at" IS NULL)) ORDER BY t0."id"
-- args: 1, 2

== components and a dynamic zone
-- page?populate[seo][populate]=social&populate[body]=*&populate[opening_hours][sort]=day&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "pages" t0 ORDER BY t0."id" LIMIT 25
-- populate seo (shared.seo)
SELECT j."entity_id", j."field", j."order", c."id", c."meta_title", c."meta_description" FROM "pages_cmps" j JOIN "components_shared_seo" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "shared.seo", "seo", 1, 2
-- populate seo(shared.seo).social (shared.social)
SELECT j."entity_id", j."field", j."order", c."id", c."network", c."handle" FROM "components_shared_seo_cmps" j JOIN "components_shared_social" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "shared.social", "social", 1, 2
-- populate body (blocks.quote)
SELECT j."entity_id", j."field", j."order", c."id", c."body", c."author" FROM "pages_cmps" j JOIN "components_blocks_quote" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "blocks.quote", "body", 1, 2
-- populate body (blocks.hero)
SELECT j."entity_id", j."field", j."order", c."id", c."title" FROM "pages_cmps" j JOIN "components_blocks_hero" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "blocks.hero", "body", 1, 2
-- populate body (blocks.rich)
SELECT j."entity_id", j."field", j."order", c."id", c."body", c."doc" FROM "pages_cmps" j JOIN "components_blocks_rich" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "blocks.rich", "body", 1, 2
-- populate body (blocks.stats)
SELECT j."entity_id", j."field", j."order", c."id", c."count", c."big", c."ratio", c."share", c."flag", c."day", c."at", c."clock", c."extra", c."mail", c."slug" FROM "pages_cmps" j JOIN "components_blocks_stats" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "blocks.stats", "body", 1, 2
-- populate body (blocks.faq)
SELECT j."entity_id", j."field", j."order", c."id" FROM "pages_cmps" j JOIN "components_blocks_faq" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "blocks.faq", "body", 1, 2
-- populate opening_hours (blocks.hours)
SELECT j."entity_id", j."field", j."order", c."id", c."day", c."opens", c."closes" FROM "pages_cmps" j JOIN "components_blocks_hours" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?) ORDER BY c."day" COLLATE "C" ASC NULLS LAST, j."order", c."id"
-- args: "blocks.hours", "opening_hours", 1, 2

== zone with on
-- page?populate[body][on][blocks.quote][populate]=sources&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "pages" t0 ORDER BY t0."id" LIMIT 25
-- populate body (blocks.quote)
SELECT j."entity_id", j."field", j."order", c."id", c."body", c."author" FROM "pages_cmps" j JOIN "components_blocks_quote" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?)
-- args: "blocks.quote", "body", 1, 2
-- populate body(blocks.quote).sources
SELECT t0."id", t0."document_id", t0."title", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, j."quote_id" FROM "components_blocks_quote_sources_lnk" j JOIN "articles" t0 ON t0."id" = j."article_id" WHERE j."quote_id" IN (?, ?) AND t0."published_at" IS NOT NULL ORDER BY j."article_ord" NULLS FIRST, t0."id"
-- args: 1, 2

== component count
-- page?populate[opening_hours][count]=true&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "pages" t0 ORDER BY t0."id" LIMIT 25
-- count opening_hours
SELECT j."entity_id", COUNT(*) FROM "pages_cmps" j JOIN "components_blocks_hours" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?) GROUP BY j."entity_id"
-- args: "blocks.hours", "opening_hours", 1, 2

== component filter in populate
-- page?populate[opening_hours][filters][day][$eq]=mon&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "pages" t0 ORDER BY t0."id" LIMIT 25
-- populate opening_hours (blocks.hours)
SELECT j."entity_id", j."field", j."order", c."id", c."day", c."opens", c."closes" FROM "pages_cmps" j JOIN "components_blocks_hours" c ON c."id" = j."cmp_id" WHERE j."component_type" = ? AND j."field" IN (?) AND j."entity_id" IN (?, ?) AND c."day" = ?
-- args: "blocks.hours", "opening_hours", 1, 2, "mon"

