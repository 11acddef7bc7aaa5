package database

import "strings"

// Ident quotes an identifier. Identifiers only ever come from the checked
// schema, never from a request; quoting keeps reserved words ("order") safe.
func Ident(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }
