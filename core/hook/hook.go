// Package hook holds the lifecycle hooks plugins attach to content types:
// beforeCreate, afterCreate, beforeUpdate, afterUpdate, beforeDelete,
// afterDelete. The content service runs them inside the write's
// transaction, so a hook's own writes commit or roll back with it, and a
// hook's error aborts the write with the hook's own error kind.
package hook

import (
	"context"
	"sync"

	"github.com/kiln-cms/kiln/core/entry"
	"github.com/kiln-cms/kiln/core/schema"
	"github.com/kiln-cms/kiln/internal/database"
	"github.com/kiln-cms/kiln/internal/hookconn"
)

// Action is the kind of write.
type Action int

// The writes hooks can watch.
const (
	Create Action = iota
	Update
	Delete
)

// Phase is when a hook runs relative to the write.
type Phase int

// Before hooks may change or refuse the input; after hooks see the result.
const (
	Before Phase = iota
	After
)

// Any matches every content type.
const Any = "*"

// Event is what a hook receives.
type Event struct {
	Type   *schema.ContentType
	Action Action
	Phase  Phase
	// conn is the write's transaction. A hook reads and writes in it
	// through the content service (content.Service.TxOf), so that what it
	// does commits or rolls back with the write and passes the same
	// checks; it has no SQL connection of its own.
	conn database.Conn
	// ID is the entry's id; 0 before a create.
	ID int64
	// Data is the checked input of a create or update; before hooks may
	// change it. Nil for deletes.
	Data *entry.Data
	// Entry is the entry with all its scalar fields: after create and
	// update as written, before and after delete as it was.
	Entry *entry.Entry
	// Writer is what the writer may see (the zero value: everything, the
	// server's own writes). A hook's rule may read every row — a rule
	// holds for all — but what its refusal tells must be what the writer
	// may see: a row they may not see does not exist for them.
	Writer entry.ReadOptions
}

func init() {
	hookconn.Attach = func(ev any, conn database.Conn) { ev.(*Event).conn = conn }
	hookconn.Of = func(ev any) database.Conn { return ev.(*Event).conn }
}

// Func is a hook. Returning an error aborts the write and rolls back the
// transaction; an *errs.Error keeps its kind (and so its status).
type Func func(ctx context.Context, ev *Event) error

type key struct {
	typ    string
	action Action
	phase  Phase
}

// Registry is the set of hooks of an app. It is safe for concurrent use;
// hooks are registered at start-up and run on every write.
type Registry struct {
	mu    sync.RWMutex
	hooks map[key][]Func
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{hooks: map[key][]Func{}} }

// On adds fn for writes of action on the type (or Any), in the phase.
// Hooks run in the order they were added, type-specific ones after Any.
func (r *Registry) On(typ string, action Action, phase Phase, fn Func) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := key{typ, action, phase}
	r.hooks[k] = append(r.hooks[k], fn)
}

// Has reports whether any hook would run, so the service can skip the
// work of building an event when none would.
func (r *Registry) Has(typ string, action Action, phase Phase) bool {
	if r == nil {
		return false
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.hooks[key{Any, action, phase}])+len(r.hooks[key{typ, action, phase}]) > 0
}

// Run calls the hooks for ev in order and stops at the first error.
func (r *Registry) Run(ctx context.Context, ev *Event) error {
	if r == nil {
		return nil
	}
	r.mu.RLock()
	list := append(append([]Func(nil), r.hooks[key{Any, ev.Action, ev.Phase}]...), r.hooks[key{ev.Type.Name, ev.Action, ev.Phase}]...)
	r.mu.RUnlock()
	for _, fn := range list {
		if err := fn(ctx, ev); err != nil {
			return err
		}
	}
	return nil
}

// The six lifecycle hooks by their Strapi names.

// BeforeCreate adds a hook that runs before an entry of typ is inserted.
func (r *Registry) BeforeCreate(typ string, fn Func) { r.On(typ, Create, Before, fn) }

// AfterCreate adds a hook that runs after an entry of typ is inserted.
func (r *Registry) AfterCreate(typ string, fn Func) { r.On(typ, Create, After, fn) }

// BeforeUpdate adds a hook that runs before an entry of typ is updated.
func (r *Registry) BeforeUpdate(typ string, fn Func) { r.On(typ, Update, Before, fn) }

// AfterUpdate adds a hook that runs after an entry of typ is updated.
func (r *Registry) AfterUpdate(typ string, fn Func) { r.On(typ, Update, After, fn) }

// BeforeDelete adds a hook that runs before an entry of typ is deleted.
func (r *Registry) BeforeDelete(typ string, fn Func) { r.On(typ, Delete, Before, fn) }

// AfterDelete adds a hook that runs after an entry of typ is deleted.
func (r *Registry) AfterDelete(typ string, fn Func) { r.On(typ, Delete, After, fn) }
