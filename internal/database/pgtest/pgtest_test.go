package pgtest

import (
	"context"
	"testing"
	"time"
)

func TestClusterLifecycle(t *testing.T) {
	c := Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.Ping(ctx); err != nil {
		t.Fatalf("a started cluster does not answer: %v", err)
	}
	c.Stop()
	if err := c.Ping(ctx); err == nil {
		t.Fatal("a stopped cluster answers")
	}
	c.StartServer()
	c.Restart()
	if err := c.Ping(ctx); err != nil {
		t.Fatalf("a restarted cluster does not answer: %v", err)
	}
}
