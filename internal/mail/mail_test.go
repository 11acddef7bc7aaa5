package mail

import (
	"bufio"
	"bytes"
	"context"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeSMTP is a minimal SMTP server on the loopback: it accepts one
// message and hands its DATA to the test. silent accepts connections and
// never answers, like a mail server that has hung.
func fakeSMTP(t *testing.T, silent bool) (host string, port int, got chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	got = make(chan string, 1)
	go func() {
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			go func(conn net.Conn) {
				defer conn.Close()
				if silent {
					conn.Read(make([]byte, 1)) // until the client gives up
					return
				}
				r := bufio.NewReader(conn)
				say := func(s string) { conn.Write([]byte(s + "\r\n")) }
				say("220 fake ESMTP")
				var data strings.Builder
				inData := false
				for {
					line, err := r.ReadString('\n')
					if err != nil {
						return
					}
					if inData {
						if line == ".\r\n" {
							inData = false
							got <- data.String()
							say("250 queued")
							continue
						}
						data.WriteString(line)
						continue
					}
					switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
					case strings.HasPrefix(cmd, "EHLO"):
						say("250-fake")
						say("250 8BITMIME")
					case strings.HasPrefix(cmd, "DATA"):
						inData = true
						say("354 go on")
					case strings.HasPrefix(cmd, "QUIT"):
						say("221 bye")
						return
					default:
						say("250 ok")
					}
				}
			}(conn)
		}
	}()
	h, p, _ := net.SplitHostPort(ln.Addr().String())
	port, _ = strconv.Atoi(p)
	return h, port, got
}

func TestSMTPMailerDelivers(t *testing.T) {
	host, port, got := fakeSMTP(t, false)
	m := SMTPMailer{Host: host, Port: port, From: "kiln@example.test"}
	err := m.Send(context.Background(), Message{To: "li@example.test", Subject: "Reset your password", Text: "open:\nhttp://x/reset?code=abc\n"})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case data := <-got:
		for _, want := range []string{"From: kiln@example.test\r\n", "To: li@example.test\r\n", "Subject: Reset your password\r\n",
			"\r\n\r\nopen:\r\nhttp://x/reset?code=abc\r\n"} {
			if !strings.Contains(data, want) {
				t.Errorf("the message lacks %q:\n%s", want, data)
			}
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no message arrived")
	}
}

func TestSMTPMailerRefusesHeaderInjection(t *testing.T) {
	m := SMTPMailer{Host: "127.0.0.1", Port: 1, From: "kiln@example.test"}
	for _, msg := range []Message{
		{To: "li@example.test\r\nBcc: all@example.test", Subject: "x"},
		{To: "li@example.test", Subject: "x\nBcc: all@example.test"},
	} {
		if err := m.Send(context.Background(), msg); err == nil || !strings.Contains(err.Error(), "header injection") {
			t.Errorf("%q: %v", msg, err)
		}
	}
	m.From = "kiln@example.test\r\nBcc: all@example.test"
	if err := m.Send(context.Background(), Message{To: "li@example.test"}); err == nil || !strings.Contains(err.Error(), "header injection") {
		t.Errorf("a From with a line break: %v", err)
	}
}

// TestSMTPMailerGivesUpOnAHungServer: a server that accepts and never
// answers costs the caller its context's deadline, not forever.
func TestSMTPMailerGivesUpOnAHungServer(t *testing.T) {
	host, port, _ := fakeSMTP(t, true)
	m := SMTPMailer{Host: host, Port: port, From: "kiln@example.test"}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- m.Send(ctx, Message{To: "li@example.test", Subject: "x", Text: "y"}) }()
	select {
	case err := <-done:
		if err == nil {
			t.Fatal("a silent server took the message")
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("gave up after %s", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Send still waits on a server that never answers")
	}
}

func TestLogMailerLogs(t *testing.T) {
	var buf bytes.Buffer
	m := LogMailer{Log: slog.New(slog.NewTextHandler(&buf, nil))}
	if err := m.Send(context.Background(), Message{To: "li@example.test", Subject: "Reset your password", Text: "code"}); err != nil {
		t.Fatal(err)
	}
	if s := buf.String(); !strings.Contains(s, "to=li@example.test") || !strings.Contains(s, `subject="Reset your password"`) {
		t.Errorf("log: %s", s)
	}
}
