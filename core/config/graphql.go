package config

import "strings"

// GraphQL is config/graphql.yaml: the /graphql endpoint (docs/graphql.md),
// with the settings Strapi's GraphQL plugin takes in its config:
//
//	enabled: true
//	endpoint: /graphql
//	depthLimit: 10
//	amountLimit: 100
//	defaultLimit: 10
//	maxLimit: -1
//	introspection: true
//	playground: false
//	maxBatch: 0
//	v4CompatibilityMode: false
//
// Env: KILN_GRAPHQL_ENABLED, KILN_GRAPHQL_ENDPOINT, KILN_GRAPHQL_DEPTH_LIMIT,
// KILN_GRAPHQL_AMOUNT_LIMIT, KILN_GRAPHQL_DEFAULT_LIMIT,
// KILN_GRAPHQL_MAX_LIMIT, KILN_GRAPHQL_INTROSPECTION,
// KILN_GRAPHQL_PLAYGROUND, KILN_GRAPHQL_MAX_BATCH,
// KILN_GRAPHQL_V4_COMPATIBILITY_MODE.
type GraphQL struct {
	// Enabled serves the endpoint. Default: false, as a Strapi project
	// without the plugin has none.
	Enabled bool `yaml:"enabled"`
	// Endpoint is its path. Default: /graphql.
	Endpoint string `yaml:"endpoint"`
	// DepthLimit is the deepest nesting of fields a query may have.
	// Default: 10.
	DepthLimit int `yaml:"depthLimit"`
	// AmountLimit is the most entries a list argument may ask for at any
	// level. Default: 100.
	AmountLimit int `yaml:"amountLimit"`
	// DefaultLimit is a list's page size when it asks for none. Default:
	// 10, as Strapi's.
	DefaultLimit int `yaml:"defaultLimit"`
	// MaxLimit caps a list's page size (larger ones are lowered to it);
	// -1 is no cap beyond AmountLimit. Default: -1.
	MaxLimit int `yaml:"maxLimit"`
	// Introspection answers __schema and __type. Default: true.
	Introspection *bool `yaml:"introspection"`
	// Playground serves the query page to browsers at the endpoint.
	// Default: false.
	Playground bool `yaml:"playground"`
	// MaxBatch is the most operations one POST may send as a list (Apollo
	// Server's batching); 0 refuses batches, as Apollo and Strapi do by
	// default. Default: 0.
	MaxBatch int `yaml:"maxBatch"`
	// V4CompatibilityMode adds to the schema what Strapi 5's plugin adds
	// with its option of that name, for clients written against Strapi
	// 4's shape: id, and attributes and data (the entry itself) on every
	// type of a content type or component, data and meta { pagination }
	// on every _connection (docs/graphql.md). Default: false.
	V4CompatibilityMode bool `yaml:"v4CompatibilityMode"`
}

// IntrospectionOn reports whether introspection is answered.
func (g GraphQL) IntrospectionOn() bool { return g.Introspection == nil || *g.Introspection }

func defaultGraphQL() GraphQL {
	return GraphQL{Endpoint: "/graphql", DepthLimit: 10, AmountLimit: 100, DefaultLimit: 10, MaxLimit: -1}
}

func (g GraphQL) check() []string {
	var probs []string
	if g.Endpoint == "" || !strings.HasPrefix(g.Endpoint, "/") || strings.HasPrefix(g.Endpoint, "/api/") || g.Endpoint == "/api" {
		probs = append(probs, "graphql.yaml: endpoint must be a path of its own, outside /api (/graphql)")
	}
	if g.DepthLimit < 1 || g.AmountLimit < 1 || g.DefaultLimit < 1 {
		probs = append(probs, "graphql.yaml: depthLimit, amountLimit and defaultLimit must be at least 1")
	}
	if g.MaxBatch < 0 || g.MaxBatch > 100 {
		probs = append(probs, "graphql.yaml: maxBatch must be 0 (no batches) to 100")
	}
	if g.MaxLimit == 0 || g.MaxLimit < -1 {
		probs = append(probs, "graphql.yaml: maxLimit must be -1 (no cap) or at least 1")
	}
	return probs
}

func (e *envReader) graphql(g *GraphQL) {
	e.boolean(&g.Enabled, "KILN_GRAPHQL_ENABLED")
	e.str(&g.Endpoint, "KILN_GRAPHQL_ENDPOINT")
	e.integer(&g.DepthLimit, "KILN_GRAPHQL_DEPTH_LIMIT")
	e.integer(&g.AmountLimit, "KILN_GRAPHQL_AMOUNT_LIMIT")
	e.integer(&g.DefaultLimit, "KILN_GRAPHQL_DEFAULT_LIMIT")
	e.integer(&g.MaxLimit, "KILN_GRAPHQL_MAX_LIMIT")
	if _, v := e.first("KILN_GRAPHQL_INTROSPECTION"); v != "" {
		var b bool
		e.boolean(&b, "KILN_GRAPHQL_INTROSPECTION")
		g.Introspection = &b
	}
	e.boolean(&g.Playground, "KILN_GRAPHQL_PLAYGROUND")
	e.integer(&g.MaxBatch, "KILN_GRAPHQL_MAX_BATCH")
	e.boolean(&g.V4CompatibilityMode, "KILN_GRAPHQL_V4_COMPATIBILITY_MODE")
}
