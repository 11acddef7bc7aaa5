package rest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/gofiber/fiber/v2"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/errs"
	"github.com/kiln-cms/kiln/core/query"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/route"
	"github.com/kiln-cms/kiln/internal/upload"
)

// The media library's routes answer as Strapi 5's upload plugin: bare
// file objects and arrays, not the {data, meta} envelope, each file with
// isUrlSigned after its own fields (docs/media.md).

// The upload routes' actions, as Strapi names them.
const (
	ActionUploadFind    = "upload.find"
	ActionUploadFindOne = "upload.findOne"
	// ActionUploadFindPage is Strapi 5's findPage: the list in pages.
	ActionUploadFindPage = "upload.findPage"
	ActionUploadUpload   = "upload.upload"
	ActionUploadDestroy  = "upload.destroy"
)

// PathUpload is where files are uploaded; the server lets its multipart
// bodies be as large as upload.sizeLimit (internal/app).
const PathUpload = "/upload"

// UploadRoutes are the media library's rows of the route table, served
// at /api only.
func UploadRoutes(sec *Security, up *upload.Service) route.Table {
	h := &uploadHandlers{sec: sec, up: up}
	rows := []struct {
		method, path, action string
		handler              fiber.Handler
	}{
		{fiber.MethodPost, PathUpload, ActionUploadUpload, h.upload},
		{fiber.MethodGet, "/upload/files", ActionUploadFind, h.list},
		{fiber.MethodGet, "/upload/files/page", ActionUploadFindPage, h.page},
		{fiber.MethodGet, "/upload/files/:id", ActionUploadFindOne, h.get},
		{fiber.MethodDelete, "/upload/files/:id", ActionUploadDestroy, h.remove},
	}
	out := make(route.Table, len(rows))
	for i, r := range rows {
		out[i] = route.Route{Method: r.method, Path: r.path, Prefixes: route.API, Action: r.action,
			Source: route.SourceCore, Handlers: []fiber.Handler{r.handler}}
	}
	return out
}

type uploadHandlers struct {
	sec *Security
	up  *upload.Service
}

// query parses a route's query string on the file type, as Strapi's
// upload routes read it: the list takes filters, populate, fields, sort
// and the top-level start and limit; a single file, populate. Other keys
// (pagination, an unknown parameter) are ignored, as Strapi ignores them.
func (h *uploadHandlers) query(c *fiber.Ctx, list bool) (*query.Query, entry.ReadOptions, error) {
	ro := h.sec.ReadOptions(c)
	opts := h.sec.QueryOptions(c)
	raw := string(c.Context().QueryArgs().QueryString())
	if list {
		opts.ExtraKeys = []string{"start", "limit"}
		raw = keepKeys(raw, "filters", "populate", "fields", "sort", "start", "limit")
	} else {
		raw = keepKeys(raw, "populate")
	}
	q, err := query.Parse(h.up.FileType, raw, opts)
	if err != nil {
		return nil, ro, err
	}
	roots := 1
	if list {
		if err := offsetWindow(q, opts); err != nil {
			return nil, ro, err
		}
		roots = q.Pagination.Size()
	}
	return q, ro, h.sec.Content.CheckEstimate(q, roots, ro)
}

// keepKeys is a raw query string with only the parameters whose
// top-level key is one of keep (filters[mime][$eq]=x is filters').
func keepKeys(raw string, keep ...string) string {
	var out []string
	for _, part := range strings.Split(raw, "&") {
		name, _, _ := strings.Cut(part, "=")
		if k, err := url.QueryUnescape(name); err == nil {
			name = k
		}
		name, _, _ = strings.Cut(name, "[")
		if part != "" && slices.Contains(keep, name) {
			out = append(out, part)
		}
	}
	return strings.Join(out, "&")
}

// offsetWindow applies the list's top-level start and limit: without
// them, the first api.maxPageSize files.
func offsetWindow(q *query.Query, opts query.Options) error {
	p := query.Pagination{Mode: query.OffsetStyle, Limit: max(opts.MaxPageSize, 1)}
	for key, dst := range map[string]*int{"start": &p.Start, "limit": &p.Limit} {
		s, ok := q.Extra[key]
		if !ok {
			continue
		}
		n, err := strconv.Atoi(s)
		least := 0
		if key == "limit" {
			least = 1
		}
		if err != nil || n < least {
			return errs.Newf(errs.KindPagination, "Invalid %s %q: it must be a whole number of at least %d", key, s, least)
		}
		if key == "limit" && opts.MaxPageSize > 0 {
			n = min(n, opts.MaxPageSize)
		}
		*dst = n
	}
	q.Pagination = p
	return nil
}

// page is GET /upload/files/page, Strapi 5's findPage: the files in
// Strapi's envelope, {data, meta: {pagination}}, paged by pagination
// (page and pageSize, or start and limit) as an entry list is, each file
// with isUrlSigned.
func (h *uploadHandlers) page(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, ActionUploadFindPage); err != nil {
		return err
	}
	ro := h.sec.ReadOptions(c)
	opts := h.sec.QueryOptions(c)
	raw := keepKeys(string(c.Context().QueryArgs().QueryString()), "filters", "populate", "fields", "sort", "pagination")
	q, err := query.Parse(h.up.FileType, raw, opts)
	if err != nil {
		return err
	}
	if err := h.sec.Content.CheckEstimate(q, q.Pagination.Size(), ro); err != nil {
		return err
	}
	page, err := h.sec.Content.Find(c.UserContext(), q, ro)
	if err != nil {
		return err
	}
	signFiles(c, page.Entries...)
	signed := signsURLs(c)
	b := append(make([]byte, 0, 512*len(page.Entries)+100), `{"data":[`...)
	for i, e := range page.Entries {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFile(b, e, signed)
	}
	b = append(b, `],"meta":{"pagination":`...)
	b = appendPagination(b, q.Pagination, page.Total)
	return send(c, fiber.StatusOK, append(b, "}}"...))
}

func (h *uploadHandlers) list(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, ActionUploadFind); err != nil {
		return err
	}
	q, ro, err := h.query(c, true)
	if err != nil {
		return err
	}
	page, err := h.sec.Content.Find(c.UserContext(), q, ro)
	if err != nil {
		return err
	}
	return sendFiles(c, fiber.StatusOK, page.Entries)
}

// oneFile begins a single file's route: the action, the file's id
// (numeric: files are addressed by id, a documentId is a 404 as an
// unknown id is) and the query.
func (h *uploadHandlers) oneFile(c *fiber.Ctx, action string) (int64, *query.Query, entry.ReadOptions, error) {
	if err := h.sec.Allow(c, action); err != nil {
		return 0, nil, entry.ReadOptions{}, err
	}
	id, err := fileID(c.Params("id"))
	if err != nil {
		return 0, nil, entry.ReadOptions{}, err
	}
	q, ro, err := h.query(c, false)
	return id, q, ro, err
}

func (h *uploadHandlers) get(c *fiber.Ctx) error {
	id, q, ro, err := h.oneFile(c, ActionUploadFindOne)
	if err != nil {
		return err
	}
	e, err := h.sec.Content.Get(c.UserContext(), q, id, ro)
	if errs.KindOf(err) == errs.KindNotFound {
		return errs.New(errs.KindNotFound, "file.notFound")
	}
	if err != nil {
		return err
	}
	return sendFile(c, fiber.StatusOK, e)
}

func (h *uploadHandlers) remove(c *fiber.Ctx) error {
	id, q, ro, err := h.oneFile(c, ActionUploadDestroy)
	if err != nil {
		return err
	}
	gone, err := h.up.Delete(c.UserContext(), id, q, ro)
	if err != nil {
		return err
	}
	return sendFile(c, fiber.StatusOK, gone)
}

// upload stores new files (POST /api/upload), or, with ?id=, changes one
// file's information or replaces its bytes.
func (h *uploadHandlers) upload(c *fiber.Ctx) error {
	if err := h.sec.Allow(c, ActionUploadUpload); err != nil {
		return err
	}
	form, err := multipartOf(c)
	if err != nil {
		return err
	}
	files := form.File["files"]
	infos, err := fileInfos(form.Value["fileInfo"], len(files))
	if err != nil {
		return err
	}
	ctx := c.UserContext()
	if raw := c.Query("id"); raw != "" {
		id, err := fileID(raw)
		if err != nil {
			return errs.New(errs.KindNotFound, "Entity not found")
		}
		q, ro, err := h.query(c, false)
		if err != nil {
			return err
		}
		var e *entry.Entry
		switch len(files) {
		case 0:
			e, err = h.up.UpdateInfo(ctx, id, infos[0], q, ro)
		case 1:
			e, err = h.up.Replace(ctx, id, incoming(files[0], infos[0]), q, ro)
		default:
			return errs.New(errs.KindValidation, "Cannot replace a file with multiple ones")
		}
		if err != nil {
			return err
		}
		return sendFile(c, fiber.StatusOK, e)
	}
	at, err := h.attachTo(c, form)
	if err != nil {
		return err
	}
	in := make([]upload.Incoming, len(files))
	for i, f := range files {
		in[i] = incoming(f, infos[i])
	}
	q, err := query.Parse(h.up.FileType, "", h.sec.QueryOptions(c))
	if err != nil {
		return err
	}
	list, err := h.up.Upload(ctx, in, at, q, h.sec.ReadOptions(c))
	if err != nil {
		return err
	}
	return sendFiles(c, fiber.StatusCreated, list)
}

// multipartOf is the request's multipart form (fasthttp has read it,
// spooling large files to disk); any other body is a 400 naming what the
// route takes.
func multipartOf(c *fiber.Ctx) (*multipart.Form, error) {
	ct := string(c.Request().Header.ContentType())
	if !strings.HasPrefix(strings.ToLower(ct), fiber.MIMEMultipartForm) {
		if len(c.Body()) == 0 {
			return nil, errs.New(errs.KindValidation, "Files are empty")
		}
		return nil, errs.New(errs.KindValidation, "the upload's body must be multipart/form-data: files, and fileInfo as JSON")
	}
	form, err := c.MultipartForm()
	if err != nil {
		return nil, errs.New(errs.KindValidation, "the multipart body cannot be read: "+err.Error())
	}
	return form, nil
}

// fileInfos reads fileInfo: a JSON object for one file, an array by
// position for several (Strapi's rule); n files get n infos.
func fileInfos(values []string, n int) ([]upload.Info, error) {
	out := make([]upload.Info, max(n, 1))
	if len(values) == 0 {
		return out, nil
	}
	bad := func(why string) error {
		return errs.Fields([]errs.FieldError{errs.Field("fileInfo", "fileInfo "+why)})
	}
	if len(values) > 1 {
		// Several fileInfo parts: one per file, in order.
		if len(values) != n {
			return nil, bad(fmt.Sprintf("is given %d times for %d files", len(values), n))
		}
		for i, v := range values {
			if err := decodeStrict(v, &out[i]); err != nil {
				return nil, bad("must be a JSON object: " + err.Error())
			}
		}
		return out, nil
	}
	raw := strings.TrimSpace(values[0])
	if strings.HasPrefix(raw, "[") {
		var list []json.RawMessage
		if err := json.Unmarshal([]byte(raw), &list); err != nil {
			return nil, bad("must be a JSON object, or an array of them: " + err.Error())
		}
		if len(list) < n || n == 0 && len(list) > 1 {
			return nil, bad(fmt.Sprintf("has %d items for %d files", len(list), n))
		}
		for i := range out {
			if i < len(list) {
				if err := decodeStrict(string(list[i]), &out[i]); err != nil {
					return nil, bad("items must be JSON objects: " + err.Error())
				}
			}
		}
		return out, nil
	}
	if n > 1 {
		return nil, bad(fmt.Sprintf("must be an array of %d objects, one per file", n))
	}
	if err := decodeStrict(raw, &out[0]); err != nil {
		return nil, bad("must be a JSON object: " + err.Error())
	}
	return out, nil
}

// decodeStrict reads one fileInfo object; unknown keys are ignored, as
// Strapi ignores them, but a name, alternativeText or caption must be a
// string.
func decodeStrict(s string, dst *upload.Info) error {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data after the object")
	}
	return nil
}

// incoming is one multipart file for the media library.
func incoming(f *multipart.FileHeader, info upload.Info) upload.Incoming {
	return upload.Incoming{Filename: f.Filename, Size: f.Size, Info: info,
		Open: func() (io.ReadSeekCloser, error) { return f.Open() }}
}

// attachTo reads ref, refId and field: the entry's media field the new
// files go to. The caller must be allowed to update that entry.
func (h *uploadHandlers) attachTo(c *fiber.Ctx, form *multipart.Form) (*upload.Attach, error) {
	val := func(k string) string {
		if v := form.Value[k]; len(v) > 0 {
			return strings.TrimSpace(v[0])
		}
		return ""
	}
	ref, refID, field := val("ref"), val("refId"), val("field")
	if ref == "" && refID == "" && field == "" {
		return nil, nil
	}
	bad := func(key, msg string) error { return errs.Fields([]errs.FieldError{errs.Field(key, msg)}) }
	ct := h.sec.Content.Schema.ByUID(ref)
	if ct == nil || ct.Name == schema.FileType {
		return nil, bad("ref", fmt.Sprintf("ref %q is not a content type (api::<name>.<name>)", ref))
	}
	id, err := strconv.ParseInt(refID, 10, 64)
	if err != nil || id <= 0 {
		return nil, bad("refId", "refId must be the entry's numeric id")
	}
	a := ct.Attr(field)
	if a == nil || !a.IsMedia() {
		return nil, bad("field", fmt.Sprintf("field %q is not a media field of %s", field, ct.Name))
	}
	if err := h.sec.Allow(c, ActionOf(ct, "update")); err != nil {
		return nil, err
	}
	return &upload.Attach{Type: ct, ID: id, Field: a}, nil
}

// fileID reads a file's id: files are addressed by their numeric id.
func fileID(s string) (int64, error) {
	id, err := strconv.ParseInt(s, 10, 64)
	if err != nil || id <= 0 {
		return 0, errs.New(errs.KindNotFound, "file.notFound")
	}
	return id, nil
}

// sendFile answers one file as the upload routes do: the entry, then
// isUrlSigned.
func sendFile(c *fiber.Ctx, status int, e *entry.Entry) error {
	signFiles(c, e)
	return send(c, status, appendFile(nil, e, signsURLs(c)))
}

// sendFiles answers a bare array of files.
func sendFiles(c *fiber.Ctx, status int, list []*entry.Entry) error {
	signFiles(c, list...)
	signed := signsURLs(c)
	b := append(make([]byte, 0, 512*len(list)+2), '[')
	for i, e := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendFile(b, e, signed)
	}
	return send(c, status, append(b, ']'))
}

// appendFile writes a file entry and isUrlSigned after its fields.
func appendFile(b []byte, e *entry.Entry, signed bool) []byte {
	b = appendEntry(b, e, V2)
	if n := len(b); n > 0 && b[n-1] == '}' {
		b = b[:n-1]
		if !bytes.HasSuffix(b, []byte("{")) {
			b = append(b, ',')
		}
		b = append(b, `"isUrlSigned":`...)
		b = strconv.AppendBool(b, signed)
		b = append(b, '}')
	}
	return b
}
