package conns

import (
	"errors"
	"net"
	"time"

	"github.com/valyala/fasthttp"
)

// Install ties the Listener's rules into s, fasthttp's server (fiber's
// app.Server()), after fiber has configured it and before it serves:
//
//   - a handler runs only between Begin and End, so Drain knows which
//     connections are inside a request;
//   - s.ReadTimeout is the read-header timeout (fasthttp starts it when a
//     request's first byte is awaited, or at accept for a new connection);
//     once the head is in, the body gets readTimeout of its own;
//   - an error fasthttp answers before any handler (a head or body too
//     large, a malformed request) is answered, then the connection closed
//     gracefully (Linger); a timeout on a connection that never sent a
//     byte, or a connection that broke, is closed with nothing written;
//   - answers given while shutting down (from Drain on) carry
//     Connection: close.
func Install(s *fasthttp.Server, readTimeout time.Duration) {
	handler := s.Handler
	s.Handler = func(ctx *fasthttp.RequestCtx) {
		if !Begin(ctx.Conn()) {
			ctx.SetConnectionClose()
			return
		}
		handler(ctx)
		if Draining(ctx.Conn()) {
			// The server's own shutdown may not have begun yet: say it
			// here, since the connection closes after this answer.
			ctx.SetConnectionClose()
		}
	}
	state := s.ConnState
	s.ConnState = func(c net.Conn, st fasthttp.ConnState) {
		if st == fasthttp.StateIdle || st == fasthttp.StateClosed || st == fasthttp.StateHijacked {
			End(c)
		}
		if state != nil {
			state(c, st)
		}
	}
	onError := s.ErrorHandler
	s.ErrorHandler = func(ctx *fasthttp.RequestCtx, err error) {
		c := ctx.Conn()
		if _, ours := c.(*Conn); ours {
			var ne net.Error
			switch {
			case errors.As(err, &ne) && ne.Timeout() && NothingReceived(c):
				// A connection that never sent a request: nothing to answer.
				Abort(c)
				return
			case errors.As(err, &ne) && !ne.Timeout():
				// The connection broke (reset, or closed by Drain): no one
				// to answer.
				Abort(c)
				return
			case errors.As(err, &ne):
				// A slow client: answered 408, and not given more time.
			default:
				Linger(c)
			}
		}
		if onError != nil {
			onError(ctx, err)
		} else {
			ctx.Error("Bad Request", fasthttp.StatusBadRequest)
		}
	}
	if readTimeout > 0 {
		s.HeaderReceived = func(*fasthttp.RequestHeader) fasthttp.RequestConfig {
			return fasthttp.RequestConfig{ReadTimeout: readTimeout}
		}
	}
	s.CloseOnShutdown = true
}
