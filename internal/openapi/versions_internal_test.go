package openapi

import (
	"testing"

	"github.com/kiln-cms/kiln/internal/rest"
)

// TestVariantsFollowTheRouter: one document per prefix internal/rest serves
// under, and /api/versions points at the versioned ones.
func TestVariantsFollowTheRouter(t *testing.T) {
	if len(variants) != len(rest.Prefixes) {
		t.Fatalf("%d documents for %d prefixes", len(variants), len(rest.Prefixes))
	}
	for i, p := range rest.Prefixes {
		if variants[i].Prefix != p || variants[i].URL != p+"/openapi.json" {
			t.Errorf("document %s: prefix %s, URL %s; the router serves %s", variants[i].Name, variants[i].Prefix, variants[i].URL, p)
		}
	}
	for _, v := range Versions {
		if URL(v.Version) != v.OpenAPI {
			t.Errorf("/api/versions says %s for %s, the document is at %s", v.OpenAPI, v.Version, URL(v.Version))
		}
	}
}
