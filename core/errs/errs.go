// Package errs defines the kinds of error Kiln's layers return. Lower layers
// say what went wrong (a validation failure, a missing record); only the HTTP
// layer turns a kind into a status code and the error envelope.
package errs

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
)

// Kind classifies an error by what the caller can do about it.
type Kind int

// The kinds, each mapped to one HTTP status and Strapi error name by internal/rest.
const (
	KindInternal Kind = iota
	KindValidation
	KindPagination
	KindUnauthorized
	KindForbidden
	KindNotFound
	KindConflict
	KindPayloadTooLarge
	KindRateLimit
	KindApplication
	// KindUnavailable is a failure of the service rather than of the
	// request: the database is away or too busy. It may be retried.
	KindUnavailable
)

// Error is an error with a kind, a message meant for the client and optional
// structured details (Strapi's error.details).
type Error struct {
	Kind    Kind
	Message string
	Details map[string]any
	// Err is the cause, kept for logs and errors.Is; never sent to clients.
	Err error
}

func (e *Error) Error() string {
	if e.Err != nil {
		return e.Message + ": " + e.Err.Error()
	}
	return e.Message
}

func (e *Error) Unwrap() error { return e.Err }

// New returns an error of the given kind.
func New(kind Kind, msg string) *Error { return &Error{Kind: kind, Message: msg} }

// Newf returns an error of the given kind with a formatted message.
func Newf(kind Kind, format string, args ...any) *Error {
	return &Error{Kind: kind, Message: fmt.Sprintf(format, args...)}
}

// WithDetails sets the details and returns the error, for chaining.
func (e *Error) WithDetails(d map[string]any) *Error {
	e.Details = d
	return e
}

// Wrap keeps cause in the error, for logs and errors.Is, and returns it.
func (e *Error) Wrap(cause error) *Error {
	e.Err = cause
	return e
}

// As returns the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}

// KindOf returns the kind of err, KindInternal when it has none.
func KindOf(err error) Kind {
	if e, ok := As(err); ok {
		return e.Kind
	}
	return KindInternal
}

// NotFound is the usual "no such record" error.
func NotFound() *Error { return New(KindNotFound, "Not Found") }

// InvalidKey is Strapi's "Invalid key X" validation error for a query or body
// key, with the details shape Strapi's throwInvalidKey produces.
func InvalidKey(key, path, source, param string) *Error {
	msg := "Invalid key " + key
	var p any
	if path != "" && path != key {
		msg += " at " + trimLast(path)
	}
	if path != "" {
		p = path
	}
	return New(KindValidation, msg).WithDetails(map[string]any{
		"key": key, "path": p, "source": source, "param": param,
	})
}

// WithValid adds to an invalid key's details what may stand in its place:
// "valid", the keys valid there, in the order given (a fresh list, empty
// when nothing may), and "closest", the one of them the key most likely
// misspells (Closest), when one is near enough. Strapi's message and its
// key, path, source and param stay as they are.
func (e *Error) WithValid(key string, valid []string) *Error {
	if e.Details == nil {
		e.Details = map[string]any{}
	}
	e.Details["valid"] = append([]string{}, valid...)
	if c := Closest(key, valid); c != "" {
		e.Details["closest"] = c
	}
	return e
}

// WithReason adds to an error's details a short reason, for a key that
// names something real but may not stand where it was written (a relation
// the caller may not read, a relation among fields).
func (e *Error) WithReason(reason string) *Error {
	if e.Details == nil {
		e.Details = map[string]any{}
	}
	e.Details["reason"] = reason
	return e
}

// maxSuggested is the longest key Closest compares: no name is that long,
// and the distance costs the product of the lengths.
const maxSuggested = 64

// Closest is the name key most likely misspells: the nearest by edit
// distance (Levenshtein, ignoring case), when it is at most a third of
// the key's length away (at least 2) and nearer than the key is long, so
// that a short key is not "corrected" into an unrelated name; the first
// of equally near ones; "" when none is near.
func Closest(key string, names []string) string {
	n := utf8.RuneCountInString(key)
	if n == 0 || n > maxSuggested {
		return ""
	}
	best, bestD := "", max(2, n/3)+1
	lower := strings.ToLower(key)
	for _, name := range names {
		if d := levenshtein.ComputeDistance(lower, strings.ToLower(name)); d < bestD && d < n {
			best, bestD = name, d
		}
	}
	return best
}

// PendingField is the 400 for a field the server cannot serve until a
// pending schema change is migrated (schema.Attribute.Pending), with
// InvalidKey's details. What the change is goes to the log, not to the
// client: it names tables.
func PendingField(key, path, source, param string) *Error {
	e := InvalidKey(key, path, source, param)
	e.Message = "Field " + key + " is unavailable until a pending schema change is applied"
	return e
}

// trimLast drops the last dotted segment of path: "author.foo" -> "author".
func trimLast(path string) string {
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '.' {
			return path[:i]
		}
	}
	return path
}

// FieldError is one failing field of a validation error (Strapi's
// details.errors[] entry).
type FieldError struct {
	Path    []string `json:"path"`
	Message string   `json:"message"`
	Name    string   `json:"name"`
	Value   any      `json:"value,omitempty"`
}

// Field is the error of one field of a body, named by its key at the top
// level: Strapi's path of one key, and the name every field error has,
// ValidationError.
func Field(name, message string) FieldError { return FieldAt([]string{name}, message) }

// FieldAt is Field for a value deeper in a body, path its keys down to it
// (["learners", "2"]), or nil when no field is to blame.
func FieldAt(path []string, message string) FieldError {
	return FieldError{Path: path, Message: message, Name: "ValidationError"}
}

// WithValue returns fe echoing the value refused (Fields makes a number
// too large for a double its text).
func (fe FieldError) WithValue(v any) FieldError {
	fe.Value = v
	return fe
}

// Null is the value of a field error that echoes a null sent: it is
// written "value": null, where a nil Value is no value at all (a field
// left out). Strapi's validator echoes what it refused, null included.
var Null = null{}

type null struct{}

func (null) MarshalJSON() ([]byte, error) { return []byte("null"), nil }

// Fields builds the ValidationError Strapi answers for failing fields: a
// single error carries its own message, several say "N errors occurred".
func Fields(list []FieldError) *Error {
	for i := range list {
		list[i].Value = echoable(list[i].Value)
	}
	msg := fmt.Sprintf("%d errors occurred", len(list))
	if len(list) == 1 {
		msg = list[0].Message
	}
	return New(KindValidation, msg).WithDetails(map[string]any{"errors": list})
}

// echoable is a refused value as the answer may echo it: a number too
// large for a double (1e700) becomes its text, since most JSON readers
// (Go's among them) cannot read it back as a number.
func echoable(v any) any {
	n, ok := v.(json.Number)
	if !ok {
		return v
	}
	if f, err := strconv.ParseFloat(string(n), 64); err != nil || math.IsInf(f, 0) {
		return string(n)
	}
	return v
}
