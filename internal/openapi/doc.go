// Package openapi generates Kiln's OpenAPI 3.1 documents, one per API
// version, from the route table (internal/route) the router is mounted from:
// each row is an operation, described from what it carries (a generated
// row's content type and operation, a plugin row's declared schemas, a
// core row's action, a documentation row's name). The documents are built
// once at start-up from that table, so they cannot drift from what is
// served; the tests compare the router's routes with the documents both
// ways. The documentation's own rows are made here (Docs.Routes), before
// the documents that describe them.
//
// The documents never name a private field (password, reset tokens, fields
// marked private): entries, bodies and query parameters are built from the
// non-private attributes only.
package openapi
