== $eq on coach.name
-- coach?filters[name][$eq]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" = ? ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $eq on coach.maxLearners
-- coach?filters[maxLearners][$eq]=5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" = ? ORDER BY t0."id" LIMIT 25
-- args: 5

== $eq on coach.rating
-- coach?filters[rating][$eq]=1.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" = ? ORDER BY t0."id" LIMIT 25
-- args: float64(1.5)

== $eq on coach.active
-- coach?filters[active][$eq]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" = ? ORDER BY t0."id" LIMIT 25
-- args: true

== $eq on event.startAt
-- event?filters[startAt][$eq]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" = ? ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z)

== $eq on coach.expertise
-- coach?filters[expertise][$eq]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE CAST(t0."expertise" AS JSONB) = CAST(? AS JSONB) ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}"

== $eq on learner.coach.name
-- learner?filters[coach][name][$eq]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" = ?)) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $eq on page.seo.metaTitle
-- page?filters[seo][metaTitle][$eq]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" = ?)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $eqi on coach.name
-- coach?filters[name][$eqi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(t0."name") = LOWER(?) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $eqi on coach.maxLearners
-- coach?filters[maxLearners][$eqi]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $eqi on coach.rating
-- coach?filters[rating][$eqi]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $eqi on coach.active
-- coach?filters[active][$eqi]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $eqi on event.startAt
-- event?filters[startAt][$eqi]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $eqi on coach.expertise
-- coach?filters[expertise][$eqi]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(CAST(CAST(t0."expertise" AS JSONB) AS TEXT)) = LOWER(?) ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}"

== $eqi on learner.coach.name
-- learner?filters[coach][name][$eqi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE LOWER(t1."name") = LOWER(?))) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $eqi on page.seo.metaTitle
-- page?filters[seo][metaTitle][$eqi]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND LOWER(t2."meta_title") = LOWER(?))) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $ne on coach.name
-- coach?filters[name][$ne]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" <> ? ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $ne on coach.maxLearners
-- coach?filters[maxLearners][$ne]=5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" <> ? ORDER BY t0."id" LIMIT 25
-- args: 5

== $ne on coach.rating
-- coach?filters[rating][$ne]=1.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" <> ? ORDER BY t0."id" LIMIT 25
-- args: float64(1.5)

== $ne on coach.active
-- coach?filters[active][$ne]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" <> ? ORDER BY t0."id" LIMIT 25
-- args: true

== $ne on event.startAt
-- event?filters[startAt][$ne]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" <> ? ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z)

== $ne on coach.expertise
-- coach?filters[expertise][$ne]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE CAST(t0."expertise" AS JSONB) <> CAST(? AS JSONB) ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}"

== $ne on learner.coach.name
-- learner?filters[coach][name][$ne]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" <> ?)) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $ne on page.seo.metaTitle
-- page?filters[seo][metaTitle][$ne]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" <> ?)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $nei on coach.name
-- coach?filters[name][$nei]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(t0."name") <> LOWER(?) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $nei on coach.maxLearners
-- coach?filters[maxLearners][$nei]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $nei on coach.rating
-- coach?filters[rating][$nei]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $nei on coach.active
-- coach?filters[active][$nei]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $nei on event.startAt
-- event?filters[startAt][$nei]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $nei on coach.expertise
-- coach?filters[expertise][$nei]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(CAST(CAST(t0."expertise" AS JSONB) AS TEXT)) <> LOWER(?) ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}"

== $nei on learner.coach.name
-- learner?filters[coach][name][$nei]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE LOWER(t1."name") <> LOWER(?))) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $nei on page.seo.metaTitle
-- page?filters[seo][metaTitle][$nei]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND LOWER(t2."meta_title") <> LOWER(?))) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $lt on coach.name
-- coach?filters[name][$lt]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" COLLATE "C" < ? ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $lt on coach.maxLearners
-- coach?filters[maxLearners][$lt]=5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" < ? ORDER BY t0."id" LIMIT 25
-- args: 5

== $lt on coach.rating
-- coach?filters[rating][$lt]=1.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" < ? ORDER BY t0."id" LIMIT 25
-- args: float64(1.5)

== $lt on coach.active
-- coach?filters[active][$lt]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" < ? ORDER BY t0."id" LIMIT 25
-- args: true

== $lt on event.startAt
-- event?filters[startAt][$lt]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" < ? ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z)

== $lt on coach.expertise
-- coach?filters[expertise][$lt]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $lt on learner.coach.name
-- learner?filters[coach][name][$lt]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" COLLATE "C" < ?)) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $lt on page.seo.metaTitle
-- page?filters[seo][metaTitle][$lt]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" COLLATE "C" < ?)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $lte on coach.name
-- coach?filters[name][$lte]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" COLLATE "C" <= ? ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $lte on coach.maxLearners
-- coach?filters[maxLearners][$lte]=5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" <= ? ORDER BY t0."id" LIMIT 25
-- args: 5

== $lte on coach.rating
-- coach?filters[rating][$lte]=1.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" <= ? ORDER BY t0."id" LIMIT 25
-- args: float64(1.5)

== $lte on coach.active
-- coach?filters[active][$lte]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" <= ? ORDER BY t0."id" LIMIT 25
-- args: true

== $lte on event.startAt
-- event?filters[startAt][$lte]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" <= ? ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z)

== $lte on coach.expertise
-- coach?filters[expertise][$lte]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $lte on learner.coach.name
-- learner?filters[coach][name][$lte]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" COLLATE "C" <= ?)) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $lte on page.seo.metaTitle
-- page?filters[seo][metaTitle][$lte]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" COLLATE "C" <= ?)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $gt on coach.name
-- coach?filters[name][$gt]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" COLLATE "C" > ? ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $gt on coach.maxLearners
-- coach?filters[maxLearners][$gt]=5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" > ? ORDER BY t0."id" LIMIT 25
-- args: 5

== $gt on coach.rating
-- coach?filters[rating][$gt]=1.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" > ? ORDER BY t0."id" LIMIT 25
-- args: float64(1.5)

== $gt on coach.active
-- coach?filters[active][$gt]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" > ? ORDER BY t0."id" LIMIT 25
-- args: true

== $gt on event.startAt
-- event?filters[startAt][$gt]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" > ? ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z)

== $gt on coach.expertise
-- coach?filters[expertise][$gt]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $gt on learner.coach.name
-- learner?filters[coach][name][$gt]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" COLLATE "C" > ?)) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $gt on page.seo.metaTitle
-- page?filters[seo][metaTitle][$gt]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" COLLATE "C" > ?)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $gte on coach.name
-- coach?filters[name][$gte]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" COLLATE "C" >= ? ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $gte on coach.maxLearners
-- coach?filters[maxLearners][$gte]=5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" >= ? ORDER BY t0."id" LIMIT 25
-- args: 5

== $gte on coach.rating
-- coach?filters[rating][$gte]=1.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" >= ? ORDER BY t0."id" LIMIT 25
-- args: float64(1.5)

== $gte on coach.active
-- coach?filters[active][$gte]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" >= ? ORDER BY t0."id" LIMIT 25
-- args: true

== $gte on event.startAt
-- event?filters[startAt][$gte]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" >= ? ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z)

== $gte on coach.expertise
-- coach?filters[expertise][$gte]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $gte on learner.coach.name
-- learner?filters[coach][name][$gte]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" COLLATE "C" >= ?)) ORDER BY t0."id" LIMIT 25
-- args: "Ann"

== $gte on page.seo.metaTitle
-- page?filters[seo][metaTitle][$gte]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" COLLATE "C" >= ?)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home"

== $in on coach.name
-- coach?filters[name][$in][0]=Ann&filters[name][$in][1]=50%25_%5Bx%5D%2A%3F&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: "Ann", "50%_[x]*?"

== $in on coach.maxLearners
-- coach?filters[maxLearners][$in][0]=5&filters[maxLearners][$in][1]=10&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: 5, 10

== $in on coach.rating
-- coach?filters[rating][$in][0]=1.5&filters[rating][$in][1]=4.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: float64(1.5), float64(4.5)

== $in on coach.active
-- coach?filters[active][$in][0]=true&filters[active][$in][1]=false&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: true, false

== $in on event.startAt
-- event?filters[startAt][$in][0]=2024-01-01T00%3A00%3A00.000Z&filters[startAt][$in][1]=2024-12-31T23%3A59%3A59.999Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z), time(2024-12-31T23:59:59.999Z)

== $in on coach.expertise
-- coach?filters[expertise][$in][0]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&filters[expertise][$in][1]=%22yoga%22&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE CAST(t0."expertise" AS JSONB) IN (CAST(? AS JSONB), CAST(? AS JSONB)) ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}", "\"yoga\""

== $in on learner.coach.name
-- learner?filters[coach][name][$in][0]=Ann&filters[coach][name][$in][1]=Bo&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" IN (?, ?))) ORDER BY t0."id" LIMIT 25
-- args: "Ann", "Bo"

== $in on page.seo.metaTitle
-- page?filters[seo][metaTitle][$in][0]=Home&filters[seo][metaTitle][$in][1]=About&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" IN (?, ?))) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home", "About"

== $notIn on coach.name
-- coach?filters[name][$notIn][0]=Ann&filters[name][$notIn][1]=50%25_%5Bx%5D%2A%3F&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" NOT IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: "Ann", "50%_[x]*?"

== $notIn on coach.maxLearners
-- coach?filters[maxLearners][$notIn][0]=5&filters[maxLearners][$notIn][1]=10&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" NOT IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: 5, 10

== $notIn on coach.rating
-- coach?filters[rating][$notIn][0]=1.5&filters[rating][$notIn][1]=4.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" NOT IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: float64(1.5), float64(4.5)

== $notIn on coach.active
-- coach?filters[active][$notIn][0]=true&filters[active][$notIn][1]=false&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" NOT IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: true, false

== $notIn on event.startAt
-- event?filters[startAt][$notIn][0]=2024-01-01T00%3A00%3A00.000Z&filters[startAt][$notIn][1]=2024-12-31T23%3A59%3A59.999Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" NOT IN (?, ?) ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z), time(2024-12-31T23:59:59.999Z)

== $notIn on coach.expertise
-- coach?filters[expertise][$notIn][0]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&filters[expertise][$notIn][1]=%22yoga%22&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE CAST(t0."expertise" AS JSONB) NOT IN (CAST(? AS JSONB), CAST(? AS JSONB)) ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}", "\"yoga\""

== $notIn on learner.coach.name
-- learner?filters[coach][name][$notIn][0]=Ann&filters[coach][name][$notIn][1]=Bo&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" NOT IN (?, ?))) ORDER BY t0."id" LIMIT 25
-- args: "Ann", "Bo"

== $notIn on page.seo.metaTitle
-- page?filters[seo][metaTitle][$notIn][0]=Home&filters[seo][metaTitle][$notIn][1]=About&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" NOT IN (?, ?))) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home", "About"

== $contains on coach.name
-- coach?filters[name][$contains]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $contains on coach.maxLearners
-- coach?filters[maxLearners][$contains]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $contains on coach.rating
-- coach?filters[rating][$contains]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $contains on coach.active
-- coach?filters[active][$contains]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $contains on event.startAt
-- event?filters[startAt][$contains]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $contains on coach.expertise
-- coach?filters[expertise][$contains]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT) LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%{\"b\":[1,2],\"a\":\"x\"}%"

== $contains on learner.coach.name
-- learner?filters[coach][name][$contains]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $contains on page.seo.metaTitle
-- page?filters[seo][metaTitle][$contains]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "%Home%"

== $notContains on coach.name
-- coach?filters[name][$notContains]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE NOT t0."name" LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $notContains on coach.maxLearners
-- coach?filters[maxLearners][$notContains]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContains on coach.rating
-- coach?filters[rating][$notContains]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContains on coach.active
-- coach?filters[active][$notContains]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContains on event.startAt
-- event?filters[startAt][$notContains]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContains on coach.expertise
-- coach?filters[expertise][$notContains]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE NOT CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT) LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%{\"b\":[1,2],\"a\":\"x\"}%"

== $notContains on learner.coach.name
-- learner?filters[coach][name][$notContains]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE NOT t1."name" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $notContains on page.seo.metaTitle
-- page?filters[seo][metaTitle][$notContains]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND NOT t2."meta_title" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "%Home%"

== $containsi on coach.name
-- coach?filters[name][$containsi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(t0."name") LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $containsi on coach.maxLearners
-- coach?filters[maxLearners][$containsi]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $containsi on coach.rating
-- coach?filters[rating][$containsi]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $containsi on coach.active
-- coach?filters[active][$containsi]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $containsi on event.startAt
-- event?filters[startAt][$containsi]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $containsi on coach.expertise
-- coach?filters[expertise][$containsi]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT)) LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%{\"b\":[1,2],\"a\":\"x\"}%"

== $containsi on learner.coach.name
-- learner?filters[coach][name][$containsi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE LOWER(t1."name") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $containsi on page.seo.metaTitle
-- page?filters[seo][metaTitle][$containsi]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND LOWER(t2."meta_title") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "%Home%"

== $notContainsi on coach.name
-- coach?filters[name][$notContainsi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE NOT LOWER(t0."name") LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $notContainsi on coach.maxLearners
-- coach?filters[maxLearners][$notContainsi]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContainsi on coach.rating
-- coach?filters[rating][$notContainsi]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContainsi on coach.active
-- coach?filters[active][$notContainsi]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContainsi on event.startAt
-- event?filters[startAt][$notContainsi]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $notContainsi on coach.expertise
-- coach?filters[expertise][$notContainsi]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE NOT LOWER(CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT)) LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%{\"b\":[1,2],\"a\":\"x\"}%"

== $notContainsi on learner.coach.name
-- learner?filters[coach][name][$notContainsi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE NOT LOWER(t1."name") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "%Ann%"

== $notContainsi on page.seo.metaTitle
-- page?filters[seo][metaTitle][$notContainsi]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND NOT LOWER(t2."meta_title") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "%Home%"

== $null on coach.name
-- coach?filters[name][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" IS NULL ORDER BY t0."id" LIMIT 25

== $null on coach.maxLearners
-- coach?filters[maxLearners][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" IS NULL ORDER BY t0."id" LIMIT 25

== $null on coach.rating
-- coach?filters[rating][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" IS NULL ORDER BY t0."id" LIMIT 25

== $null on coach.active
-- coach?filters[active][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" IS NULL ORDER BY t0."id" LIMIT 25

== $null on event.startAt
-- event?filters[startAt][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" IS NULL ORDER BY t0."id" LIMIT 25

== $null on coach.expertise
-- coach?filters[expertise][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."expertise" IS NULL ORDER BY t0."id" LIMIT 25

== $null on learner.coach.name
-- learner?filters[coach][name][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE ((t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" IS NULL)) OR NOT (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t2."id" FROM "coaches" t2))) ORDER BY t0."id" LIMIT 25

== $null on page.seo.metaTitle
-- page?filters[seo][metaTitle][$null]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE ((t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" IS NULL)) OR NOT (t0."id" IN (SELECT t3."entity_id" FROM "pages_cmps" t3 WHERE t3."field" = ?))) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "seo"

== $notNull on coach.name
-- coach?filters[name][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" IS NOT NULL ORDER BY t0."id" LIMIT 25

== $notNull on coach.maxLearners
-- coach?filters[maxLearners][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" IS NOT NULL ORDER BY t0."id" LIMIT 25

== $notNull on coach.rating
-- coach?filters[rating][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" IS NOT NULL ORDER BY t0."id" LIMIT 25

== $notNull on coach.active
-- coach?filters[active][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" IS NOT NULL ORDER BY t0."id" LIMIT 25

== $notNull on event.startAt
-- event?filters[startAt][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" IS NOT NULL ORDER BY t0."id" LIMIT 25

== $notNull on coach.expertise
-- coach?filters[expertise][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."expertise" IS NOT NULL ORDER BY t0."id" LIMIT 25

== $notNull on learner.coach.name
-- learner?filters[coach][name][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" IS NOT NULL)) ORDER BY t0."id" LIMIT 25

== $notNull on page.seo.metaTitle
-- page?filters[seo][metaTitle][$notNull]=true&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" IS NOT NULL)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo"

== $between on coach.name
-- coach?filters[name][$between][0]=Ann&filters[name][$between][1]=50%25_%5Bx%5D%2A%3F&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" COLLATE "C" BETWEEN ? AND ? ORDER BY t0."id" LIMIT 25
-- args: "Ann", "50%_[x]*?"

== $between on coach.maxLearners
-- coach?filters[maxLearners][$between][0]=5&filters[maxLearners][$between][1]=10&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."max_learners" BETWEEN ? AND ? ORDER BY t0."id" LIMIT 25
-- args: 5, 10

== $between on coach.rating
-- coach?filters[rating][$between][0]=1.5&filters[rating][$between][1]=4.5&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."rating" BETWEEN ? AND ? ORDER BY t0."id" LIMIT 25
-- args: float64(1.5), float64(4.5)

== $between on coach.active
-- coach?filters[active][$between][0]=true&filters[active][$between][1]=false&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."active" BETWEEN ? AND ? ORDER BY t0."id" LIMIT 25
-- args: true, false

== $between on event.startAt
-- event?filters[startAt][$between][0]=2024-01-01T00%3A00%3A00.000Z&filters[startAt][$between][1]=2024-12-31T23%3A59%3A59.999Z&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "events" t0 WHERE t0."start_at" BETWEEN ? AND ? ORDER BY t0."id" LIMIT 25
-- args: time(2024-01-01T00:00:00Z), time(2024-12-31T23:59:59.999Z)

== $between on coach.expertise
-- coach?filters[expertise][$between][0]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&filters[expertise][$between][1]=%22yoga%22&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $between on learner.coach.name
-- learner?filters[coach][name][$between][0]=Ann&filters[coach][name][$between][1]=Bo&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" COLLATE "C" BETWEEN ? AND ?)) ORDER BY t0."id" LIMIT 25
-- args: "Ann", "Bo"

== $between on page.seo.metaTitle
-- page?filters[seo][metaTitle][$between][0]=Home&filters[seo][metaTitle][$between][1]=About&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" COLLATE "C" BETWEEN ? AND ?)) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home", "About"

== $startsWith on coach.name
-- coach?filters[name][$startsWith]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "Ann%"

== $startsWith on coach.maxLearners
-- coach?filters[maxLearners][$startsWith]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWith on coach.rating
-- coach?filters[rating][$startsWith]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWith on coach.active
-- coach?filters[active][$startsWith]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWith on event.startAt
-- event?filters[startAt][$startsWith]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWith on coach.expertise
-- coach?filters[expertise][$startsWith]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT) LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}%"

== $startsWith on learner.coach.name
-- learner?filters[coach][name][$startsWith]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "Ann%"

== $startsWith on page.seo.metaTitle
-- page?filters[seo][metaTitle][$startsWith]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home%"

== $startsWithi on coach.name
-- coach?filters[name][$startsWithi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(t0."name") LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "Ann%"

== $startsWithi on coach.maxLearners
-- coach?filters[maxLearners][$startsWithi]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWithi on coach.rating
-- coach?filters[rating][$startsWithi]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWithi on coach.active
-- coach?filters[active][$startsWithi]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWithi on event.startAt
-- event?filters[startAt][$startsWithi]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $startsWithi on coach.expertise
-- coach?filters[expertise][$startsWithi]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT)) LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "{\"b\":[1,2],\"a\":\"x\"}%"

== $startsWithi on learner.coach.name
-- learner?filters[coach][name][$startsWithi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE LOWER(t1."name") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "Ann%"

== $startsWithi on page.seo.metaTitle
-- page?filters[seo][metaTitle][$startsWithi]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND LOWER(t2."meta_title") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "Home%"

== $endsWith on coach.name
-- coach?filters[name][$endsWith]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE t0."name" LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%Ann"

== $endsWith on coach.maxLearners
-- coach?filters[maxLearners][$endsWith]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWith on coach.rating
-- coach?filters[rating][$endsWith]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWith on coach.active
-- coach?filters[active][$endsWith]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWith on event.startAt
-- event?filters[startAt][$endsWith]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWith on coach.expertise
-- coach?filters[expertise][$endsWith]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT) LIKE ? ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%{\"b\":[1,2],\"a\":\"x\"}"

== $endsWith on learner.coach.name
-- learner?filters[coach][name][$endsWith]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE t1."name" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "%Ann"

== $endsWith on page.seo.metaTitle
-- page?filters[seo][metaTitle][$endsWith]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND t2."meta_title" LIKE ? ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "%Home"

== $endsWithi on coach.name
-- coach?filters[name][$endsWithi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(t0."name") LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%Ann"

== $endsWithi on coach.maxLearners
-- coach?filters[maxLearners][$endsWithi]=5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWithi on coach.rating
-- coach?filters[rating][$endsWithi]=1.5&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWithi on coach.active
-- coach?filters[active][$endsWithi]=true&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWithi on event.startAt
-- event?filters[startAt][$endsWithi]=2024-01-01T00%3A00%3A00.000Z&fields[0]=createdAt&pagination[withCount]=false
-- refused by core/query

== $endsWithi on coach.expertise
-- coach?filters[expertise][$endsWithi]=%7B%22b%22%3A%5B1%2C2%5D%2C%22a%22%3A%22x%22%7D&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "coaches" t0 WHERE LOWER(CAST(CAST(CAST(t0."expertise" AS JSONB) AS TEXT) AS TEXT)) LIKE LOWER(?) ESCAPE '\' ORDER BY t0."id" LIMIT 25
-- args: "%{\"b\":[1,2],\"a\":\"x\"}"

== $endsWithi on learner.coach.name
-- learner?filters[coach][name][$endsWithi]=Ann&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "learners" t0 WHERE (t0."coach_id" IS NOT NULL AND t0."coach_id" IN (SELECT t1."id" FROM "coaches" t1 WHERE LOWER(t1."name") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "%Ann"

== $endsWithi on page.seo.metaTitle
-- page?filters[seo][metaTitle][$endsWithi]=Home&fields[0]=createdAt&pagination[withCount]=false
SELECT t0."id", t0."document_id", t0."created_at"::text FROM "pages" t0 WHERE (t0."id" IN (SELECT t1."entity_id" FROM "pages_cmps" t1 JOIN "components_shared_seo" t2 ON t2."id" = t1."cmp_id" WHERE t1."field" = ? AND t1."component_type" = ? AND LOWER(t2."meta_title") LIKE LOWER(?) ESCAPE '\')) ORDER BY t0."id" LIMIT 25
-- args: "seo", "shared.seo", "%Home"

