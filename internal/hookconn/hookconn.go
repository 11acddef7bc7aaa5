// Package hookconn carries a write's transaction on a hook event for
// core/content alone. The event's connection is unexported in core/hook,
// so that a plugin's hook cannot send SQL around the content service;
// core/hook fills these two functions when it loads, and core/content,
// which runs the hooks, calls them. Nothing outside Kiln's module can
// import this package.
package hookconn

import "github.com/kiln-cms/kiln/internal/database"

var (
	// Attach sets ev's transaction; ev is a *hook.Event.
	Attach func(ev any, conn database.Conn)
	// Of is ev's transaction; ev is a *hook.Event.
	Of func(ev any) database.Conn
)
