// Package graphql serves Kiln's content at /graphql as Strapi 5's GraphQL
// plugin does: the same schema (types, queries, mutations, filters and
// their names) generated from the loaded content types, answered through
// the content service as REST is, so that permissions, draft & publish,
// locales and answer budgets are the same on both front-ends.
//
// A query is parsed and validated by gqlparser; the executor is Kiln's
// own: it compiles a selection set into one typed query.Query (fields,
// populate, filters) per root field, so nested relations, components and
// zones cost the same few statements as REST's populate, never one per
// entry.
package graphql
