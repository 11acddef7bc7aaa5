package webhook

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"
)

// The headers of a delivery.
const (
	// HeaderSignature is "t=<unix seconds>,v1=<hex HMAC-SHA256 of
	// "<t>.<body>" under the webhook's secret>".
	HeaderSignature = "X-Kiln-Signature"
	// HeaderEvent is the event's name (entry.create, event.scheduled...).
	HeaderEvent = "X-Kiln-Event"
	// HeaderDelivery is the delivery's id, the same on every attempt and
	// redelivery: a receiver that saw it already may skip it.
	HeaderDelivery = "X-Kiln-Delivery"
)

// Sign is the X-Kiln-Signature value of body sent at t.
func Sign(secret string, t time.Time, body []byte) string {
	ts := strconv.FormatInt(t.Unix(), 10)
	return "t=" + ts + ",v1=" + mac(secret, ts, body)
}

func mac(secret, ts string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts))
	m.Write([]byte{'.'})
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// The reasons Verify refuses a delivery.
var (
	ErrNoSignature  = errors.New("webhook: no valid X-Kiln-Signature header")
	ErrBadSignature = errors.New("webhook: the signature does not match the body")
	ErrTooOld       = errors.New("webhook: the signature's timestamp is outside the tolerance")
)

// Verify checks a delivery as its receiver gets it: header is the
// X-Kiln-Signature value, body the raw request body (before any JSON
// decoding). The signature must match under secret, and its timestamp be
// within tolerance of now, so that a captured delivery cannot be replayed
// later (tolerance <= 0 skips that check). Several v1 values (a secret
// being rotated) pass when one matches.
func Verify(secret, header string, body []byte, tolerance time.Duration) error {
	return verifyAt(secret, header, body, tolerance, time.Now())
}

func verifyAt(secret, header string, body []byte, tolerance time.Duration, now time.Time) error {
	var ts string
	var sigs []string
	for part := range strings.SplitSeq(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		switch {
		case !ok:
		case k == "t":
			ts = v
		case k == "v1":
			sigs = append(sigs, v)
		}
	}
	unix, err := strconv.ParseInt(ts, 10, 64)
	if err != nil || len(sigs) == 0 {
		return ErrNoSignature
	}
	want := mac(secret, ts, body)
	match := false
	for _, s := range sigs {
		if hmac.Equal([]byte(s), []byte(want)) {
			match = true
		}
	}
	if !match {
		return ErrBadSignature
	}
	if tolerance > 0 {
		if d := now.Sub(time.Unix(unix, 0)); d > tolerance || d < -tolerance {
			return ErrTooOld
		}
	}
	return nil
}
