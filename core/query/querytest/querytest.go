// Package querytest holds query strings that the query and store tests and
// benchmarks share, so that they measure the same request.
package querytest

import "strings"

// ComplexLearnerList is a realistic list request on learners from a
// dashboard: an $or over relation filters, a deep relation filter through
// a to-many, nested populate with fields, filters, sort and count, field
// selection, a sort through a relation, and pagination.
var ComplexLearnerList = strings.Join([]string{
	"filters[$or][0][coach][name][$containsi]=ann",
	"filters[$or][1][customer][industry][$eq]=tech",
	"filters[$or][2][customer][name][$in][0]=Acme&filters[$or][2][customer][name][$in][1]=Globex",
	"filters[enrollments][program][status][$eq]=published",
	"filters[enrollments][progress][$gte]=50",
	"filters[createdAt][$gte]=2024-01-01T00:00:00.000Z",
	"populate[enrollments][populate][program][fields][0]=title",
	"populate[enrollments][populate][program][populate][modules][sort][0]=order:asc",
	"populate[enrollments][filters][status][$ne]=dropped",
	"populate[enrollments][sort]=enrolledAt:desc",
	"populate[coach][fields][0]=name&populate[coach][fields][1]=email",
	"populate[events][count]=true",
	"fields[0]=name&fields[1]=email&fields[2]=timezone",
	"sort[0]=name:asc&sort[1]=customer.name:desc",
	"pagination[page]=2&pagination[pageSize]=50",
}, "&")
