// Package mail sends the few e-mails the core sends (password resets)
// through a Mailer: a log mailer by default, SMTP when configured.
package mail

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/smtp"
	"strconv"
	"strings"
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

// SMTPMailer sends through an SMTP server with PLAIN auth over STARTTLS
// when the server offers it (net/smtp refuses PLAIN auth in the clear
// except to localhost).
type SMTPMailer struct {
	Host     string
	Port     int
	Username string
	Password string
	From     string
}

// Send delivers one message.
func (s SMTPMailer) Send(_ context.Context, m Message) error {
	if strings.ContainsAny(m.To, "\r\n") || strings.ContainsAny(m.Subject, "\r\n") {
		return fmt.Errorf("mail: header injection refused")
	}
	var auth smtp.Auth
	if s.Username != "" {
		auth = smtp.PlainAuth("", s.Username, s.Password, s.Host)
	}
	body := "From: " + s.From + "\r\nTo: " + m.To + "\r\nSubject: " + m.Subject +
		"\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + strings.ReplaceAll(m.Text, "\n", "\r\n")
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	if err := smtp.SendMail(addr, auth, s.From, []string{m.To}, []byte(body)); err != nil {
		return fmt.Errorf("mail: sending to %s: %w", addr, err)
	}
	return nil
}
