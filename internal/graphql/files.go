package graphql

import (
	"context"
	"strconv"

	"github.com/vektah/gqlparser/v2/ast"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
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
