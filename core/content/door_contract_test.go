package content_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
	"github.com/kiln-cms/kiln/core/hook"
)

// doorMethods and txDoorMethods are what a plugin may call on the content
// service and on a transaction: entries' reads and writes, locks,
// references, statements. A method added to Door or TxDoor must be added
// here, on purpose: the core's own maintenance (bulk loads, versions,
// the outbox, users' sign-in data) never goes on the door.
var (
	doorMethods = []string{"Create", "Delete", "Dialect", "Find", "FindOne", "Get", "InTx", "Resolve",
		"Statement", "ToOne", "TxOf", "Update", "Visible"}
	txDoorMethods = []string{"Create", "Delete", "Find", "FindOne", "Get", "Lock", "LockKey", "LockKeyWithin",
		"Reload", "Resolve", "ResolveMany", "Statement", "Targets", "Update", "Visible"}
)

// methods are the names of t's methods, sorted.
func methods(t reflect.Type) []string {
	var out []string
	for i := range t.NumMethod() {
		out = append(out, t.Method(i).Name)
	}
	return out
}

// sameMethods checks that the interface iface and the value handed out
// have exactly the allowed methods, no more.
func sameMethods(t *testing.T, what string, iface reflect.Type, handed any, allowed []string) {
	t.Helper()
	if got := methods(iface); !slices.Equal(got, allowed) {
		t.Errorf("%s names %v, allowed %v: a plugin reaches no more than entries' reads and writes", what, got, allowed)
	}
	if got := methods(reflect.TypeOf(handed)); !slices.Equal(got, allowed) {
		t.Errorf("the %s handed out has %v, allowed %v", what, got, allowed)
	}
}

// TestDoorHandsOnlyItsMethods: what a plugin is handed of the content
// service has the Door's methods and no other, and is no *Service, so
// that neither a type assertion nor a promoted method reaches the
// service's wiring (its outbox, the users' sign-in calls, reset codes).
func TestDoorHandsOnlyItsMethods(t *testing.T) {
	d := (&content.Service{}).Door()
	if _, ok := any(d).(*content.Service); ok {
		t.Fatal("the door is the service itself")
	}
	sameMethods(t, "Door", reflect.TypeOf((*content.Door)(nil)).Elem(), d, doorMethods)
}

// TestTxDoorHandsOnlyItsMethods: the transaction a plugin is handed
// (Door.TxOf, Door.InTx) has TxDoor's methods and no other, and is no
// *Tx: BulkInsert, CompleteVersions, Emit and the rest of the core's own
// calls are out of its reach.
func TestTxDoorHandsOnlyItsMethods(t *testing.T) {
	tx := (&content.Service{}).Door().TxOf(&hook.Event{})
	if _, ok := any(tx).(*content.Tx); ok {
		t.Fatal("TxOf hands the *Tx itself")
	}
	sameMethods(t, "TxDoor", reflect.TypeOf((*content.TxDoor)(nil)).Elem(), tx, txDoorMethods)
	var core []string
	for _, m := range methods(reflect.TypeOf(&content.Tx{})) {
		if !slices.Contains(txDoorMethods, m) {
			core = append(core, m)
		}
	}
	if len(core) == 0 {
		t.Error("*Tx has no method beyond the door's: the check compares nothing")
	}
	for _, m := range core {
		if _, ok := reflect.TypeOf(tx).MethodByName(m); ok {
			t.Errorf("the plugin's transaction hands %s", m)
		}
	}
}
