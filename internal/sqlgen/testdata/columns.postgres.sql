== fields
-- program?fields[0]=title&fields[1]=capacity&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."capacity" FROM "programs" t0 ORDER BY t0."id" LIMIT 25

== fields with timestamps (datetime as text on PostgreSQL)
-- event?fields[0]=title&fields[1]=startAt&fields[2]=createdAt&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."title", t0."start_at"::text, t0."created_at"::text FROM "events" t0 ORDER BY t0."id" LIMIT 25

== every field, and the to-one keys populate needs
-- learner?populate[0]=coach&pagination[withCount]=false
-- page
SELECT t0."id", t0."document_id", t0."name", t0."email", t0."goals", t0."languages", t0."timezone", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text, t0."coach_id" FROM "learners" t0 ORDER BY t0."id" LIMIT 25
-- populate coach
SELECT t0."id", t0."document_id", t0."name", t0."email", t0."bio", t0."expertise", t0."languages", t0."timezone", t0."max_learners", t0."rating", t0."active", t0."created_at"::text, t0."updated_at"::text, t0."published_at"::text FROM "coaches" t0 WHERE t0."id" IN (?, ?) ORDER BY t0."id"
-- args: 1, 2

