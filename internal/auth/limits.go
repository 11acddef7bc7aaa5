package auth

// Limits bound one answer: the entries it holds (populated ones counted
// each time they appear) and its bytes. Zero in a field means "not set".
type Limits struct {
	MaxAnswerRows  int
	MaxAnswerBytes int
}

// CautiousLimits are the answer limits of the public and authenticated
// roles when config/permissions.yaml gives them none: the roles anyone
// can have (authenticated is every new user's, and registration may be
// open), so one request of theirs stays small. They are lowered to the
// server's own limits (api.yaml) when those are smaller.
var CautiousLimits = Limits{MaxAnswerRows: 5000, MaxAnswerBytes: 4 << 20}

// The least a role's limits may be, as api.yaml's: an answer holds at
// least one entry, and an error envelope fits in 1 KiB.
const (
	minAnswerRows  = 1
	minAnswerBytes = 1024
)

// Limits are the answer limits of a role's requests: what the role's
// `limits` in the file set; for what it leaves out, CautiousLimits
// (lowered to server's) for public, authenticated and a role the file
// does not define, and server's (api.yaml's maxAnswerRows and
// maxAnswerBytes) for every other role. API tokens have no role and take
// server's.
func (p *Policy) Limits(roleType string, server Limits) Limits {
	out := server
	r := p.by[roleType]
	if r == nil || roleType == Public || roleType == Authenticated {
		out = Limits{MaxAnswerRows: cautious(CautiousLimits.MaxAnswerRows, server.MaxAnswerRows),
			MaxAnswerBytes: cautious(CautiousLimits.MaxAnswerBytes, server.MaxAnswerBytes)}
	}
	if r != nil && r.limits.MaxAnswerRows > 0 {
		out.MaxAnswerRows = r.limits.MaxAnswerRows
	}
	if r != nil && r.limits.MaxAnswerBytes > 0 {
		out.MaxAnswerBytes = r.limits.MaxAnswerBytes
	}
	return out
}

// cautious is a cautious default, lowered to the server's limit when that
// is set and smaller.
func cautious(def, server int) int {
	if server > 0 {
		return min(def, server)
	}
	return def
}
