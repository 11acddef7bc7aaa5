package archive

import (
	"fmt"
	"io"
	"io/fs"
	"os"
)

// Walk reads the archive from its start, as Strapi's import does once per
// stage, and calls fn for each regular file whose cleaned name lies under
// dir ("entities"; "" for all), in the archive's order (a folder's:
// lexical). Names are relative and slash-separated. r yields the file's
// size bytes and is good only until fn returns. Memory stays flat: nothing
// is kept from one entry to the next.
//
// Every entry is checked, not only those under dir, so that every Walk of
// an archive fails alike; an error names the entry. fn's own error stops
// the walk and comes back wrapped with the entry's name. Having handed
// the last entry on, Walk reads the archive to its end, so that a gzip
// checksum or a padding that does not hold is an error too.
func (a *Archive) Walk(dir string, fn func(name string, size int64, r io.Reader) error) error {
	dir, err := cleanDir(dir)
	if err != nil {
		return err
	}
	if a.folder {
		return a.walkFolder(dir, fn)
	}
	return a.walkTar(dir, fn)
}

func (a *Archive) walkTar(dir string, fn func(string, int64, io.Reader) error) error {
	r, err := a.reader()
	if err != nil {
		return err
	}
	defer r.f.Close()
	for {
		h, ok, err := r.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		if !ok || !under(h.Name, dir) || fn == nil {
			continue
		}
		if err := fn(h.Name, h.Size, r.tr); err != nil {
			return fmt.Errorf("archive %s: entry %q: %w", a.path, h.Name, describe(err))
		}
	}
	if _, err := io.Copy(io.Discard, r.m); err != nil {
		return a.failed(r.last, err)
	}
	return nil
}

// walkFolder walks an unpacked export through an os.Root, which no path
// can leave, not even through a symbolic link swapped in after the check;
// the check itself refuses links, as in an archive.
func (a *Archive) walkFolder(dir string, fn func(string, int64, io.Reader) error) error {
	root, err := os.OpenRoot(a.path)
	if err != nil {
		return err
	}
	defer root.Close()
	entries := 0
	var total int64
	err = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == "." {
			return nil
		}
		if entries++; entries > a.lim.MaxEntries {
			return fmt.Errorf("entry %q: %w: more than %d entries (MaxEntries)", p, ErrLimit, a.lim.MaxEntries)
		}
		name, err := cleanName(p)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%w: entry %q is %s, not a regular file", ErrRefused, name, modeName(d.Type()))
		}
		if !under(name, dir) {
			return nil
		}
		if fn == nil { // Open's check: lstat's size will do
			info, err := d.Info()
			if err != nil {
				return err
			}
			return addSize(&total, info.Size(), name, a.lim)
		}
		return a.folderFile(root, name, &total, fn)
	})
	if err != nil {
		return fmt.Errorf("folder %s: %w", a.path, err)
	}
	return nil
}

func (a *Archive) folderFile(root *os.Root, name string, total *int64, fn func(string, int64, io.Reader) error) error {
	f, err := root.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%w: entry %q is %s, not a regular file", ErrRefused, name, modeName(fi.Mode()))
	}
	if err := addSize(total, fi.Size(), name, a.lim); err != nil {
		return err
	}
	// The size said is the size read, should the file grow meanwhile.
	if err := fn(name, fi.Size(), io.LimitReader(f, fi.Size())); err != nil {
		return fmt.Errorf("entry %q: %w", name, err)
	}
	return nil
}

func addSize(total *int64, size int64, name string, lim Limits) error {
	if *total += size; *total > lim.MaxTotal {
		return fmt.Errorf("entry %q: %w: the folder's files pass %d bytes (MaxTotal)", name, ErrLimit, lim.MaxTotal)
	}
	return nil
}
