package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"time"
)

// kilnProcess is `kiln serve` running as its own process.
type kilnProcess struct {
	cmd     *exec.Cmd
	base    string
	port    int
	started time.Duration // process start to the first 200 on /_ready
}

// projectEnv points a kiln process at the repository's content types and
// config, a data folder and a database.
func projectEnv(dataDir, dbURL string) []string {
	wd, _ := os.Getwd()
	return append(os.Environ(),
		"KILN_CONTENT_TYPES_DIR="+filepath.Join(wd, "content-types"),
		"KILN_CONFIG_DIR="+filepath.Join(wd, "config"),
		"KILN_DATA_DIR="+dataDir,
		"KILN_DATABASE_URL="+dbURL,
		"KILN_DEMO=false",
		"KILN_LOG_LEVEL=warn",
		// GraphQL's scenarios (graphql.go) read and write at /graphql.
		"KILN_GRAPHQL_ENABLED=true",
		// Counting stays in the path; the limits only must not refuse.
		"KILN_RATE_LIMIT_USER=1000000000",
		"KILN_RATE_LIMIT_ADDRESS=1000000000",
		"KILN_RATE_LIMIT_TOKEN=1000000000",
	)
}

func seed(o options, dataDir, dbURL string) (time.Duration, error) {
	start := time.Now()
	cmd := exec.Command(o.kiln, "seed", "--scale", "large", "--password", o.password)
	cmd.Env = projectEnv(dataDir, dbURL)
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("kiln seed: %v: %s", err, out)
	}
	return time.Since(start), nil
}

func startKiln(o options, dataDir, dbURL string, port int) (*kilnProcess, error) {
	return startKilnEnv(o, projectEnv(dataDir, dbURL), port)
}

// startKilnEnv starts kiln serve with env on port and waits for it to be
// ready.
func startKilnEnv(o options, env []string, port int) (*kilnProcess, error) {
	cmd := exec.Command(o.kiln, "serve")
	cmd.Env = append(env, "KILN_HOST=127.0.0.1", "KILN_PORT="+strconv.Itoa(port))
	if o.cpuProfile != "" {
		cmd.Env = append(cmd.Env, "KILN_PROFILING_ADDRESS="+profilingAddr(port))
	}
	cmd.Stderr = os.Stderr
	p := &kilnProcess{cmd: cmd, base: fmt.Sprintf("http://127.0.0.1:%d", port), port: port}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	for time.Since(start) < 30*time.Second {
		if r, err := http.Get(p.base + "/_ready"); err == nil {
			r.Body.Close()
			if r.StatusCode == 200 {
				p.started = time.Since(start)
				return p, nil
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	cmd.Process.Kill()
	return nil, fmt.Errorf("kiln serve was not ready after 30s")
}

// peakRSS is the process's high-water resident memory (VmHWM), in MiB.
func (p *kilnProcess) peakRSS() float64 { return peakRSSOf(p.cmd.Process.Pid) }

func (p *kilnProcess) stop() {
	p.cmd.Process.Signal(syscall.SIGTERM)
	p.cmd.Wait()
}

// signIn returns the demo admin's token, signing in with the password the
// seed was given, over HTTP to base.
func signIn(base, password string) (string, error) {
	return signInWith(http.DefaultClient.Do, base, password)
}

// signInWith signs the demo admin in with send: a client's Do, or an
// app's Test for one in the process (base "").
func signInWith(send func(*http.Request) (*http.Response, error), base, password string) (string, error) {
	body, _ := json.Marshal(map[string]string{"identifier": "admin@kiln.local", "password": password})
	req, _ := http.NewRequest("POST", base+"/api/auth/local", bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	r, err := send(req)
	if err != nil {
		return "", err
	}
	defer r.Body.Close()
	var out struct {
		JWT string `json:"jwt"`
	}
	if err := json.NewDecoder(r.Body).Decode(&out); err != nil || out.JWT == "" {
		return "", fmt.Errorf("signing in: %d %v", r.StatusCode, err)
	}
	return out.JWT, nil
}
