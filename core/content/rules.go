package content

import (
	"github.com/kiln-cms/kiln/core/schema"
)

// checkRules checks one value against its attribute's rules and returns
// the first failure's message in Strapi's (yup's) words, or "". Required
// holds for every kind; the others are the kind's (see schema.Kind.Check).
func checkRules(a *schema.Attribute, v any, given bool) string {
	if v == nil {
		if a.Required {
			return a.Name + " must be defined."
		}
		return ""
	}
	return a.Kind.Check(a, v)
}
