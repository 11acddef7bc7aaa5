package database

import "golang.org/x/sys/unix"

// diskOf reports the space free to this user and whether the file system
// holding dir is mounted read-only. A variable, so a test can fake a full
// disk.
var diskOf = func(dir string) (free uint64, readOnly bool, err error) {
	var st unix.Statfs_t
	if err := unix.Statfs(dir, &st); err != nil {
		return 0, false, err
	}
	return st.Bavail * uint64(st.Bsize), st.Flags&unix.ST_RDONLY != 0, nil
}

// writable checks that this process may write the file.
func writable(path string) error { return unix.Access(path, unix.W_OK) }
