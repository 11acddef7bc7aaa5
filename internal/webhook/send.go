package webhook

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/kiln-cms/kiln/core/config"
)

// sender makes the HTTP requests of deliveries.
type sender struct {
	client  *http.Client
	timeout time.Duration
}

// newSender builds the client: connections through the address guard
// (unless allowPrivate: a host written as an address is checked before
// dialing, the address a name resolved to just before connecting), no
// proxy from the environment (a proxy would connect to the target for
// us, past the guard), a connect timeout, and no redirects followed — a
// 3xx is a failed attempt like any non-2xx, so a receiver cannot send a
// delivery somewhere its URL does not say.
func newSender(cfg config.Webhooks) *sender {
	d := &dialer{net: &net.Dialer{Timeout: cfg.ConnectTimeout, KeepAlive: 30 * time.Second}, allowPrivate: cfg.AllowPrivate}
	if !cfg.AllowPrivate {
		d.net.Control = dialGuard
	}
	tr := &http.Transport{
		Proxy:               nil,
		DialContext:         d.DialContext,
		TLSHandshakeTimeout: cfg.ConnectTimeout,
		MaxIdleConnsPerHost: max(cfg.Workers, 2),
		IdleConnTimeout:     90 * time.Second,
		ForceAttemptHTTP2:   true,
	}
	return &sender{timeout: cfg.Timeout, client: &http.Client{Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// result is what one attempt came to; final says no retry can help.
type result struct {
	status int
	err    error
	final  bool
}

// maxAnswer is how much of a receiver's answer is read (and dropped).
const maxAnswer = 64 << 10

func (s *sender) send(ctx context.Context, h *hookDef, d claimed, at time.Time) result {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URL, bytes.NewReader(d.Payload))
	if err != nil {
		return result{err: err, final: true}
	}
	for k, v := range h.Headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Kiln-Webhooks/1")
	req.Header.Set(HeaderEvent, d.Event)
	req.Header.Set(HeaderDelivery, strconv.FormatInt(d.ID, 10))
	req.Header.Set(HeaderSignature, Sign(h.secret, at, d.Payload))
	resp, err := s.client.Do(req)
	if err != nil {
		var pa *ErrPrivateAddress
		if errors.As(err, &pa) {
			return result{err: pa, final: true}
		}
		return result{err: err}
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, maxAnswer))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return result{status: resp.StatusCode, err: fmt.Errorf("the receiver answered %s", resp.Status)}
	}
	return result{status: resp.StatusCode}
}
