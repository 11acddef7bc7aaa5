package store_test

import (
	"testing"
	"time"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/store/storetest"
)

// filterCase is one filter on one type and the ids it must select, in id
// order.
type filterCase struct {
	name string
	typ  string
	f    func(ct *schema.ContentType) *query.Filter
	want []int64
}

// runFilterCases checks each case with Find (the exact ids, in order) and
// Count (the same number), on both databases.
func runFilterCases(t *testing.T, cases []filterCase) {
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				ct := f.ty(c.typ)
				q := &query.Query{Type: ct, Filters: c.f(ct)}
				eqIDs(t, "find", f.ids(t, q, entry.ReadOptions{}), c.want)
				n, err := f.st.Count(ctx, db, q, entry.ReadOptions{})
				if err != nil {
					t.Fatal(err)
				}
				if n != int64(len(c.want)) {
					t.Errorf("count %d, want %d", n, len(c.want))
				}
			})
		}
	})
}

func op(field string, o query.Operator, v any) func(*schema.ContentType) *query.Filter {
	return func(ct *schema.ContentType) *query.Filter { return cond(ct, field, o, v) }
}

// Customers: 1 "Acme Corp", 2 "acme labs", 3 "Initech 50% Off",
// 4 "Under_Score Ltd", 5 `Back\slash Inc`, 6 "Star*Power [Intl]?".
func TestFilterStringOperators(t *testing.T) {
	t.Parallel()
	runFilterCases(t, []filterCase{
		{"eq", "customer", op("name", query.OpEq, "Acme Corp"), ids(1)},
		{"eq is case-sensitive", "customer", op("name", query.OpEq, "acme corp"), ids()},
		{"eq null", "customer", op("industry", query.OpEq, nil), ids(3)},
		{"ne", "customer", op("name", query.OpNe, "Acme Corp"), ids(2, 3, 4, 5, 6)},
		{"ne is plain <>: NULL rows drop out", "customer", op("industry", query.OpNe, "Retail"), ids(1, 2, 6)},
		{"ne null", "customer", op("industry", query.OpNe, nil), ids(1, 2, 4, 5, 6)},
		{"eqi", "customer", op("name", query.OpEqi, "ACME CORP"), ids(1)},
		{"nei", "customer", op("name", query.OpNei, "acme CORP"), ids(2, 3, 4, 5, 6)},
		{"eqi on email", "customer", op("contactEmail", query.OpEqi, "OPS@Acme.test"), ids(1)},
		{"lt in byte order", "customer", op("name", query.OpLt, "B"), ids(1)},
		{"lte", "customer", op("name", query.OpLte, `Back\slash Inc`), ids(1, 5)},
		{"gt", "customer", op("name", query.OpGt, "Under"), ids(2, 4)},
		{"gte", "customer", op("name", query.OpGte, "Under_Score Ltd"), ids(2, 4)},
		{"in", "customer", op("name", query.OpIn, list("Acme Corp", "acme labs", "nobody")), ids(1, 2)},
		{"in empty matches nothing", "customer", op("name", query.OpIn, list()), ids()},
		{"notIn", "customer", op("name", query.OpNotIn, list("Acme Corp")), ids(2, 3, 4, 5, 6)},
		{"notIn empty matches all", "customer", op("name", query.OpNotIn, list()), ids(1, 2, 3, 4, 5, 6)},
		{"notIn drops NULL rows", "customer", op("industry", query.OpNotIn, list("Retail")), ids(1, 2, 6)},
		{"between", "customer", op("name", query.OpBetween, list("A", "C")), ids(1, 5)},
		{"contains is case-sensitive", "customer", op("name", query.OpContains, "Acme"), ids(1)},
		{"contains lower", "customer", op("name", query.OpContains, "cme"), ids(1, 2)},
		{"contains upper matches nothing", "customer", op("name", query.OpContains, "ACME"), ids()},
		{"containsi", "customer", op("name", query.OpContainsi, "ACME"), ids(1, 2)},
		{"notContains", "customer", op("name", query.OpNotContains, "Acme"), ids(2, 3, 4, 5, 6)},
		{"notContains drops NULL rows", "customer", op("industry", query.OpNotContains, "e"), ids(1)},
		{"notContainsi", "customer", op("name", query.OpNotContainsi, "ACME"), ids(3, 4, 5, 6)},
		{"startsWith", "customer", op("name", query.OpStartsWith, "acme"), ids(2)},
		{"startsWithi", "customer", op("name", query.OpStartsWithi, "ACME"), ids(1, 2)},
		{"endsWith", "customer", op("name", query.OpEndsWith, "Inc"), ids(5)},
		{"endsWith is case-sensitive", "customer", op("name", query.OpEndsWith, "inc"), ids()},
		{"endsWithi", "customer", op("name", query.OpEndsWithi, "INC"), ids(5)},
		// LIKE metacharacters match themselves.
		{"contains %", "customer", op("name", query.OpContains, "%"), ids(3)},
		{"contains 50% O", "customer", op("name", query.OpContains, "50% O"), ids(3)},
		{"contains _", "customer", op("name", query.OpContains, "_"), ids(4)},
		{`contains \`, "customer", op("name", query.OpContains, `\`), ids(5)},
		{`contains k\s`, "customer", op("name", query.OpContains, `k\s`), ids(5)},
		{"containsi %", "customer", op("name", query.OpContainsi, "%"), ids(3)},
		{"containsi _S", "customer", op("name", query.OpContainsi, "r_S"), ids(4)},
		{`containsi \S`, "customer", op("name", query.OpContainsi, `K\S`), ids(5)},
		{"startsWith _ is no wildcard", "customer", op("name", query.OpStartsWith, "_"), ids()},
		{"endsWith % is no wildcard", "customer", op("name", query.OpEndsWith, "%"), ids()},
		{"startsWithi % is no wildcard", "customer", op("name", query.OpStartsWithi, "%"), ids()},
		{"notContains %", "customer", op("name", query.OpNotContains, "%"), ids(1, 2, 4, 5, 6)},
		// GLOB metacharacters (SQLite's case-sensitive path) too.
		{"contains *", "customer", op("name", query.OpContains, "*"), ids(6)},
		{"contains ?", "customer", op("name", query.OpContains, "?"), ids(6)},
		{"contains [Intl]", "customer", op("name", query.OpContains, "[Intl]"), ids(6)},
		{"contains [", "customer", op("name", query.OpContains, "["), ids(6)},
		{"startsWith Star*", "customer", op("name", query.OpStartsWith, "Star*"), ids(6)},
		{"endsWith ]?", "customer", op("name", query.OpEndsWith, "]?"), ids(6)},
		{"startsWith * is no wildcard", "customer", op("name", query.OpStartsWith, "*"), ids()},
		{"null", "customer", op("industry", query.OpNull, true), ids(3)},
		{"null false", "customer", op("industry", query.OpNull, false), ids(1, 2, 4, 5, 6)},
		{"notNull", "customer", op("industry", query.OpNotNull, true), ids(1, 2, 4, 5, 6)},
		{"notNull false", "customer", op("industry", query.OpNotNull, false), ids(3)},
		{"richtext contains", "program", op("description", query.OpContains, "Lead"), ids(1)},
		{"enumeration eq", "program", op("status", query.OpEq, "published"), ids(1, 2, 6)},
		{"enumeration in", "program", op("status", query.OpIn, list("draft", "archived")), ids(3, 4, 5)},
		{"enumeration ne", "program", op("status", query.OpNe, "published"), ids(3, 4, 5)},
		{"uid startsWith", "category", op("slug", query.OpStartsWith, "lead"), ids(2)},
	})
}

// Programs' capacity: 20, 10, NULL, 50, 20, 5. startDate: 2026-01-10,
// 2026-02-01, NULL, 2025-11-15, 2026-01-10, 2026-04-01.
func TestFilterNumberAndDateOperators(t *testing.T) {
	t.Parallel()
	runFilterCases(t, []filterCase{
		{"integer eq", "program", op("capacity", query.OpEq, int64(20)), ids(1, 5)},
		{"integer ne", "program", op("capacity", query.OpNe, int64(20)), ids(2, 4, 6)},
		{"integer lt", "program", op("capacity", query.OpLt, int64(20)), ids(2, 6)},
		{"integer lte", "program", op("capacity", query.OpLte, int64(20)), ids(1, 2, 5, 6)},
		{"integer gt", "program", op("capacity", query.OpGt, int64(20)), ids(4)},
		{"integer gte", "program", op("capacity", query.OpGte, int64(20)), ids(1, 4, 5)},
		{"integer in", "program", op("capacity", query.OpIn, list(int64(5), int64(50))), ids(4, 6)},
		{"integer notIn", "program", op("capacity", query.OpNotIn, list(int64(20))), ids(2, 4, 6)},
		{"integer between", "program", op("capacity", query.OpBetween, list(int64(10), int64(20))), ids(1, 2, 5)},
		{"integer eq null", "program", op("capacity", query.OpEq, nil), ids(3)},
		{"integer ne null", "program", op("capacity", query.OpNe, nil), ids(1, 2, 4, 5, 6)},
		{"integer null", "program", op("capacity", query.OpNull, true), ids(3)},
		{"date eq", "program", op("startDate", query.OpEq, "2026-01-10"), ids(1, 5)},
		{"date lt", "program", op("startDate", query.OpLt, "2026-01-10"), ids(4)},
		{"date gte", "program", op("startDate", query.OpGte, "2026-02-01"), ids(2, 6)},
		{"date between", "program", op("startDate", query.OpBetween, list("2026-01-01", "2026-02-28")), ids(1, 2, 5)},
		{"date in", "program", op("startDate", query.OpIn, list("2025-11-15", "2026-04-01")), ids(4, 6)},
		{"date null", "program", op("startDate", query.OpNull, true), ids(3)},
		{"date notNull", "program", op("endDate", query.OpNotNull, true), ids(1, 4)},
		// Coaches' rating: 4.5, 3.0, NULL.
		{"decimal eq", "coach", op("rating", query.OpEq, 4.5), ids(1)},
		{"decimal gt", "coach", op("rating", query.OpGt, 3.5), ids(1)},
		{"decimal gte", "coach", op("rating", query.OpGte, 3.0), ids(1, 2)},
		{"decimal lt", "coach", op("rating", query.OpLt, 4.5), ids(2)},
		{"decimal between", "coach", op("rating", query.OpBetween, list(2.5, 4.0)), ids(2)},
		{"decimal null", "coach", op("rating", query.OpNull, true), ids(3)},
		{"json null", "coach", op("expertise", query.OpNull, true), ids(2)},
		{"json notNull", "coach", op("expertise", query.OpNotNull, true), ids(1, 3)},
		// Availabilities' startTime: 09:00, 13:30, 08:00.
		{"time eq", "availability", op("startTime", query.OpEq, "13:30:00"), ids(2)},
		{"time gte", "availability", op("startTime", query.OpGte, "09:00:00"), ids(1, 2)},
		{"time lt", "availability", op("startTime", query.OpLt, "09:00:00"), ids(3)},
		{"time between", "availability", op("startTime", query.OpBetween, list("08:30:00", "13:30:00")), ids(1, 2)},
		// Events' startAt: 01-10 09:00, 01-12 14:30, 02-01 18:00, 03-01 16:00:00.5.
		{"datetime eq", "event", op("startAt", query.OpEq, at("2026-01-12T14:30:00Z")), ids(2)},
		{"datetime eq in another zone", "event", op("startAt", query.OpEq, at("2026-01-12T15:30:00+01:00")), ids(2)},
		{"datetime eq milliseconds", "event", op("startAt", query.OpEq, at("2026-03-01T16:00:00.5Z")), ids(4)},
		{"datetime gt", "event", op("startAt", query.OpGt, at("2026-01-12T14:30:00Z")), ids(3, 4)},
		{"datetime gt by a millisecond", "event", op("startAt", query.OpGt, at("2026-03-01T16:00:00.499Z")), ids(4)},
		{"datetime lt", "event", op("startAt", query.OpLt, at("2026-01-12T14:30:00Z")), ids(1)},
		{"datetime between", "event", op("startAt", query.OpBetween, list(at("2026-01-10T09:00:00Z"), at("2026-02-01T18:00:00Z"))), ids(1, 2, 3)},
		{"datetime in", "event", op("startAt", query.OpIn, list(at("2026-01-10T09:00:00Z"), at("2026-02-01T18:00:00Z"))), ids(1, 3)},
		{"datetime null", "event", op("syncedAt", query.OpNull, true), ids(1, 2, 3, 4)},
		{"createdAt lte now", "event", op("createdAt", query.OpLte, time.Now().Add(time.Minute)), ids(1, 2, 3, 4)},
		{"createdAt gt future", "event", op("createdAt", query.OpGt, time.Now().Add(time.Minute)), ids()},
		// Customers' active: true, false, true, true, NULL, false.
		{"boolean eq true", "customer", op("active", query.OpEq, true), ids(1, 3, 4)},
		{"boolean eq false", "customer", op("active", query.OpEq, false), ids(2, 6)},
		{"boolean ne true", "customer", op("active", query.OpNe, true), ids(2, 6)},
		{"boolean in", "customer", op("active", query.OpIn, list(false)), ids(2, 6)},
		{"boolean null", "customer", op("active", query.OpNull, true), ids(5)},
		{"id in", "customer", op("id", query.OpIn, list(int64(2), int64(4))), ids(2, 4)},
		{"id gt", "customer", op("id", query.OpGt, int64(4)), ids(5, 6)},
		{"id notIn", "customer", op("id", query.OpNotIn, list(int64(1))), ids(2, 3, 4, 5, 6)},
		{"id between", "customer", op("id", query.OpBetween, list(int64(2), int64(3))), ids(2, 3)},
	})
}

func TestFilterDocumentID(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		ct := f.ty("customer")
		q := &query.Query{Type: ct, Filters: cond(ct, "documentId", query.OpEq, f.doc("customer", 3))}
		eqIDs(t, "documentId eq", f.ids(t, q, entry.ReadOptions{}), ids(3))
		q.Filters = cond(ct, "documentId", query.OpIn, list(f.doc("customer", 2), f.doc("customer", 6)))
		eqIDs(t, "documentId in", f.ids(t, q, entry.ReadOptions{}), ids(2, 6))
		p := f.ty("program")
		q = &query.Query{Type: p, Filters: rel(p, "customer", func(c *schema.ContentType) *query.Filter {
			return cond(c, "documentId", query.OpEq, f.doc("customer", 1))
		})}
		eqIDs(t, "customer.documentId eq", f.ids(t, q, entry.ReadOptions{}), ids(1, 2))
	})
}

func TestFilterLogic(t *testing.T) {
	t.Parallel()
	runFilterCases(t, []filterCase{
		{"and", "program", func(ct *schema.ContentType) *query.Filter {
			return and(cond(ct, "status", query.OpEq, "published"), cond(ct, "capacity", query.OpGte, int64(10)))
		}, ids(1, 2)},
		{"or", "program", func(ct *schema.ContentType) *query.Filter {
			return or(cond(ct, "status", query.OpEq, "archived"), cond(ct, "capacity", query.OpLt, int64(10)))
		}, ids(4, 6)},
		{"not", "program", func(ct *schema.ContentType) *query.Filter {
			return not(cond(ct, "status", query.OpEq, "published"))
		}, ids(3, 4, 5)},
		{"not of null-valued comparison drops NULL rows", "program", func(ct *schema.ContentType) *query.Filter {
			return not(cond(ct, "capacity", query.OpGt, int64(15)))
		}, ids(2, 6)},
		{"and of or and not", "program", func(ct *schema.ContentType) *query.Filter {
			return and(cond(ct, "status", query.OpEq, "published"),
				not(or(cond(ct, "capacity", query.OpGt, int64(15)),
					rel(ct, "customer", func(c *schema.ContentType) *query.Filter { return cond(c, "name", query.OpEq, "Under_Score Ltd") }))))
		}, ids(2)},
		{"or of ands", "program", func(ct *schema.ContentType) *query.Filter {
			return or(and(cond(ct, "status", query.OpEq, "draft"), cond(ct, "capacity", query.OpNull, true)),
				and(cond(ct, "status", query.OpEq, "archived"), cond(ct, "capacity", query.OpGt, int64(40))))
		}, ids(3, 4)},
		{"not not", "program", func(ct *schema.ContentType) *query.Filter {
			return not(not(cond(ct, "status", query.OpEq, "draft")))
		}, ids(3, 5)},
		{"empty and matches all", "customer", func(*schema.ContentType) *query.Filter { return and() }, ids(1, 2, 3, 4, 5, 6)},
		{"empty or matches nothing", "customer", func(*schema.ContentType) *query.Filter { return or() }, ids()},
		{"array value as or", "customer", func(ct *schema.ContentType) *query.Filter {
			return or(cond(ct, "name", query.OpContains, "50%"), cond(ct, "name", query.OpContains, "_"))
		}, ids(3, 4)},
	})
}

func rf(path string, sub func(*schema.ContentType) *query.Filter) func(*schema.ContentType) *query.Filter {
	return func(ct *schema.ContentType) *query.Filter { return rel(ct, path, sub) }
}

func TestFilterRelations(t *testing.T) {
	t.Parallel()
	runFilterCases(t, []filterCase{
		{"to-one depth 2", "session", rf("program", op("title", query.OpEq, "Leadership Basics")), ids(1, 2, 3)},
		{"to-one depth 3", "session", rf("program.customer", op("name", query.OpEq, "Acme Corp")), ids(1, 2, 3, 4)},
		{"to-one depth 3 containsi", "session", rf("program.customer", op("name", query.OpContainsi, "ACME")), ids(1, 2, 3, 4, 5)},
		{"to-one depth 4", "event", rf("session.program.customer", op("name", query.OpEq, "Acme Corp")), ids(1)},
		{"or of relation filters", "program", func(ct *schema.ContentType) *query.Filter {
			return or(rel(ct, "customer", op("name", query.OpEq, "acme labs")), rel(ct, "coaches", op("name", query.OpEq, "Cy")))
		}, ids(3, 6)},
		{"to-many matches each entry once", "customer", rf("programs", op("status", query.OpEq, "published")), ids(1, 4)},
		{"to-many: one related row satisfies the whole sub-filter", "customer", rf("programs", func(ct *schema.ContentType) *query.Filter {
			return and(cond(ct, "status", query.OpEq, "published"), cond(ct, "capacity", query.OpLt, int64(15)))
		}), ids(1, 4)},
		{"to-many: two relation filters may match different rows", "customer", func(ct *schema.ContentType) *query.Filter {
			return and(rel(ct, "programs", op("capacity", query.OpEq, int64(20))), rel(ct, "programs", op("capacity", query.OpEq, int64(10))))
		}, ids(1)},
		{"to-many ne matches entries with other rows", "customer", rf("programs", op("title", query.OpNe, "Leadership Basics")), ids(1, 2, 3, 4)},
		{"to-many depth 2", "customer", rf("programs.modules", op("title", query.OpEq, "Pipeline")), ids(2)},
		{"to-many depth 3", "customer", rf("programs.modules.sessions", op("kind", query.OpEq, "workshop")), ids(1)},
		// A $not is Strapi's, row by row of its LEFT JOIN: a related row
		// that fails the condition (testdata/filters).
		{"not of a to-many filter: a related row that fails it", "customer", func(ct *schema.ContentType) *query.Filter {
			return not(rel(ct, "programs", op("status", query.OpEq, "draft")))
		}, ids(1, 3, 4)},
		{"not of a to-one filter: named otherwise, not without one", "program", func(ct *schema.ContentType) *query.Filter {
			return not(rel(ct, "customer", op("name", query.OpEq, "Acme Corp")))
		}, ids(3, 4, 6)},
		{"manyToMany owning side", "event", rf("learners", op("name", query.OpIn, list("Lena", "Max"))), ids(1, 2, 4)},
		{"manyToMany mapped side", "learner", rf("events", op("title", query.OpEq, "Retro")), ids(2, 3)},
		{"manyToMany then to-one", "coach", rf("programs.customer", op("name", query.OpEq, "Acme Corp")), ids(1, 2)},
		{"self relation to-one", "category", rf("parent", op("name", query.OpEq, "Root")), ids(2, 3)},
		{"self relation depth 2", "category", rf("parent.parent", op("name", query.OpEq, "Root")), ids(4)},
		{"self relation to-many", "category", rf("children", op("name", query.OpEq, "Coaching")), ids(2)},
		// Lead 201 is a draft: a published read does not see it, through a
		// relation either (TestDraftTargetsInFilters reads it as a draft).
		{"relation filter sees published targets only", "program", rf("blueprint", op("title", query.OpEq, "Lead 201")), ids()},
		// $null and $notNull on relations.
		{"owning to-one null", "program", op("customer", query.OpNull, true), ids(5)},
		{"owning to-one null false", "program", op("customer", query.OpNull, false), ids(1, 2, 3, 4, 6)},
		{"owning to-one notNull", "program", op("customer", query.OpNotNull, true), ids(1, 2, 3, 4, 6)},
		{"oneToMany null", "customer", op("programs", query.OpNull, true), ids(5, 6)},
		{"oneToMany notNull", "customer", op("programs", query.OpNotNull, true), ids(1, 2, 3, 4)},
		{"manyToMany null", "event", op("learners", query.OpNull, true), ids(3)},
		{"manyToMany notNull", "event", op("learners", query.OpNotNull, true), ids(1, 2, 4)},
		{"manyToMany mapped null", "learner", op("events", query.OpNull, true), ids(4)},
		{"manyToMany owning null on programs", "program", op("coaches", query.OpNull, true), ids(3, 4, 5)},
		{"self to-many null", "category", op("children", query.OpNull, true), ids(3, 4)},
		{"null inside a relation filter: also without the relation", "session", rf("program", op("customer", query.OpNull, true)), ids(6)},
		{"null on a relation inside a relation filter", "module", rf("program", op("coaches", query.OpNull, false)), ids(1, 2, 3)},
	})
}

// TestDraftTargetsInFilters: a draft read reaches draft targets through a
// relation filter, unless the caller may not read that type's drafts.
func TestDraftTargetsInFilters(t *testing.T) {
	t.Parallel()
	storetest.Each(t, func(t *testing.T, db *database.DB) {
		f := newFixture(t, db)
		pr, bp := f.ty("program"), f.ty("blueprint")
		q := &query.Query{Type: pr, Status: query.Draft, Filters: rf("blueprint", op("title", query.OpEq, "Lead 201"))(pr)}
		eqIDs(t, "draft read", f.ids(t, q, entry.ReadOptions{}), ids(2))
		eqIDs(t, "draft read without the drafts of blueprints", f.ids(t, q, entry.ReadOptions{NoDrafts: map[*schema.ContentType]bool{bp: true}}), ids())
	})
}
