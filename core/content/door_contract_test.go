package content_test

import (
	"reflect"
	"testing"

	"github.com/kiln-cms/kiln/core/content"
)

// TestDoorHandsOnlyItsMethods: what a plugin is handed of the content
// service has the Door's methods and no other, and is no *Service, so
// that neither a type assertion nor a promoted method reaches the
// service's wiring (its outbox, the users' sign-in calls, reset codes).
func TestDoorHandsOnlyItsMethods(t *testing.T) {
	d := (&content.Service{}).Door()
	if _, ok := d.(*content.Service); ok {
		t.Fatal("the door is the service itself")
	}
	want := reflect.TypeOf((*content.Door)(nil)).Elem()
	got := reflect.TypeOf(d)
	for i := range got.NumMethod() {
		if _, ok := want.MethodByName(got.Method(i).Name); !ok {
			t.Errorf("the door hands %s, which Door does not name", got.Method(i).Name)
		}
	}
	if got.NumMethod() != want.NumMethod() {
		t.Errorf("the door has %d methods, Door %d", got.NumMethod(), want.NumMethod())
	}
	for _, core := range []string{"PrincipalByEmail", "SetResetCode", "EnsureRoles", "NormalizeUserEmails"} {
		if _, ok := got.MethodByName(core); ok {
			t.Errorf("the door hands %s", core)
		}
	}
}
