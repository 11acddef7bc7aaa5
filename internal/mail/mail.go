// Package mail sends the few e-mails the core sends (password resets)
// through a Mailer: a log mailer by default, SMTP when configured.
package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// Message is a plain-text e-mail.
type Message struct {
	To, Subject, Text string
}

// Mailer sends messages.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// LogMailer writes messages to the log instead of sending them: the
// default, so a fresh install works without a mail server.
type LogMailer struct{ Log *slog.Logger }

// Send logs the message.
func (l LogMailer) Send(_ context.Context, m Message) error {
	l.Log.Info("mail (log mailer; configure SMTP to send)", "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}

// SMTPTimeout bounds one delivery when the caller's context has no
// deadline of its own: a mail server that accepts the connection and then
// says nothing must not hold a request (and its goroutine) forever.
const SMTPTimeout = 30 * time.Second

// SMTPMailer sends through an SMTP server with PLAIN auth over STARTTLS
// when the server offers it (net/smtp refuses PLAIN auth in the clear
// except to localhost). Every step of the conversation is bounded by the
// context's deadline, or SMTPTimeout.
type SMTPMailer struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
}

// Send delivers one message.
func (s SMTPMailer) Send(ctx context.Context, m Message) error {
	for _, h := range []string{m.To, m.Subject, s.From} {
		if strings.ContainsAny(h, "\r\n") {
			return fmt.Errorf("mail: header injection refused")
		}
	}
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, SMTPTimeout)
		defer cancel()
	}
	body := "From: " + s.From + "\r\nTo: " + m.To + "\r\nSubject: " + m.Subject +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(m.Text, "\n", "\r\n")
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	if err := s.deliver(ctx, addr, m.To, []byte(body)); err != nil {
		return fmt.Errorf("mail: sending to %s: %w", addr, err)
	}
	return nil
}

// deliver is smtp.SendMail with the connection's deadline taken from ctx,
// and the connection closed as soon as ctx ends.
func (s SMTPMailer) deliver(ctx context.Context, addr, to string, msg []byte) error {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()
	c, err := smtp.NewClient(conn, s.Host)
	if err != nil {
		return err
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok {
		if err := c.StartTLS(&tls.Config{ServerName: s.Host}); err != nil {
			return err
		}
	}
	if s.Username != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			return fmt.Errorf("the server offers no AUTH, and a username is configured")
		}
		if err := c.Auth(smtp.PlainAuth("", s.Username, s.Password, s.Host)); err != nil {
			return err
		}
	}
	if err := c.Mail(s.From); err != nil {
		return err
	}
	if err := c.Rcpt(to); err != nil {
		return err
	}
	w, err := c.Data()
	if err != nil {
		return err
	}
	if _, err := w.Write(msg); err != nil {
		return err
	}
	if err := w.Close(); err != nil {
		return err
	}
	return c.Quit()
}
