package scheduling

import (
	"strings"
	"time"

	"github.com/kiln-cms/kiln/core/schema"
)

// The plugin's few statements the content service has no call for (a
// clash search, the attendance rows of an event, its own tables) are
// content.Statement: SQL text with a "?" per value, every value encoded
// for its dialect, identifiers only from the model. No value is ever
// spliced into SQL.

// Advisory-lock namespaces (content.TxDoor.LockKey): the first key of
// PostgreSQL's two-key pg_advisory_xact_lock, so that the plugin's locks
// never meet another component's. "Kiln" in ASCII, then the next number.
// PostgreSQL needs them: under READ COMMITTED two transactions could each
// check, find nothing, and both write; SQLite runs one write transaction
// at a time anyway.
const (
	lockCoach int32 = 0x4b696c6e
	lockEvent int32 = 0x4b696c6f
)

// instant reads a datetime column a statement scanned into an any: the
// PostgreSQL driver gives a time.Time, SQLite the text the store wrote
// (schema.DateTimeLayout, or an older writer's space-separated form).
func instant(v any) (time.Time, bool) {
	switch x := v.(type) {
	case time.Time:
		return x.UTC(), true
	case []byte:
		return instant(string(x))
	case string:
		for _, layout := range []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999Z07:00", "2006-01-02 15:04:05.999999999"} {
			if t, err := time.Parse(layout, strings.TrimSpace(x)); err == nil {
				return t.UTC(), true
			}
		}
	}
	return time.Time{}, false
}

// timeText is a datetime as entries show it on the wire.
func timeText(t time.Time) string { return t.UTC().Format(schema.DateTimeLayout) }

// locksWait reports whether a lock can make a transaction wait for
// another's commit (PostgreSQL), so that what was read before it may be
// stale. On SQLite a write transaction holds the one writer slot from its
// start: nothing read in it changes under it.
func (s *sched) locksWait() bool { return s.api.Content.Dialect().String() == "postgres" }
