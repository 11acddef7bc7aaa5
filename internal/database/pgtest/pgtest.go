// Package pgtest runs a throwaway PostgreSQL cluster for fault tests: its
// own data folder in the test's temp dir, its own free port on loopback,
// started with the installed server's initdb and pg_ctl, and stopped when
// the test ends. A test may stop, restart or kill it at will; the
// machine's own PostgreSQL is never touched. Tests skip, saying why, when
// the server binaries are not installed.
package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"

	"github.com/kiln-cms/kiln/internal/testmain"
)

// Cluster is one running throwaway PostgreSQL.
type Cluster struct {
	t    testing.TB
	bin  string // the folder of initdb, pg_ctl and postgres
	dir  string // the data folder
	Port int
	cred *syscall.Credential // the postgres account, when the test runs as root
}

// Start makes and starts a new cluster, or skips the test.
func Start(t testing.TB) *Cluster {
	t.Helper()
	bin := binDir()
	if bin == "" {
		testmain.Skip(t, testmain.PostgresServer, "PostgreSQL server binaries (initdb, pg_ctl) not found: skipping the PostgreSQL fault tests")
	}
	c := &Cluster{t: t, bin: bin, Port: freePort(t)}
	root := t.TempDir()
	c.dir = filepath.Join(root, "data")
	if os.Geteuid() == 0 {
		// initdb refuses to run as root: the cluster belongs to postgres.
		u, err := user.Lookup("postgres")
		if err != nil {
			testmain.Skip(t, testmain.PostgresServer, "running as root and no postgres account to own a throwaway cluster")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		c.cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		for _, p := range []string{root, filepath.Dir(root)} {
			os.Chmod(p, 0o755) // let postgres through the temp folders
		}
		os.Mkdir(c.dir, 0o700)
		os.Chown(c.dir, uid, gid)
	}
	c.run(30*time.Second, filepath.Join(bin, "initdb"), "-D", c.dir, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8")
	conf := fmt.Sprintf("\nport = %d\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nfsync = off\nmax_connections = 50\n", c.Port)
	f, err := os.OpenFile(filepath.Join(c.dir, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(conf)
	f.Close()
	c.StartServer()
	t.Cleanup(func() {
		c.command(10*time.Second, filepath.Join(bin, "pg_ctl"), "-D", c.dir, "-m", "immediate", "-w", "stop").Run()
	})
	return c
}

// URL is the cluster's postgres database.
func (c *Cluster) URL() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.Port)
}

// StartServer starts the server and waits until it accepts connections.
func (c *Cluster) StartServer() {
	c.t.Helper()
	c.ctl(30*time.Second, "-l", filepath.Join(c.dir, "server.log"), "-w", "-t", "30", "start")
}

// Restart stops the server the fast way (open sessions are ended) and
// starts it again, returning when it accepts connections.
func (c *Cluster) Restart() {
	c.t.Helper()
	c.ctl(60*time.Second, "-l", filepath.Join(c.dir, "server.log"), "-m", "fast", "-w", "-t", "30", "restart")
}

// Stop stops the server the fast way.
func (c *Cluster) Stop() {
	c.t.Helper()
	c.ctl(30*time.Second, "-m", "fast", "-w", "-t", "30", "stop")
}

// Ping reports whether the server answers now.
func (c *Cluster) Ping(ctx context.Context) error {
	db := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(c.URL())))
	defer db.Close()
	return db.PingContext(ctx)
}

func (c *Cluster) ctl(limit time.Duration, args ...string) {
	c.t.Helper()
	c.run(limit, filepath.Join(c.bin, "pg_ctl"), append([]string{"-D", c.dir}, args...)...)
}

// run runs a server command and fails the test if it fails.
func (c *Cluster) run(limit time.Duration, name string, args ...string) {
	c.t.Helper()
	if out, err := c.command(limit, name, args...).CombinedOutput(); err != nil {
		c.t.Fatalf("%s %v: %v\n%s", filepath.Base(name), args, err, out)
	}
}

// command is a server command run as the cluster's owner, killed after
// limit.
func (c *Cluster) command(limit time.Duration, name string, args ...string) *exec.Cmd {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Cancel = func() error { cancel(); return cmd.Process.Kill() }
	time.AfterFunc(limit, cancel)
	if c.cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: c.cred}
	}
	cmd.Dir = os.TempDir()
	return cmd
}

// binDir finds the installed server's binaries: pg_config's bindir, else
// the newest /usr/lib/postgresql/<version>/bin, else the PATH.
func binDir() string {
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		if dir := string(out[:len(out)-1]); exists(filepath.Join(dir, "initdb")) {
			return dir
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if exists(filepath.Join(d, "initdb")) && exists(filepath.Join(d, "pg_ctl")) {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	return ""
}

func version(binDir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return n
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func freePort(t testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}
