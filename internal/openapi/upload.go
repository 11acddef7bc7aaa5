package openapi

import (
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/rest"
)

// The media library's routes (internal/rest uploads.go) answer as Strapi's
// upload plugin: bare file objects, each with isUrlSigned.

// tagMedia is their tag, named as Strapi's admin names the library.
const tagMedia = "Media Library"

func init() {
	for action, op := range map[string]coreOp{
		rest.ActionUploadUpload: {summary: "Upload files to the media library, or change one file (?id=)",
			desc: "A multipart/form-data body: `files` (one part per file), `fileInfo` (a JSON object for one file, an array by position " +
				"for several: name, alternativeText, caption), and optionally `ref` (api::<type>.<type>), `refId` (the entry's numeric id) " +
				"and `field` (its media field) to attach the new files. The type stored is the one read from the bytes. " +
				"Answers 201 with the files made; with `?id=<file id>`, 200 with the file changed (fileInfo alone) or replaced (one file). " +
				"A request larger than upload.sizeLimit is a 413; an image declaring more pixels than upload.maxPixels a 413; " +
				"storage that is away a 503 with Retry-After.",
			status: "201", multipart: true,
			response: func(b *builder) obj { return arrayOf(uploadedFile(b)) }},
		rest.ActionUploadFind: {summary: "List the media library's files",
			desc:     "A bare array, as Strapi's upload plugin answers. Takes filters, sort, fields, populate and the top-level start and limit.",
			response: func(b *builder) obj { return arrayOf(uploadedFile(b)) },
			params: func(b *builder) []any {
				ft := b.schema.Type(schema.FileType)
				return []any{refTo("parameters", "filters"), populateParam(ft), fieldsParam(ft), sortParam(ft),
					obj{"name": "start", "in": "query", "schema": obj{"type": "integer", "minimum": 0}},
					obj{"name": "limit", "in": "query", "schema": obj{"type": "integer", "minimum": 1}}}
			}},
		rest.ActionUploadFindPage: {summary: "List the media library's files in pages",
			desc: "Strapi 5's findPage: the files in the {data, meta: {pagination}} envelope, paged by pagination as an entry list is.",
			response: func(b *builder) obj {
				return object(obj{"data": arrayOf(uploadedFile(b)),
					"meta": object(obj{"pagination": ref("Pagination")}, "pagination")}, "data", "meta")
			},
			params: func(b *builder) []any {
				ft := b.schema.Type(schema.FileType)
				return []any{refTo("parameters", "filters"), populateParam(ft), fieldsParam(ft), sortParam(ft),
					refTo("parameters", "pagination")}
			}},
		rest.ActionUploadFindOne: {summary: "Get a file of the media library by its numeric id",
			response: uploadedFile, params: func(b *builder) []any { return entryParams(b.schema.Type(schema.FileType), false) }},
		rest.ActionUploadDestroy: {summary: "Delete a file, its formats, and every media field's link to it",
			response: uploadedFile},
	} {
		op.tag = tagMedia
		coreOps[action] = op
	}
}

// uploadedFile is a file as the upload routes answer it: the file entry
// and isUrlSigned (a schema of its own: the entry's allows no more keys).
func uploadedFile(b *builder) obj {
	const name = "UploadFile"
	if _, done := b.schemas[name]; !done {
		s := b.entries.entrySchema(b.schema.Type(schema.FileType), rest.V2)
		props, _ := s["properties"].(obj)
		props["isUrlSigned"] = obj{"type": "boolean", "description": "whether url is signed (a private S3 bucket)"}
		req, _ := s["required"].([]any)
		s["required"] = append(req, "isUrlSigned")
		b.schemas[name] = withDesc(s, "A file of the media library, as the upload routes answer it")
	}
	return ref(name)
}

// multipartBody is the upload route's body.
func multipartBody() obj {
	return obj{"required": true, "content": obj{"multipart/form-data": obj{"schema": object(obj{
		"files":    arrayOf(obj{"type": "string", "format": "binary"}),
		"fileInfo": obj{"type": "string", "description": "JSON: {name, alternativeText, caption}, or an array of them by position"},
		"ref":      obj{"type": "string"}, "refId": obj{"type": "string"}, "field": obj{"type": "string"},
	})}}}
}
