package conns

import (
	"net"
	"testing"
	"time"
)

// pair dials l and returns the client's end and the server's, matched by
// address.
func pair(t *testing.T, l *Listener, accepted <-chan net.Conn) (client, server net.Conn) {
	t.Helper()
	client = dial(t, l)
	server = next(t, accepted)
	if client.LocalAddr().String() != server.RemoteAddr().String() {
		t.Fatal("accepted another connection than the one dialed")
	}
	return client, server
}

// TestDrainGivesNewConnectionsTheirGrace: Drain closes an idle
// connection (one that was answered) at once; a connection accepted just
// before it, with no request begun, stays open for the rest of its grace:
// a request that begins then runs, and the connection closes once it is
// answered; one that never begins a request is closed when the grace
// ends, not before; one accepted longer ago than the grace is closed at
// once.
func TestDrainGivesNewConnectionsTheirGrace(t *testing.T) {
	t.Parallel()
	const grace = 400 * time.Millisecond
	l, accepted := serve(t, Options{NewConnGrace: grace})
	idleClient, idle := pair(t, l, accepted)
	if !Begin(idle) {
		t.Fatal("Begin refused an open connection")
	}
	End(idle)
	lateClient, late := pair(t, l, accepted)
	silentClient, _ := pair(t, l, accepted)
	acceptedAt := time.Now()

	closed, running, waiting := l.Drain()
	if closed != 1 || running != 0 || waiting != 2 {
		t.Fatalf("Drain: closed %d, running %d, waiting %d; want 1, 0, 2", closed, running, waiting)
	}
	if !closedByServer(idleClient) {
		t.Error("the idle connection survived Drain")
	}
	// The request on its way arrives: it may run, and its connection
	// closes once it is answered.
	if !Begin(late) {
		t.Fatal("a request on a new connection was refused within its grace")
	}
	if n := l.Running(); n != 1 {
		t.Errorf("running = %d, want 1", n)
	}
	End(late)
	if !closedByServer(lateClient) {
		t.Error("the new connection stayed open after its answer")
	}
	// The silent one is closed at the end of its grace, not before.
	silentClient.SetReadDeadline(acceptedAt.Add(grace - 150*time.Millisecond))
	if _, err := silentClient.Read(make([]byte, 1)); !isTimeout(err) {
		t.Fatalf("the new connection was closed within its grace: %v", err)
	}
	if !closedByServer(silentClient) {
		t.Error("the new connection stayed open past its grace")
	}
	if took := time.Since(acceptedAt); took < grace-50*time.Millisecond {
		t.Errorf("closed %v after its accept, before the grace of %v", took, grace)
	}

	// A connection older than the grace has had its chance.
	old, oldAccepted := serve(t, Options{NewConnGrace: 50 * time.Millisecond})
	oldClient, _ := pair(t, old, oldAccepted)
	time.Sleep(60 * time.Millisecond) // the subject is its age
	if closed, _, waiting := old.Drain(); closed != 1 || waiting != 0 {
		t.Errorf("Drain of a connection past its grace: closed %d, waiting %d; want 1, 0", closed, waiting)
	}
	if !closedByServer(oldClient) {
		t.Error("a connection past its grace survived Drain")
	}
}

func isTimeout(err error) bool {
	ne, ok := err.(net.Error)
	return ok && ne.Timeout()
}
