package transfer

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// Strapi keeps what a role may do as rows of users-permissions'
// permission type, one per action, each linked to its role; Kiln keeps it
// in config/permissions.yaml. An export writes each role's grants as
// those rows, so that a Strapi that imports the archive grants what Kiln
// granted: the content API's actions of the project's types, and the
// users-permissions, upload and i18n actions Kiln has counterparts of.
// Kiln's own actions (a plugin's routes, readDrafts, API tokens) have no
// Strapi row and are counted as left out.

// strapiActions are Kiln's core actions as Strapi's permission actions.
var strapiActions = map[string][]string{
	"auth.login":          {"plugin::users-permissions.auth.callback"},
	"auth.register":       {"plugin::users-permissions.auth.register"},
	"auth.forgotPassword": {"plugin::users-permissions.auth.forgotPassword"},
	"auth.resetPassword":  {"plugin::users-permissions.auth.resetPassword"},
	"auth.changePassword": {"plugin::users-permissions.auth.changePassword"},
	"users.me":            {"plugin::users-permissions.user.me"},
	"users.find":          {"plugin::users-permissions.user.find"},
	"users.findOne":       {"plugin::users-permissions.user.findOne"},
	"users.count":         {"plugin::users-permissions.user.count"},
	"users.create":        {"plugin::users-permissions.user.create"},
	"users.update":        {"plugin::users-permissions.user.update"},
	"users.delete":        {"plugin::users-permissions.user.destroy"},
	"roles.find":          {"plugin::users-permissions.role.find"},
	"roles.findOne":       {"plugin::users-permissions.role.findOne"},
	"upload.find":         {"plugin::upload.content-api.find"},
	"upload.findOne":      {"plugin::upload.content-api.findOne"},
	"upload.upload":       {"plugin::upload.content-api.upload"},
	"upload.destroy":      {"plugin::upload.content-api.destroy"},
	"i18n.locales":        {"plugin::i18n.locales.listLocales"},
}

// contentActions are the content API's actions of a type of kind k.
func contentActions(ct *schema.ContentType) []string {
	if ct.Kind == schema.SingleType {
		return []string{"find", "update", "delete"}
	}
	return []string{"find", "findOne", "create", "update", "delete"}
}

// Grants are the roles' actions as config/permissions.yaml writes them
// (wildcards unexpanded), by role type.
type Grants map[string][]string

// strapiGrants expands a role's Kiln actions into Strapi's permission
// actions, sorted, and counts the actions that have none.
func strapiGrants(s *schema.Schema, actions []string) (out []string, left int) {
	seen := map[string]bool{}
	add := func(a string) {
		if !seen[a] {
			seen[a] = true
			out = append(out, a)
		}
	}
	api := func(ct *schema.ContentType) bool { return ct.Plugin == "" && !ct.Builtin }
	for _, action := range actions {
		name, verb, _ := strings.Cut(action, ".")
		switch {
		case action == "*":
			for _, ct := range s.Types {
				if api(ct) {
					for _, v := range contentActions(ct) {
						add(ct.UID() + "." + v)
					}
				}
			}
			for _, list := range strapiActions {
				for _, a := range list {
					add(a)
				}
			}
		case strapiActions[action] != nil:
			for _, a := range strapiActions[action] {
				add(a)
			}
		case s.Type(name) != nil && api(s.Type(name)):
			ct := s.Type(name)
			for _, v := range contentActions(ct) {
				if verb == "*" || verb == v {
					add(ct.UID() + "." + v)
				}
			}
			if verb != "*" && !slices.Contains(contentActions(ct), verb) {
				left++ // readDrafts and the like: Kiln's own
			}
		default:
			left++
		}
	}
	sort.Strings(out)
	return out, left
}

// grantLines are the permission rows (entities/) and their links to the
// roles (links/) of grants, the roles' row ids by type.
func grantLines(s *schema.Schema, grants Grants, roles map[string]int64, now time.Time) (rows, links [][]byte, left int) {
	types := make([]string, 0, len(grants))
	for t := range grants {
		types = append(types, t)
	}
	sort.Strings(types)
	id := int64(0)
	for _, t := range types {
		role, ok := roles[t]
		if !ok {
			continue
		}
		actions, n := strapiGrants(s, grants[t])
		left += n
		for pos, a := range actions {
			id++
			rows = append(rows, fmt.Appendf(nil, `{"type":"plugin::users-permissions.permission","id":%d,"data":{"documentId":%s,"action":%s,"createdAt":%s,"updatedAt":%s,"publishedAt":%s,"locale":null}}`,
				id, jsonString(documentIDOf("plugin::users-permissions.permission", id)), jsonString(a), jsonTime(now), jsonTime(now), jsonTime(now)))
			links = append(links, fmt.Appendf(nil, `{"kind":"relation.basic","relation":"manyToOne","left":{"type":"plugin::users-permissions.permission","field":"role","ref":%d},"right":{"type":"plugin::users-permissions.role","field":"permissions","ref":%d,"pos":%d}}`,
				id, role, pos+1))
		}
	}
	return rows, links, left
}
