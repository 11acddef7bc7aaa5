package apptest

import (
	"bytes"
	"mime/multipart"
	"net/textproto"
)

// File is one file part of a multipart upload.
type File struct {
	Name string // the client's file name
	Type string // the Content-Type the client claims; empty sends none
	Data []byte
}

// Multipart builds a multipart/form-data body of files (each under the
// part name "files") and plain fields, in the order given (fields as
// name, value pairs); it returns the body and its Content-Type.
func Multipart(files []File, fields ...string) ([]byte, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for i := 0; i+1 < len(fields); i += 2 {
		_ = w.WriteField(fields[i], fields[i+1])
	}
	for _, f := range files {
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", multipart.FileContentDisposition("files", f.Name))
		if f.Type != "" {
			h.Set("Content-Type", f.Type)
		}
		p, _ := w.CreatePart(h)
		_, _ = p.Write(f.Data)
	}
	_ = w.Close()
	return b.Bytes(), w.FormDataContentType()
}

// Upload posts files (and fields: fileInfo, ref, refId, field) to path
// as multipart/form-data, as the admin unless headers name another
// Authorization.
func (h *Harness) Upload(path string, files []File, fields []string, headers ...string) *Response {
	h.T.Helper()
	body, ctype := Multipart(files, fields...)
	return h.Do("POST", path, body, append([]string{"Content-Type", ctype}, headers...)...)
}
