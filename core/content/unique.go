package content

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
)

// checkUnique lists every unique field whose new value another entry
// already holds, skipping fields that already failed another rule. The
// unique index still guards against a race; this check is what lets one
// answer list every failing field.
func (s *Service) checkUnique(ctx context.Context, conn database.Conn, ct *schema.ContentType, values map[*schema.Attribute]any, id int64, locale string, failed map[*schema.Attribute]bool) ([]errs.FieldError, error) {
	var problems []errs.FieldError
	for _, a := range ct.Attributes {
		v, given := values[a]
		if !a.Unique || !given || v == nil || failed[a] {
			continue
		}
		taken, err := s.store.Taken(ctx, conn, ct, a, v, id, locale)
		if err != nil {
			return nil, err
		}
		if taken {
			problems = append(problems, errs.Field(a.Name, "This attribute must be unique").WithValue(v))
		}
	}
	return problems, nil
}

var slugJunk = regexp.MustCompile(`[^a-z0-9]+`)

// Slugify makes a uid from text: lowercase ASCII words joined by dashes.
func Slugify(text string) string {
	s := strings.Trim(slugJunk.ReplaceAllString(strings.ToLower(foldAccents(text)), "-"), "-")
	if len(s) > 200 {
		s = strings.TrimRight(s[:200], "-")
	}
	return s
}

// foldAccents maps common Latin accented letters to ASCII so "Café" -> "cafe".
func foldAccents(s string) string {
	return accentFolder.Replace(s)
}

var accentFolder = strings.NewReplacer(
	"à", "a", "á", "a", "â", "a", "ä", "a", "ã", "a", "å", "a", "ç", "c", "è", "e", "é", "e", "ê", "e", "ë", "e",
	"ì", "i", "í", "i", "î", "i", "ï", "i", "ñ", "n", "ò", "o", "ó", "o", "ô", "o", "ö", "o", "õ", "o", "ø", "o",
	"ù", "u", "ú", "u", "û", "u", "ü", "u", "ý", "y", "ÿ", "y", "ß", "ss", "À", "a", "Á", "a", "Ä", "a", "É", "e",
	"Ö", "o", "Ü", "u",
)

// fillUIDs derives each missing uid from its target field on create, and
// makes it unique by adding -1, -2, ... as Strapi does.
func (s *Service) fillUIDs(ctx context.Context, conn database.Conn, ct *schema.ContentType, values map[*schema.Attribute]any, id int64) error {
	for _, a := range ct.Attributes {
		if a.TargetField == "" || id != 0 || a.Unavailable() { // only a uid has a targetField
			continue
		}
		if v, given := values[a]; given && v != nil {
			continue
		}
		src, _ := values[ct.Attr(a.TargetField)].(string)
		base := Slugify(src)
		if base == "" {
			continue
		}
		taken, err := s.store.WithPrefix(ctx, conn, ct, a, base)
		if err != nil {
			return err
		}
		values[a] = freeSlug(base, taken)
	}
	return nil
}

func freeSlug(base string, taken map[string]bool) string {
	if !taken[base] {
		return base
	}
	for i := 1; ; i++ {
		if c := fmt.Sprintf("%s-%d", base, i); !taken[c] {
			return c
		}
	}
}
