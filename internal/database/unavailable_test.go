package database

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/kiln-cms/kiln/core/errs"
)

// TestUnavailable: what says "the database cannot serve now" (a 503 to
// retry) and what says "the request is wrong" or "a bug" (never retried).
func TestUnavailable(t *testing.T) {
	opErr := &net.OpError{Op: "dial", Net: "tcp", Err: syscall.ECONNREFUSED}
	for _, tc := range []struct {
		err  error
		want bool
	}{
		{nil, false},
		{errors.New("syntax error at or near"), false},
		{errs.New(errs.KindValidation, "bad"), false},
		{errs.New(errs.KindUnavailable, "busy"), true},
		{driver.ErrBadConn, true},
		{io.EOF, true},
		{fmt.Errorf("reading: %w", io.ErrUnexpectedEOF), true},
		{opErr, true},
		{fmt.Errorf("reading programs: %w", syscall.ECONNRESET), true},
		{context.DeadlineExceeded, true},
		{os.ErrDeadlineExceeded, true}, // a socket past the request's deadline
	} {
		if got := Unavailable(tc.err); got != tc.want {
			t.Errorf("Unavailable(%v) = %v, want %v", tc.err, got, tc.want)
		}
	}
}

// TestRetryRead: one more try for an unavailable database while the
// request is wanted; none for other errors, a passed deadline or a
// request its client gave up on.
func TestRetryRead(t *testing.T) {
	count := func(ctx context.Context, fail error) int {
		n := 0
		RetryRead(ctx, func() error { n++; return fail })
		return n
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		ctx  context.Context
		err  error
		want int
	}{
		{context.Background(), nil, 1},
		{context.Background(), io.EOF, 2},
		{context.Background(), errs.New(errs.KindNotFound, "x"), 1},
		{context.Background(), context.DeadlineExceeded, 1},
		{cancelled, io.EOF, 1},
	} {
		if got := count(tc.ctx, tc.err); got != tc.want {
			t.Errorf("%v: %d tries, want %d", tc.err, got, tc.want)
		}
	}
}

// TestReady: a SQLite database is ready while it answers and its disk
// has room and can be written; a full or read-only disk is not ready.
func TestReady(t *testing.T) {
	path := filepath.Join(t.TempDir(), "kiln.db")
	db, err := Open(context.Background(), "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Ready(context.Background()); err != nil {
		t.Fatalf("a fresh database is not ready: %v", err)
	}
	saved := diskOf
	defer func() { diskOf = saved }()
	diskOf = func(string) (uint64, bool, error) { return MinFreeBytes - 1, false, nil }
	if err := db.Ready(context.Background()); err == nil {
		t.Error("a full disk is ready")
	}
	diskOf = func(string) (uint64, bool, error) { return MinFreeBytes, true, nil }
	if err := db.Ready(context.Background()); err == nil {
		t.Error("a read-only disk is ready")
	}
	db.Close()
	diskOf = saved
	if err := db.Ready(context.Background()); err == nil {
		t.Error("a closed database is ready")
	}
}
