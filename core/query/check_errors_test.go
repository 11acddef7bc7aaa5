package query

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

// errCase is one query Parse must refuse, with the exact error.
type errCase struct {
	typ, raw string
	kind     errs.Kind
	msg      string
	// details, when set, must equal the error's details.
	details map[string]any
}

// det is Strapi's invalid-key details shape for a query parameter.
func det(key string, path any, param string) map[string]any {
	return map[string]any{"key": key, "path": path, "source": "query", "param": param}
}

// strapiDetails are the keys of details Strapi writes (key, path, source,
// param); what Kiln adds to an invalid key (valid, closest, reason) is
// checked by TestInvalidKeySaysWhatIsValid.
func strapiDetails(d map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range d {
		switch k {
		case "valid", "closest", "reason":
		default:
			out[k] = v
		}
	}
	return out
}

// manyItems writes key[0]=v0&...&key[n-1]=v(n-1).
func manyItems(key string, n int, value func(int) string) string {
	parts := make([]string, n)
	for i := range parts {
		parts[i] = fmt.Sprintf("%s[%d]=%s", key, i, value(i))
	}
	return strings.Join(parts, "&")
}

func itoa(i int) string { return fmt.Sprint(i) }

const (
	val = errs.KindValidation
	pag = errs.KindPagination
)

// securityCases are the known attacks on a Strapi query string (operator
// and key injection, private fields, oversized and malformed input): each
// must be a 400 that does not vary with the payload.
var securityCases = []errCase{
	// a relation to the admin user does not exist here; the same 400 for $2 and $3.
	{"program", "filters[updatedBy][password][$startsWith]=$2", val, "Invalid key updatedBy", det("updatedBy", "updatedBy", "filters")},
	{"program", "filters[updatedBy][password][$startsWith]=$3", val, "Invalid key updatedBy", det("updatedBy", "updatedBy", "filters")},
	// A.2
	{"learner", "filters[user][resetPasswordToken][$startsWith]=a", val, "Invalid key resetPasswordToken at user", det("resetPasswordToken", "user.resetPasswordToken", "filters")},
	{"learner", "filters[user][password][$startsWith]=$2", val, "Invalid key password at user", det("password", "user.password", "filters")},
	{"learner", "filters[user][confirmationToken][$eq]=x", val, "Invalid key confirmationToken at user", nil},
	// A.3
	{"user", "filters[password][$startsWith]=$2a", val, "Invalid key password", det("password", "password", "filters")},
	// every nesting
	{"learner", "filters[$or][0][user][password][$startsWith]=$2", val, "Invalid key password at user", det("password", "user.password", "filters")},
	{"learner", "filters[$not][user][password][$null]=false", val, "Invalid key password at user", nil},
	{"learner", "filters[user][$and][0][password][$eq]=x", val, "Invalid key password at user", nil},
	{"learner", "filters[user][password][$in][0]=x", val, "Invalid key password at user", nil},
	{"learner", "filters[user][$or][0][$not][password]=x", val, "Invalid key password at user", nil},
	{"enrollment", "filters[learner][user][password][$null]=true", val, "Invalid key password at learner.user", det("password", "learner.user.password", "filters")},
	{"learner", "filters[user][password]", val, "Invalid key password at user", nil},
	// keys must equal declared names
	{"user", "filters[t0.password]=x", val, "Invalid key t0.password", det("t0.password", "t0.password", "filters")},
	{"user", "filters[t1.password][$startsWith]=$2", val, "Invalid key t1.password", nil},
	{"learner", "filters[user.password][$startsWith]=$2", val, "Invalid key user.password", nil},
	{"learner", "filters[user][t1.password]=x", val, "Invalid key t1.password at user", det("t1.password", "user.t1.password", "filters")},
	{"user", "filters[reset_password_token]=x", val, "Invalid key reset_password_token", nil},
	{"user", "filters[Password]=x", val, "Invalid key Password", nil},
	{"user", "filters[password%20]=x", val, "Invalid key password ", nil},
	// sort oracles
	{"learner", "sort=user.password:asc", val, "Invalid key password at user", det("password", "user.password", "sort")},
	{"learner", "sort[user][resetPasswordToken]=asc", val, "Invalid key resetPasswordToken at user", det("resetPasswordToken", "user.resetPasswordToken", "sort")},
	{"user", "sort=password", val, "Invalid key password", det("password", "password", "sort")},
	{"learner", "sort[0]=user.confirmationToken:desc", val, "Invalid key confirmationToken at user", nil},
	// populate-nested oracles
	{"learner", "populate[user][filters][password][$startsWith]=$2", val, "Invalid key password at user", det("password", "user.password", "populate")},
	{"learner", "populate[user][sort][0]=password", val, "Invalid key password at user", det("password", "user.password", "populate")},
	{"learner", "populate[user][fields][0]=password", val, "Invalid key password at user", det("password", "user.password", "populate")},
	{"coach", "populate[learners][populate][user][filters][$or][0][resetPasswordToken][$null]=false", val, "Invalid key resetPasswordToken at learners.user", nil},
	// unknown top-level parameters never pass
	{"program", "where[updatedBy][resetPasswordToken][$startsWith]=a", val, "Invalid key where", det("where", nil, "where")},
	{"program", "lookup[updatedBy][password][$startsWith]=$2", val, "Invalid key lookup", nil},
	{"program", "$where=1", val, "Invalid key $where", nil},
	{"program", "select=title", val, "Invalid key select", nil},
	{"program", "orderBy=title", val, "Invalid key orderBy", nil},
	{"program", "joins=customer", val, "Invalid key joins", nil},
	{"program", "_where[title]=x", val, "Invalid key _where", nil},
	{"program", "_q[x]=1", val, "Invalid value for _q: expected a single value", det("_q", nil, "_q")},
	{"program", "_q=a&_q=b", val, "Invalid value for _q: expected a single value", nil},
	{"blueprint", "hasPublishedVersion=true", val, "Invalid key hasPublishedVersion: Kiln does not take this parameter", det("hasPublishedVersion", nil, "hasPublishedVersion")},
	{"blueprint", "publicationFilter=modified", val, "Invalid key publicationFilter: Kiln does not take this parameter", nil},
	{"program", "populate[createdBy]=true", val, "Invalid key createdBy", det("createdBy", "createdBy", "populate")},
	// boolean oracles on private fields
	{"user", "filters[password][$null]=true", val, "Invalid key password", nil},
	{"user", "filters[password][$notNull]=true", val, "Invalid key password", nil},
	{"user", "filters[password][$eq]=", val, "Invalid key password", nil},
	{"user", "filters[resetPasswordToken]", val, "Invalid key resetPasswordToken", nil},
	// B.7
	{"user", "fields[0]=password", val, "Invalid key password", det("password", "password", "fields")},
	{"user", "fields=username,resetPasswordToken", val, "Invalid key resetPasswordToken", nil},
	// a relation to a type the caller may not read, at any level
	{"user", "filters[role][name]=Admin", val, "Invalid key role", det("role", "role", "filters")},
	{"learner", "filters[user][role][type][$eq]=admin", val, "Invalid key role at user", nil},
	{"learner", "sort=user.role.name", val, "Invalid key role at user", nil},
	// G.1
	{"program", "sort=title:asc'", val, "Invalid order. order can only be one of asc|desc|ASC|DESC", det("asc'", nil, "sort")},
	{"program", "sort=title;drop+table+x", val, "Invalid key title;drop table x", nil},
	{"program", "sort=title:up", val, "Invalid order. order can only be one of asc|desc|ASC|DESC", nil},
	// G.2
	{"program", "sort=__proto__.polluted:asc", val, "Invalid key __proto__", det("__proto__", "__proto__", "sort")},
	{"program", "sort[constructor][prototype][x]=asc", val, "Invalid key constructor", det("constructor", nil, "sort")},
	{"program", "filters[__proto__][x]=1", val, "Invalid key __proto__", det("__proto__", nil, "filters")},
	{"program", "populate[__proto__]=true", val, "Invalid key __proto__", nil},
	{"program", "filters[title][constructor]=1", val, "Invalid key constructor", nil},
	{"program", "__proto__=1", val, "Invalid key __proto__", det("__proto__", nil, "__proto__")},
	// G.4
	{"blueprint", "filters[durationWeeks][$eq]=abc", val, `Invalid value "abc" for durationWeeks: expected an integer`, det("durationWeeks", "durationWeeks", "filters")},
	{"program", "filters[createdAt][$gt]=notadate", val, `Invalid value "notadate" for createdAt: expected a date-time (RFC 3339) or a date`, nil},
	{"program", "filters[$or][title]=x", val, "Invalid value for $or: expected an array", det("$or", nil, "filters")},
	{"program", "filters[$and][title]=x", val, "Invalid value for $and: expected an array", nil},
	{"program", "filters[$eq]=1", val, "Invalid key $eq", det("$eq", "$eq", "filters")},
	{"learner", "filters[coach][$eq]=1&filters[coach][name]=x", val, "Invalid key name at coach: fields and operators ($eq) cannot be mixed in one filter", det("name", "coach.name", "filters")},
	{"learner", "filters[coach][name]=x&filters[coach][$in][0]=1", val, "Invalid key name at coach: fields and operators ($in) cannot be mixed in one filter", nil},
	{"learner", "filters[coach][$null]=true&filters[coach][$or][0][name]=x", val, "Invalid key $or at coach: fields and operators ($null) cannot be mixed in one filter", nil},
	// G.5
	{"program", "pagination[page]=0", val, `Invalid pagination[page] "0": it must be at least 1`, det("page", "pagination.page", "pagination")},
	{"program", "pagination[page]=-1", val, `Invalid pagination[page] "-1": it must be at least 1`, nil},
	{"program", "pagination[page]=abc", val, `Invalid pagination[page] "abc": it must be an integer`, nil},
	{"program", "pagination[page]=1.5", val, `Invalid pagination[page] "1.5": it must be an integer`, nil},
	{"program", "pagination[page]=99999999999999999999", val, `Invalid pagination[page] "99999999999999999999": it is too large`, nil},
	{"program", "pagination[page]=1e300", val, `Invalid pagination[page] "1e300": it is too large`, nil},
	{"program", "pagination[page]=4611686018427387904", val, `Invalid pagination[page] "4611686018427387904": it is too large`, nil},
	{"program", "pagination[pageSize]=0", val, `Invalid pagination[pageSize] "0": it must be at least 1`, nil},
	{"program", "pagination[start]=-1", val, `Invalid pagination[start] "-1": it must be at least 0`, nil},
	{"program", "locale=../../x", val, `Invalid locale parameter: expected a locale code such as "en", "all" or "*"`, det("locale", nil, "locale")},
	{"program", "locale[$ne]=en", val, `Invalid locale parameter: expected a locale code such as "en", "all" or "*"`, nil},
	{"program", "locale[0]=en&locale[1]=fr", val, `Invalid locale parameter: expected a locale code such as "en", "all" or "*"`, nil},
	{"program", "locale=" + strings.Repeat("a", 36), val, `Invalid locale parameter: expected a locale code such as "en", "all" or "*"`, nil},
	{"program", "filters[locale][$eq]=en", val, "Invalid key locale", nil},
	{"program", "populate[customer][locale]=fr", val, "Invalid key locale at customer", nil},
	{"program", "pagination[limit]=0", val, `Invalid pagination[limit] "0": it must be at least 1`, nil},
	{"program", "pagination[limit]=-1", val, `Invalid pagination[limit] "-1": it must be at least 1`, det("limit", "pagination.limit", "pagination")},
	{"program", "pagination[limit]=-2", val, `Invalid pagination[limit] "-2": it must be at least 1`, nil},
	{"program", "pagination[start]=9223372036854775800", val, `Invalid pagination[start] "9223372036854775800": it is too large`, nil},
	// G.6
	{"program", "populate=" + strings.Repeat("modules,", 101), val, "Too many populate entries (101), the maximum is 100", det("populate", nil, "populate")},
	{"program", manyItems("populate", 101, func(int) string { return "modules" }), val, "Too many populate entries (101), the maximum is 100", nil},
	{"program", "populate[modules][populate][program][populate][modules][populate][program][populate][modules][populate][program][populate][modules]=true", val,
		"Invalid populate: nested deeper than 6 levels at modules.program.modules.program.modules.program", det("populate", "modules.program.modules.program.modules.program", "populate")},
	{"program", "populate=modules.program.modules.program.modules.program.modules", val,
		"Invalid populate: nested deeper than 6 levels at modules.program.modules.program.modules.program", nil},
	// G.7
	{"program", manyItems("filters[id][$in]", 151, itoa), val, "Too many values for $in at id (151), the maximum is 100", det("$in", "id", "filters")},
	{"program", manyItems("filters[$or]", 151, func(i int) string { return "x" }), val, "Too many values for $or (151), the maximum is 100", nil},
	{"program", manyItems("filters[title][$contains]", 101, itoa), val, "Too many values for $contains at title (101), the maximum is 100", nil},
	// G.10
	// (locale=en, fr, all, * and an empty one are accepted and ignored: Strapi
	// 5 answers a type without localisation the same for any; testdata/locale_*.)
}

// checkCases cover every other refusal of the checker.
var checkCases = []errCase{
	// top level
	{"program", "page=2", pag, "Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object", det("page", nil, "page")},
	{"program", "pageSize=10", pag, "Invalid pagination attributes. The page parameters are incorrect and must be in the pagination object", nil},
	{"program", "publicationState=preview", val, "Invalid key publicationState", nil},
	{"program", "Filters[title]=x", val, "Invalid key Filters", nil},
	{"program", "[0]=x", val, "Invalid key 0", nil},
	{"coach", "from[x]=1", val, "Invalid parameter at 'from'. Expected a single value", det("from", nil, "from")},
	{"coach", "to=a&to=b", val, "Invalid parameter at 'to'. Expected a single value", nil},
	// status
	{"blueprint", "status=anything", val, "Invalid parameter at 'status'. Expected 'published' or 'draft'", det("status", nil, "status")},
	{"blueprint", "status[$ne]=draft", val, "Invalid parameter at 'status'. Expected 'published' or 'draft'", nil},
	{"blueprint", "status=draft&status=published", val, "Invalid parameter at 'status'. Expected 'published' or 'draft'", nil},
	{"blueprint", "status=Draft", val, "Invalid parameter at 'status'. Expected 'published' or 'draft'", nil},
	// filters: keys
	{"program", "filters[foo][$eq]=1", val, "Invalid key foo", det("foo", "foo", "filters")},
	{"program", "filters[title][$foo]=1", val, "Invalid key $foo at title", det("$foo", "title.$foo", "filters")},
	{"learner", "filters[coach][foo]=1", val, "Invalid key foo at coach", det("foo", "coach.foo", "filters")},
	{"learner", "filters[coach][$foo]=1", val, "Invalid key $foo at coach", nil},
	{"program", "filters[title][$eq]=a&filters[title][name]=b", val, "Invalid key name at title", nil},
	{"program", "filters[title][$EQ]=a", val, "Invalid key $EQ at title", nil},
	{"program", "filters[title][$jsonSupersetOf]=a", val, "Invalid key $jsonSupersetOf at title", nil},
	// filters: shapes
	{"program", "filters=abc", val, "Invalid filters: expected an object of fields and operators", det("filters", nil, "filters")},
	{"program", "filters[0][title]=x", val, "Invalid filters: expected an object of fields and operators", nil},
	{"program", "filters[$and][0]=x", val, "Invalid filters: expected an object of fields and operators", nil},
	{"program", "filters[$not]=x", val, "Invalid filters: expected an object of fields and operators", nil},
	{"program", "filters[title][$eq][x]=1", val, "Invalid value for $eq at title: expected a single value", det("$eq", "title", "filters")},
	{"program", "filters[id][$in][0][x]=1", val, "Invalid value for $in at id: expected a list of values", nil},
	{"program", "filters[id][$in][0]&filters[id][$in][1]=2", val, "Invalid value for $in at id: expected a list of values", nil},
	{"program", "filters[id][$in]", val, "Invalid value for $in at id: expected a list of values", nil},
	{"program", "filters[capacity][$between]=1", val, "Invalid value for $between at capacity: expected 2 values, got 1", nil},
	{"program", "filters[capacity][$between][0]=1&filters[capacity][$between][1]=2&filters[capacity][$between][2]=3", val, "Invalid value for $between at capacity: expected 2 values, got 3", nil},
	{"program", "filters[capacity][$lt]", val, "Invalid value for $lt at capacity: expected a value, got null", det("$lt", "capacity", "filters")},
	{"program", "filters[title][$contains]", val, "Invalid value for $contains at title: expected a value, got null", nil},
	{"program", "filters[title][$null]=maybe", val, `Invalid value for $null at title: expected "true", "t", "1", "false", "f" or "0"`, nil},
	{"program", "filters[title][$notNull]", val, `Invalid value for $notNull at title: expected "true", "t", "1", "false", "f" or "0"`, nil},
	{"learner", "filters[coach][$null]=yes", val, `Invalid value for $null at coach: expected "true", "t", "1", "false", "f" or "0"`, nil},
	// filters: operators by type
	{"program", "filters[capacity][$contains]=1", val, "Invalid operator $contains at capacity: it applies to text fields only", det("$contains", "capacity", "filters")},
	{"program", "filters[id][$startsWith]=1", val, "Invalid operator $startsWith at id: it applies to text fields only", nil},
	{"program", "filters[startDate][$eqi]=2024", val, "Invalid operator $eqi at startDate: it applies to text fields only", nil},
	{"coach", "filters[expertise][$eq]=go", val, `Invalid value "go" for expertise: expected JSON`, nil},
	{"coach", "filters[languages]=en", val, `Invalid value "en" for languages: expected JSON`, nil},
	{"coach", "filters[languages][$in][0]=%5B%22en%22%5D&filters[languages][$in][1]=en", val, `Invalid value "en" for languages: expected JSON`, nil},
	{"coach", "filters[expertise][$ne]=1e131072", val, `Invalid value "1e131072" for expertise: expected JSON`, nil},
	{"coach", "filters[expertise][$gt]=1", val, "Invalid operator $gt at expertise: json fields have no order to compare by", nil},
	{"coach", "filters[expertise][$between][0]=1&filters[expertise][$between][1]=2", val, "Invalid operator $between at expertise: json fields have no order to compare by", nil},
	{"learner", "filters[coach][$contains]=1", val, "Invalid operator $contains at coach: it applies to text fields only", nil},
	// filters: coercion
	{"program", "filters[capacity][$eq]=1.5", val, `Invalid value "1.5" for capacity: expected an integer`, nil},
	{"program", "filters[capacity][$eq]=1e3", val, `Invalid value "1e3" for capacity: expected an integer`, nil},
	{"program", "filters[capacity][$eq]=", val, `Invalid value "" for capacity: expected an integer`, nil},
	{"program", "filters[id]=9223372036854775808", val, `Invalid value "9223372036854775808" for id: expected an integer`, nil},
	{"learner", "filters[coach]=abc", val, `Invalid value "abc" for coach: expected an integer`, det("id", "coach", "filters")},
	{"coach", "filters[rating][$gt]=NaN", val, `Invalid value "NaN" for rating: expected a number`, nil},
	{"coach", "filters[rating][$gt]=Infinity", val, `Invalid value "Infinity" for rating: expected a number`, nil},
	{"coach", "filters[rating][$gt]=1e999", val, `Invalid value "1e999" for rating: expected a number`, nil},
	{"coach", "filters[rating][$gt]=four", val, `Invalid value "four" for rating: expected a number`, nil},
	{"coach", "filters[active]=yes", val, `Invalid value "yes" for active: expected "true", "t", "1", "false", "f" or "0"`, nil},
	{"program", "filters[startDate][$eq]=2024-02-30", val, `Invalid value "2024-02-30" for startDate: expected a date (YYYY-MM-DD)`, nil},
	{"program", "filters[startDate][$eq]=2024-1-1", val, `Invalid value "2024-1-1" for startDate: expected a date (YYYY-MM-DD)`, nil},
	{"program", "filters[startDate][$eq]=2024-01-01Tnope", val, `Invalid value "2024-01-01Tnope" for startDate: expected a date (YYYY-MM-DD)`, nil},
	{"availability", "filters[startTime][$eq]=25:00", val, `Invalid value "25:00" for startTime: expected a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)`, nil},
	{"availability", "filters[startTime][$eq]=9:30", val, `Invalid value "9:30" for startTime: expected a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)`, nil},
	{"availability", "filters[startTime][$eq]=12:00:00.abc", val, `Invalid value "12:00:00.abc" for startTime: expected a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)`, nil},
	{"availability", "filters[startTime][$eq]=12:60", val, `Invalid value "12:60" for startTime: expected a time (HH:MM, HH:MM:SS or HH:MM:SS.mmm)`, nil},
	{"enrollment", "filters[enrolledAt][$eq]=2024-13-01T00:00:00Z", val, `Invalid value "2024-13-01T00:00:00Z" for enrolledAt: expected a date-time (RFC 3339) or a date`, nil},
	{"enrollment", "filters[program][customer][name][$eq]=x&filters[enrolledAt][$in][0]=yesterday", val, `Invalid value "yesterday" for enrolledAt: expected a date-time (RFC 3339) or a date`, nil},
	// filters: depth
	{"learner", "filters[coach][learners][coach][learners][coach][learners][coach][name]=x", val,
		"Invalid filters: nested deeper than 6 levels at coach.learners.coach.learners.coach.learners.coach", det("filters", "coach.learners.coach.learners.coach.learners.coach", "filters")},
	{"program", "filters" + strings.Repeat("[$not]", 7) + "[title]=x", val, "Invalid filters: nested deeper than 6 levels", nil},
	{"program", "filters" + strings.Repeat("[$or][0]", 7) + "[title]=x", val, "Invalid filters: nested deeper than 6 levels", nil},
	// populate
	{"program", "populate=foo", val, "Invalid key foo", det("foo", "foo", "populate")},
	{"program", "populate=title", val, "Invalid key title", det("title", "title", "populate")},
	{"program", "populate=id", val, "Invalid key id", nil},
	{"program", "populate[0]=modules&populate[1]=title", val, "Invalid key title", nil},
	{"program", "populate=modules.foo", val, "Invalid key foo at modules", det("foo", "modules.foo", "populate")},
	{"program", "populate=modules.title", val, "Invalid key title at modules", nil},
	{"program", "populate=modules..sessions", val, "Invalid key  at modules", nil},
	{"program", "populate=modules.*.sessions", val, "Invalid key * at modules", nil},
	{"program", "populate[modules][limit]=5", val, "Invalid key limit at modules", det("limit", "modules.limit", "populate")},
	{"program", "populate[modules][start]=5", val, "Invalid key start at modules", nil},
	{"program", "populate[modules][pagination][page]=1", val, "Invalid key pagination at modules", nil},
	{"program", "populate[modules][on][x][fields][0]=a", val, "Invalid key on at modules", nil},
	{"program", "populate[modules][populate][foo]=true", val, "Invalid key foo at modules", det("foo", "modules.foo", "populate")},
	{"program", "populate[modules][populate][sessions][fields]=module", val, "Invalid key module at modules.sessions", nil},
	{"program", "populate[modules][fields][0]=program", val, "Invalid key program at modules", nil},
	{"program", "populate[modules]=yes", val, `Invalid populate value "yes" at modules: expected true, false or an object`, det("modules", "modules", "populate")},
	{"program", "populate[modules]", val, "Invalid populate value at modules: expected true, false or an object", nil},
	{"program", "populate[modules][0]=sessions", val, "Invalid populate value at modules: expected true, false or an object", nil},
	{"program", "populate[modules][count]=maybe", val, `Invalid count at modules: expected "true", "t", "1", "false", "f" or "0"`, nil},
	{"program", "populate[modules][filters]=x", val, "Invalid filters at modules: expected an object of fields and operators", nil},
	{"program", "populate[modules][sort]=title:sideways", val, "Invalid order. order can only be one of asc|desc|ASC|DESC", det("sideways", "modules", "populate")},
	{"program", "populate[0][modules]=true", val, "Invalid populate: expected a list of names", nil},
	// fields
	{"program", "fields=customer", val, "Invalid key customer", det("customer", "customer", "fields")},
	{"program", "fields=foo", val, "Invalid key foo", nil},
	{"program", "fields[0]=title&fields[1]=coaches", val, "Invalid key coaches", nil},
	{"program", "fields[title]=1", val, "Invalid fields: expected a list of names", det("fields", nil, "fields")},
	{"program", "fields[0][x]=1", val, "Invalid fields: expected a list of names", nil},
	// sort
	{"program", "sort=foo", val, "Invalid key foo", det("foo", "foo", "sort")},
	{"program", "sort=modules", val, "Invalid key modules: sorting on a relation needs a field of it (modules.id)", nil},
	{"program", "sort=customer", val, "Invalid key customer: sorting on a relation needs a field of it (customer.id)", nil},
	{"program", "sort[customer]=asc", val, "Invalid key customer: sorting on a relation needs a field of it (customer.id)", nil},
	{"enrollment", "sort=program.customer:desc", val, "Invalid key customer at program: sorting on a relation needs a field of it (customer.id)", nil},
	{"program", "sort=title.x", val, "Invalid key x at title", nil},
	{"program", "sort[title][x]=asc", val, "Invalid key x at title", nil},
	{"program", "sort=title:", val, "Invalid order. order can only be one of asc|desc|ASC|DESC", nil},
	{"program", "sort=title:asc:desc", val, "Invalid order. order can only be one of asc|desc|ASC|DESC", nil},
	{"program", "sort[title]=up", val, "Invalid order. order can only be one of asc|desc|ASC|DESC", det("up", "title", "sort")},
	{"program", "sort[title]", val, "Invalid sort at title: expected asc or desc", nil},
	{"program", "sort[0][0]=title", val, "Invalid sort: expected a field, field:order or an object", nil},
	{"program", "sort=customer.blueprint.category.parent.parent.parent.name", val, "Invalid sort: nested deeper than 6 levels", nil},
	{"program", "sort=" + strings.Repeat("title,", 101), val, "Too many values for sort (101), the maximum is 100", nil},
	// pagination
	{"program", "pagination[page]=1&pagination[start]=0", pag, "Cannot use both page & offset pagination in the same query", det("pagination", nil, "pagination")},
	{"program", "pagination[pageSize]=10&pagination[limit]=10", pag, "Cannot use both page & offset pagination in the same query", nil},
	{"program", "pagination[withCount]=yes", val, `Invalid withCount parameter. Expected "t","1","true","false","0","f"`, det("withCount", "pagination.withCount", "pagination")},
	{"program", "pagination[withCount]", val, "Invalid pagination[withCount]: expected a single value", nil},
	{"program", "pagination[foo]=1", val, "Invalid key foo at pagination", det("foo", "pagination.foo", "pagination")},
	{"program", "pagination[page][x]=1", val, "Invalid pagination[page]: expected a single value", nil},
	{"program", "pagination[page]", val, "Invalid pagination[page]: expected a single value", nil},
	{"program", "pagination=5", val, "Invalid pagination: expected an object", nil},
	{"program", "pagination[0]=1", val, "Invalid pagination: expected an object", nil},
}

func TestParseErrors(t *testing.T) {
	for _, group := range [][]errCase{securityCases, checkCases} {
		for _, tc := range group {
			t.Run(tc.typ+"?"+clip(tc.raw), func(t *testing.T) {
				q, err := Parse(testType(t, tc.typ), tc.raw, testOptions())
				if err == nil {
					t.Fatalf("Parse(%q) = nil error, query:\n%s", tc.raw, q)
				}
				e, ok := errs.As(err)
				if !ok {
					t.Fatalf("Parse(%q) = %T %v, want *errs.Error", tc.raw, err, err)
				}
				if e.Kind != tc.kind || e.Message != tc.msg {
					t.Errorf("Parse(%q)\n got kind %d %q\nwant kind %d %q", tc.raw, e.Kind, e.Message, tc.kind, tc.msg)
				}
				if tc.details != nil && !reflect.DeepEqual(strapiDetails(e.Details), tc.details) {
					t.Errorf("Parse(%q) details\n got %v\nwant %v", tc.raw, e.Details, tc.details)
				}
			})
		}
	}
}
