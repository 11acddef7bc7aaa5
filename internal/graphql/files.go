package graphql

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/upload"
)

// The upload plugin's own mutations: updateUploadFile(id, info) and
// deleteUploadFile(id), by the file's numeric id, under REST's actions of
// POST /api/upload?id= and DELETE /api/upload/files/:id. Files are sent
// through REST's POST /api/upload, as with Strapi.

// Files is what the upload mutations need of the upload service
// (internal/upload's Service).
type Files interface {
	UpdateInfo(ctx context.Context, id int64, info upload.Info, q *query.Query, ro entry.ReadOptions) (*entry.Entry, error)
	Delete(ctx context.Context, id int64, q *query.Query, ro entry.ReadOptions) (*entry.Entry, error)
}

const fileTypes = `input FileInfoInput {
  name: String
  alternativeText: String
  caption: String
}`

const fileMutations = `  updateUploadFile(id: ID!, info: FileInfoInput): UploadFile!
  deleteUploadFile(id: ID!): UploadFile`

// fileField answers updateUploadFile and deleteUploadFile; ok is false
// for any other field.
func (x *exec) fileField(b []byte, f *ast.Field) (out []byte, ok bool, err error) {
	if x.s.Files == nil || x.s.Schema.m.file == nil || (f.Name != "updateUploadFile" && f.Name != "deleteUploadFile") {
		return nil, false, nil
	}
	action := "upload.upload"
	if f.Name == "deleteUploadFile" {
		action = "upload.destroy"
	}
	if err := x.s.Allow(x.c, action); err != nil {
		return nil, true, err
	}
	args := f.ArgumentMap(x.vars)
	idText := idArg(args["id"])
	id, perr := strconv.ParseInt(idText, 10, 64)
	if perr != nil || id < 1 {
		return nil, true, errs.New(errs.KindNotFound, "file.notFound")
	}
	ct := x.s.Schema.m.file
	q := &query.Query{Type: ct}
	if err := (&planner{x: x}).selection(ct, f.SelectionSet, q); err != nil {
		return nil, true, err
	}
	var e *entry.Entry
	if f.Name == "deleteUploadFile" {
		e, err = x.s.Files.Delete(x.ctx, id, q, entry.ReadOptions{})
	} else {
		in, _ := args["info"].(map[string]any)
		info := upload.Info{}
		for k, dst := range map[string]**string{"name": &info.Name, "alternativeText": &info.AlternativeText, "caption": &info.Caption} {
			if s, ok := in[k].(string); ok {
				*dst = &s
			}
		}
		e, err = x.s.Files.UpdateInfo(x.ctx, id, info, q, entry.ReadOptions{})
	}
	if err != nil {
		return nil, true, err
	}
	return x.appendEntry(b, e, f.SelectionSet), true, nil
}

// A file's related is Strapi's GenericMorph union of every object type:
// the entries whose media fields hold the file, each answering as its own
// type, read as REST's populate[related] reads them (internal/store
// related.go): one statement per type with media fields, whatever the
// number of files, under the caller's find actions and scopes. Strapi
// 5.54 declares the field but fails every query of it with
// INTERNAL_SERVER_ERROR; Kiln answers it.

// morphMembers are GenericMorph's members in Strapi's order: the
// components by uid, last first, then the plugins' types and the
// project's (review workflows and users-permissions' permission have no
// type in Kiln).
func (m *model) morphMembers() []string {
	comps := slices.Clone(m.components)
	slices.SortFunc(comps, func(a, b *schema.ContentType) int { return strings.Compare(b.Name, a.Name) })
	out := make([]string, 0, len(comps)+len(m.types)+1)
	for _, c := range comps {
		out = append(out, componentName(c))
	}
	for _, ct := range m.types { // the upload plugin's first (servedOrder)
		out = append(out, typeName(ct))
		if ct == m.file {
			out = append(out, "I18NLocale")
		}
	}
	return out
}

// relatedQuery is what a file's related selects: every content type the
// caller may find but the file type itself, each with the fields set
// selects on its object type.
func (p *planner) relatedQuery(set ast.SelectionSet) (*query.Related, error) {
	p.zone++ // a relation asked twice is read once here too (apart)
	defer func() { p.zone-- }()
	r := &query.Related{}
	for _, ct := range p.x.s.Schema.m.types {
		if ct == p.x.s.Schema.m.file || !p.x.canRead(ct) {
			continue
		}
		sub := &query.Query{Type: ct}
		if err := p.selection(ct, set, sub); err != nil {
			return nil, err
		}
		r.Types = append(r.Types, sub)
	}
	if len(r.Types) == 0 {
		return nil, nil
	}
	return r, nil
}
