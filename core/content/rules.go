package content

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/go-playground/validator/v10"

	"github.com/kiln-cms/kiln/core/schema"
)

// validate is shared: validator caches parsed tags, and is safe for
// concurrent use.
var validate = validator.New()

// ruleCache keeps each attribute's compiled rule, built on first use.
var ruleCache sync.Map // *schema.Attribute -> *rule

// rule is an attribute's checks: a validator tag for what validator v10
// knows (lengths, ranges, e-mail), and the regex it does not take in tags.
type rule struct {
	tag   string
	regex *regexp.Regexp
}

func ruleOf(a *schema.Attribute) *rule {
	if r, ok := ruleCache.Load(a); ok {
		return r.(*rule)
	}
	r := &rule{}
	var tags []string
	if a.MinLength != nil {
		tags = append(tags, "min="+strconv.Itoa(*a.MinLength))
	}
	if a.MaxLength != nil {
		tags = append(tags, "max="+strconv.Itoa(*a.MaxLength))
	} else if a.Type == schema.String || a.Type == schema.Email || a.Type == schema.UID || a.Type == schema.Enumeration {
		tags = append(tags, "max=255")
	}
	if a.Min != nil {
		tags = append(tags, "gte="+strconv.FormatFloat(*a.Min, 'f', -1, 64))
	}
	if a.Max != nil {
		tags = append(tags, "lte="+strconv.FormatFloat(*a.Max, 'f', -1, 64))
	}
	if a.Type == schema.Email {
		tags = append(tags, "email")
	}
	r.tag = strings.Join(tags, ",")
	if a.Regex != "" {
		r.regex = regexp.MustCompile(a.Regex) // checked when the schema loaded
	}
	ruleCache.Store(a, r)
	return r
}

// checkRules checks one value against its attribute's rules and returns
// the first failure's message in Strapi's (yup's) words, or "".
func checkRules(a *schema.Attribute, v any, given bool) string {
	if v == nil {
		if a.Required {
			return a.Name + " must be defined."
		}
		return ""
	}
	if a.Type == schema.Enumeration {
		if msg := schema.TextRule(a, v.(string)); msg != "" {
			return fmt.Sprintf("%s must be one of the following values: %s", a.Name, strings.Join(a.Enum, ", "))
		}
		return ""
	}
	r := ruleOf(a)
	if r.tag != "" {
		if err := validate.Var(v, r.tag); err != nil {
			if ve, ok := err.(validator.ValidationErrors); ok && len(ve) > 0 {
				return message(a, ve[0])
			}
			return a.Name + " is invalid"
		}
	}
	if r.regex != nil {
		if s, ok := v.(string); ok && !r.regex.MatchString(s) {
			return fmt.Sprintf("%s must match the following: \"/%s/\"", a.Name, a.Regex)
		}
	}
	return ""
}

// message words a validator failure as Strapi does.
func message(a *schema.Attribute, fe validator.FieldError) string {
	switch fe.Tag() {
	case "min":
		return fmt.Sprintf("%s must be at least %s characters", a.Name, fe.Param())
	case "max":
		return fmt.Sprintf("%s must be at most %s characters", a.Name, fe.Param())
	case "gte":
		return fmt.Sprintf("%s must be greater than or equal to %s", a.Name, fe.Param())
	case "lte":
		return fmt.Sprintf("%s must be less than or equal to %s", a.Name, fe.Param())
	case "email":
		return a.Name + " must be a valid email"
	}
	return fmt.Sprintf("%s is invalid (%s)", a.Name, fe.Tag())
}
