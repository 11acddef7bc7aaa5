package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/webhook"
)

// TestWebhookSurvivesSIGKILL: a create commits while the receiver is down,
// so its delivery waits in the outbox; kiln is then killed with SIGKILL
// (no shutdown of any kind). A new kiln on the same database delivers it,
// signed, once the receiver is back: a committed change is never lost.
func TestWebhookSurvivesSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the kiln binary")
	}
	// The receiver's address, refused until the receiver starts on it.
	addr := portOutsideEphemeral(t)

	const secret = "sigkill-test-secret-0123456789"
	dir := t.TempDir()
	conf := filepath.Join(dir, "config")
	root := apptest.Root(t)
	if err := os.MkdirAll(conf, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"permissions.yaml", "plugins.yaml"} {
		b, err := os.ReadFile(filepath.Join(root, "config", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(conf, f), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	hooks := fmt.Sprintf(`allowPrivate: true
backoff: 50ms
maxBackoff: 200ms
pollInterval: 50ms
maxAttempts: 1000
timeout: 1s
connectTimeout: 1s
webhooks:
  - name: receiver
    url: http://%s/hook
    events: [entry.create]
    types: [customer]
    secretEnv: HOOK_SECRET
`, addr)
	if err := os.WriteFile(filepath.Join(conf, "webhooks.yaml"), []byte(hooks), 0o600); err != nil {
		t.Fatal(err)
	}
	bin := buildKiln(t)
	env := append(kilnEnv(t, dir, "HOOK_SECRET="+secret), "KILN_CONFIG_DIR="+conf)
	createAdmin(t, env, bin, "ops@example.com", "Crash-test-pass-1")

	first := startKiln(t, env, bin, "serve")
	base := "http://" + first.addr
	token := signIn(t, base, "ops@example.com", "Crash-test-pass-1")
	status, body := post(t, base+"/api/customers", token, `{"data":{"name":"Acme"}}`)
	if status != 201 {
		t.Fatalf("create: %d %s", status, body)
	}
	// Let it fail against the closed port at least once, then kill it.
	if first.log.waitLog(regexp.MustCompile(`webhooks: delivery failed`), 10*time.Second) == nil {
		t.Fatalf("no failed attempt logged:\n%s", first.log)
	}
	first.cmd.Process.Signal(os.Kill)
	<-first.exited

	got := make(chan *http.Request, 4)
	bodies := make(chan []byte, 4)
	rl, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("the receiver cannot take %s back: %v", addr, err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- r
		bodies <- b
		w.WriteHeader(http.StatusNoContent)
	})}
	go srv.Serve(rl)
	defer srv.Close()

	startKiln(t, env, bin, "serve")
	select {
	case r := <-got:
		b := <-bodies
		if err := webhook.Verify(secret, r.Header.Get("X-Kiln-Signature"), b, time.Minute); err != nil {
			t.Errorf("signature: %v", err)
		}
		var payload struct {
			Event, Model string
			Entry        map[string]any
		}
		if err := json.Unmarshal(b, &payload); err != nil {
			t.Fatal(err)
		}
		if payload.Event != "entry.create" || payload.Model != "customer" || payload.Entry["name"] != "Acme" {
			t.Errorf("payload: %s", b)
		}
	// A kill between a claim and its record leaves the delivery leased
	// for timeout+connectTimeout+30s before another process takes it.
	case <-time.After(45 * time.Second):
		t.Fatal("the delivery committed before the SIGKILL was not sent after the restart")
	}
}

// signIn returns a JWT for the identifier and password.
func signIn(t *testing.T, base, identifier, password string) string {
	t.Helper()
	status, body := post(t, base+"/api/auth/local", "", fmt.Sprintf(`{"identifier":%q,"password":%q}`, identifier, password))
	var out struct{ JWT string }
	if status != 200 || json.Unmarshal(body, &out) != nil || out.JWT == "" {
		t.Fatalf("sign in: %d %s", status, body)
	}
	return out.JWT
}

// post sends a JSON body, with a bearer token when one is given.
func post(t *testing.T, url, token, body string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest("POST", url, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+strings.TrimSpace(token))
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// portOutsideEphemeral is a free loopback address whose port the kernel
// never hands out as an ephemeral source port. A port of the ephemeral
// range, closed and kept to listen on later, can be taken meanwhile by an
// outgoing connection — even kiln's own retries to it, when Linux picks
// that very port as their source and the connection meets itself — and
// the receiver then cannot bind it (seen once in CI).
func portOutsideEphemeral(t *testing.T) string {
	t.Helper()
	low := 32768
	if b, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(b)); len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil {
				low = n
			}
		}
	}
	for p := low - 1; p > low-2000 && p > 1024; p-- {
		ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
		if err != nil {
			continue
		}
		addr := ln.Addr().String()
		ln.Close()
		return addr
	}
	t.Fatal("no free port below the ephemeral range")
	return ""
}
