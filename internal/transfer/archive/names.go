package archive

import (
	"archive/tar"
	"fmt"
	"io/fs"
	"strings"
)

// cleanName makes an entry's name relative and slash-separated, or refuses
// it. Strapi writes "entities/entities_00001.jsonl"; tar run by hand on an
// unpacked export writes "./entities/..." and a "./" directory, which clean
// to the same. Any ".." is refused, even one that would clean away: no
// export has one. So are backslashes, though Strapi's reader takes a name
// with backslashes and no slash as a Windows path: only Strapi 4.9.0 and
// before wrote those, on Windows, and Strapi 5 imports no Strapi 4 export.
func cleanName(name string) (string, error) {
	switch {
	case name == "":
		return "", fmt.Errorf("%w: an entry has an empty name", ErrRefused)
	case strings.ContainsRune(name, 0):
		return "", fmt.Errorf("%w: entry %q: its name holds a NUL byte", ErrRefused, name)
	case strings.ContainsRune(name, '\\'):
		return "", fmt.Errorf("%w: entry %q: its name holds a backslash", ErrRefused, name)
	case name[0] == '/', len(name) >= 2 && name[1] == ':' && isLetter(name[0]):
		return "", fmt.Errorf("%w: entry %q: its path is absolute", ErrRefused, name)
	}
	parts := strings.Split(name, "/")
	kept := parts[:0]
	for _, p := range parts {
		switch p {
		case "", ".":
		case "..":
			return "", fmt.Errorf("%w: entry %q: its path climbs out with \"..\"", ErrRefused, name)
		default:
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, "/"), nil
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// under reports whether name lies in dir ("" holds everything).
func under(name, dir string) bool {
	return dir == "" || strings.HasPrefix(name, dir) && len(name) > len(dir) && name[len(dir)] == '/'
}

// cleanDir makes Walk's dir argument comparable with cleaned names.
func cleanDir(dir string) (string, error) {
	if dir == "" || dir == "." {
		return "", nil
	}
	return cleanName(dir)
}

// checkHeader cleans a tar entry's name and says whether it is a regular
// file to hand on (ok), a directory or global header to pass over, or an
// entry to refuse. Strapi's reader passes over everything but regular
// files; Kiln refuses links and devices outright, as nothing Strapi
// writes has them and whoever put one in meant it to be followed.
func checkHeader(h *tar.Header) (name string, ok bool, err error) {
	if h.Typeflag == tar.TypeXGlobalHeader {
		return "", false, nil // pax global attributes (git archive writes one)
	}
	name, err = cleanName(h.Name)
	if err != nil {
		return "", false, err
	}
	switch h.Typeflag {
	case tar.TypeReg:
		if name == "" {
			return "", false, fmt.Errorf("%w: entry %q: a file with no name", ErrRefused, h.Name)
		}
		return name, true, nil
	case tar.TypeDir:
		return name, false, nil
	}
	return "", false, fmt.Errorf("%w: entry %q is %s, not a regular file", ErrRefused, h.Name, typeName(h))
}

func typeName(h *tar.Header) string {
	switch h.Typeflag {
	case tar.TypeSymlink:
		return fmt.Sprintf("a symbolic link (to %q)", h.Linkname)
	case tar.TypeLink:
		return fmt.Sprintf("a hard link (to %q)", h.Linkname)
	case tar.TypeChar:
		return "a character device"
	case tar.TypeBlock:
		return "a block device"
	case tar.TypeFifo:
		return "a named pipe"
	case tar.TypeGNUSparse:
		return "a sparse file"
	}
	return fmt.Sprintf("of type %q", h.Typeflag)
}

// modeName names a folder entry's type for the same refusal.
func modeName(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "of mode " + m.String()
}
