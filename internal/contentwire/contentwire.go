// Package contentwire is what core/content hands Kiln's own packages and
// no plugin: the calls that would name an internal type in core/content's
// exported API, or reach past the door a plugin is handed. core/content
// fills these variables when it loads (as core/hook fills internal/hookconn),
// since this package cannot import it; the values typed any are its
// *content.Service and the transactions it hands out. Nothing outside
// Kiln's module can import this package.
package contentwire

import (
	"context"

	"github.com/kiln-cms/kiln/core/schema"
)

var (
	// Emit records a plugin's event inside tx, a content.TxDoor the door
	// handed out (or a *content.Tx): plugin.API.Emit's way to the
	// transaction's outbox, which the TxDoor does not name.
	Emit func(ctx context.Context, tx any, event string, ct *schema.ContentType, id int64) error
)
