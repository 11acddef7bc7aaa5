package auth

import (
	"os"
	"testing"
)

// TestRoleLimits: every role of the shipped config/permissions.yaml, with
// roles of their own limits added, under server limits below, between and
// above the cautious defaults (and unset), gets the limits the rule of
// docs/permissions.md gives, written out here apart: a role's own limit
// where it sets one; else 5,000 entries and 4 MiB for public and
// authenticated (or the server's, when smaller) and the server's for the
// others; a role the file does not define is treated as the public.
func TestRoleLimits(t *testing.T) {
	shipped, err := os.ReadFile("../../config/permissions.yaml")
	if err != nil {
		t.Fatal(err)
	}
	extra := `
  rows-only: {limits: {maxAnswerRows: 7}}
  bytes-only: {limits: {maxAnswerBytes: 2048}}
  both: {limits: {maxAnswerRows: 30000, maxAnswerBytes: 33554432}}
`
	own := map[string][2]int{"rows-only": {7, 0}, "bytes-only": {0, 2048}, "both": {30000, 32 << 20}}
	p, err := ParsePolicy(append(shipped, extra...))
	if err != nil {
		t.Fatal(err)
	}
	roles := []string{"nobody"} // not in the file
	for _, r := range p.Roles() {
		roles = append(roles, r.Type)
	}
	if len(roles) < 9 {
		t.Fatalf("roles: %v", roles)
	}
	for _, server := range []Limits{{}, {1000, 1 << 20}, {5000, 4 << 20}, {8000, 64 << 10}, {20000, 16 << 20}, {100000, 64 << 20}} {
		for _, role := range roles {
			want := server
			if role == Public || role == Authenticated || role == "nobody" {
				want = Limits{5000, 4 << 20}
				if server.MaxAnswerRows > 0 && server.MaxAnswerRows < 5000 {
					want.MaxAnswerRows = server.MaxAnswerRows
				}
				if server.MaxAnswerBytes > 0 && server.MaxAnswerBytes < 4<<20 {
					want.MaxAnswerBytes = server.MaxAnswerBytes
				}
			}
			if o := own[role]; o[0] > 0 {
				want.MaxAnswerRows = o[0]
			}
			if o := own[role]; o[1] > 0 {
				want.MaxAnswerBytes = o[1]
			}
			if got := p.Limits(role, server); got != want {
				t.Errorf("server %+v, role %s: %+v, want %+v", server, role, got, want)
			}
		}
	}
}
