package rest

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// RawErrorAnswer is a whole HTTP/1.1 answer carrying the error envelope,
// for an answer given outside fiber: a connection refused at a cap before
// any request on it was parsed (internal/conns). It asks the client to retry
// after retryAfter seconds and closes the connection.
func RawErrorAnswer(status int, name, message string, retryAfter int) []byte {
	body, _ := json.Marshal(map[string]any{"data": nil, "error": map[string]any{
		"status": status, "name": name, "message": message, "details": map[string]any{}}})
	return fmt.Appendf(nil, "HTTP/1.1 %d %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n"+
		"Retry-After: %d\r\nConnection: close\r\nX-Content-Type-Options: nosniff\r\n\r\n%s",
		status, http.StatusText(status), len(body), retryAfter, body)
}
