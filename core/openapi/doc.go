// Package openapi generates Kiln's OpenAPI 3.1 documents, one per API
// version, from the two things that decide what the API is: the content
// types (each becomes five generated routes) and the route table (the
// core's users-and-auth routes and what each plugin route declares). The
// documents are built once at start-up from the same data the router is
// built from, so they cannot drift from what is served; the tests compare
// the router's routes with the documents both ways.
//
// The documents never name a private field (password, reset tokens, fields
// marked private): entries, bodies and query parameters are built from the
// non-private attributes only.
package openapi
