package content

import (
	"context"
	"fmt"

	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/contentwire"
)

// The calls internal/contentwire hands Kiln's own packages.
func init() {
	contentwire.Emit = func(ctx context.Context, tx any, event string, ct *schema.ContentType, id int64) error {
		return txOf(tx).Emit(ctx, event, ct, id)
	}
}

// txOf is the *Tx behind a transaction handed out: a TxDoor or the *Tx.
func txOf(tx any) *Tx {
	switch t := tx.(type) {
	case txDoor:
		return t.t
	case *Tx:
		return t
	}
	panic(fmt.Sprintf("content: %T is no transaction of the content service", tx))
}
