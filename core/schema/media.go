package schema

import "fmt"

// Media fields. Strapi keeps a media field as a polymorphic link from the
// file to the entry; Kiln keeps it on the entry's side, as a one-way
// relation to the built-in file type (builtin/file.yaml): a single media
// field is a manyToOne (a foreign key on the holder's row, as any one-way
// to-one), a multiple one a manyToMany (a join table with its order).
// Everything relations have — populate, fields, filters into the file's
// attributes, the caller's read rights, per-version links — media fields
// have the same way.

// FileType is the singular name of the built-in type of uploaded files.
const FileType = "file"

// The allowedTypes of a media field, as Strapi names them.
const (
	MediaImages = "images"
	MediaVideos = "videos"
	MediaAudios = "audios"
	MediaFiles  = "files" // anything that is none of the three others
)

var mediaTypes = map[string]bool{MediaImages: true, MediaVideos: true, MediaAudios: true, MediaFiles: true}

// IsMedia reports whether a is a media field.
func (a *Attribute) IsMedia() bool { return a.Type == Media }

// mediaProblems are the definition problems of a media field, checked
// before it becomes a relation: the relation's keys are Kiln's to set.
func mediaProblems(a *Attribute) []string {
	var out []string
	if a.RelationKind != "" || a.Target != "" || a.InversedBy != "" || a.MappedBy != "" {
		out = append(out, "relation, target, inversedBy and mappedBy apply only to relation fields")
	}
	seen := map[string]bool{}
	for _, t := range a.AllowedTypes {
		switch {
		case !mediaTypes[t]:
			out = append(out, fmt.Sprintf("allowedTypes may hold images, videos, files and audios, not %q", t))
		case seen[t]:
			out = append(out, fmt.Sprintf("allowedTypes lists %q twice", t))
		}
		seen[t] = true
	}
	return out
}

// asMediaRelation makes a media field the relation it is stored as.
func asMediaRelation(a *Attribute) {
	a.Kind = relationKind{}
	a.Target, a.InversedBy, a.MappedBy = FileType, "", ""
	a.RelationKind = ManyToOne
	if a.Multiple {
		a.RelationKind = ManyToMany
	}
}

// MediaAllows reports whether a media field takes a file of the MIME
// type: any file when the field names no allowedTypes; else images,
// videos and audios by the type's prefix, and files for every other type
// (Strapi's rule).
func (a *Attribute) MediaAllows(mime string) bool {
	if len(a.AllowedTypes) == 0 {
		return true
	}
	return mediaTypes[MediaTypeOf(mime)] && contains(a.AllowedTypes, MediaTypeOf(mime))
}

// MediaTypeOf is the allowedTypes group of a MIME type.
func MediaTypeOf(mime string) string {
	switch {
	case hasPrefix(mime, "image/"):
		return MediaImages
	case hasPrefix(mime, "video/"):
		return MediaVideos
	case hasPrefix(mime, "audio/"):
		return MediaAudios
	}
	return MediaFiles
}

func hasPrefix(s, p string) bool { return len(s) >= len(p) && s[:len(p)] == p }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
