package schema

import (
	"fmt"
	"strings"
)

// Problem is one thing wrong with the content-type definitions, located by
// file, type and field so an admin can find it.
type Problem struct {
	File string
	Type string
	// Component is the uid of the component (category.name) the problem
	// is in, instead of a Type.
	Component string
	Field     string
	Message   string
}

func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Type != "" {
		fmt.Fprintf(&b, ": type %q", p.Type)
	}
	if p.Component != "" {
		fmt.Fprintf(&b, ": component %q", p.Component)
	}
	if p.Field != "" {
		fmt.Fprintf(&b, ": field %q", p.Field)
	}
	b.WriteString(": ")
	b.WriteString(p.Message)
	return b.String()
}

// Problems is every problem found in one load; it is the error Load returns.
type Problems []Problem

func (ps Problems) Error() string {
	lines := make([]string, len(ps))
	for i, p := range ps {
		lines[i] = p.String()
	}
	return fmt.Sprintf("%d problem(s) in the content types:\n%s", len(ps), strings.Join(lines, "\n"))
}
