package rest_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/kiln-cms/kiln/internal/apptest"
	"github.com/kiln-cms/kiln/internal/mail"
)

// people are the signed-in callers of the security tests, on top of the
// fixture: a coach user linked to coach 1 (Ada), a learner user linked to
// learner 1 (Li), and a user with no other role.
type people struct{ coach, learner, plain string }

func withPeople(t *testing.T, h *apptest.Harness) people {
	t.Helper()
	fixture(t, h)
	p := people{
		coach:   h.CreateUser("ada", "ada@users.test", "coach"),
		learner: h.CreateUser("lina", "li@users.test", "learner"),
		plain:   h.CreateUser("someone", "someone@users.test", "authenticated"),
	}
	// users: 1 admin, 2 ada, 3 li, 4 someone
	for _, link := range []struct{ path string }{{"/api/coaches/1"}, {"/api/learners/1"}} {
		uid := map[string]int{"/api/coaches/1": 2, "/api/learners/1": 3}[link.path]
		if r := h.Do("PUT", link.path, map[string]any{"data": map[string]any{"user": uid}}); r.Status != 200 {
			t.Fatalf("linking %s: %d %s", link.path, r.Status, r.Body)
		}
	}
	return p
}

func bearer(token string) []string { return []string{"Authorization", "Bearer " + token} }

var anon = []string{"Authorization", apptest.Anonymous}

// TestRoutesByRole sends each route with no token, a bad token, the wrong
// role and the right role.
func TestRoutesByRole(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		p := withPeople(t, h)
		bad := []string{"Authorization", "Bearer not.a.token"}
		cases := []struct {
			method, path string
			as           []string
			status       int
		}{
			{"GET", "/api/programs", anon, 401},
			{"GET", "/api/programs", bad, 401},
			{"GET", "/api/programs", bearer(p.plain), 200},
			{"GET", "/api/customers", bearer(p.learner), 403},
			{"GET", "/api/customers", bearer(p.coach), 403},
			{"GET", "/api/customers", nil, 200},
			{"POST", "/api/programs", bearer(p.learner), 403},
			{"DELETE", "/api/programs/4", bearer(p.coach), 403},
			{"GET", "/api/blueprints", anon, 200},
			{"GET", "/api/blueprints", bad, 401},
			{"GET", "/api/users/me", anon, 401},
			{"GET", "/api/users/me", bearer(p.learner), 200},
			{"GET", "/api/users", bearer(p.learner), 403},
			{"GET", "/api/users", nil, 200},
			{"GET", "/api/users/2", bearer(p.coach), 403},
			{"PUT", "/api/users/3", bearer(p.learner), 403},
			{"GET", "/api/users-permissions/roles", bearer(p.coach), 403},
			{"GET", "/api/users-permissions/roles", nil, 200},
			{"GET", "/api/events", bearer(p.plain), 403},
			{"GET", "/api/events", bearer(p.learner), 200},
			{"POST", "/api/auth/local", anon, 400},
		}
		for _, tc := range cases {
			var body any
			if tc.method == "POST" || tc.method == "PUT" {
				body = map[string]any{"data": map[string]any{"title": "x"}}
			}
			r := h.Do(tc.method, tc.path, body, tc.as...)
			if r.Status != tc.status {
				t.Errorf("%s %s as %v: %d, want %d: %s", tc.method, tc.path, tc.as, r.Status, tc.status, r.Body)
			}
			if r.Status >= 400 {
				st, name, _ := errorOf(t, r)
				want := map[int]string{400: "ValidationError", 401: "UnauthorizedError", 403: "ForbiddenError"}[tc.status]
				if st != tc.status || name != want {
					t.Errorf("%s %s: error %d %s, want %s", tc.method, tc.path, st, name, want)
				}
			}
		}
		roles := h.Do("GET", "/api/users-permissions/roles", nil).JSON(t)["roles"].([]any)
		admin := roles[4].(map[string]any)
		if len(roles) != 5 || admin["type"] != "admin" || admin["nb_users"] != json.Number("1") || admin["name"] != "Admin" {
			t.Errorf("roles: %v", roles)
		}
	})
}

// TestTokenAttacksOverHTTP: forged, expired and orphaned tokens are 401.
func TestTokenAttacksOverHTTP(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		p := withPeople(t, h)
		secret := []byte(h.App.Config.Auth.JWTSecret)
		sign := func(m jwt.SigningMethod, key any, claims jwt.MapClaims) string {
			s, _ := jwt.NewWithClaims(m, claims).SignedString(key)
			return s
		}
		now := time.Now()
		claims := func(id int, exp time.Time) jwt.MapClaims {
			return jwt.MapClaims{"id": id, "iat": now.Unix(), "exp": exp.Unix()}
		}
		none := strings.Join([]string{
			"eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0",
			strings.TrimRight(base64URL(fmt.Sprintf(`{"id":1,"iat":%d,"exp":%d}`, now.Unix(), now.Add(time.Hour).Unix())), "="), ""}, ".")
		// Block the plain user, and delete another one.
		h.Do("PUT", "/api/users/4", map[string]any{"blocked": true})
		gone := h.CreateUser("gone", "gone@users.test", "authenticated")
		h.Do("DELETE", "/api/users/5", nil)
		cases := map[string]struct {
			token, message string
		}{
			"alg none":     {none, "Missing or invalid credentials"},
			"HS512":        {sign(jwt.SigningMethodHS512, secret, claims(1, now.Add(time.Hour))), "Missing or invalid credentials"},
			"other secret": {sign(jwt.SigningMethodHS256, []byte("x-other-secret-x-other-secret-xx"), claims(1, now.Add(time.Hour))), "Missing or invalid credentials"},
			"expired":      {sign(jwt.SigningMethodHS256, secret, claims(1, now.Add(-time.Hour))), "Missing or invalid credentials"},
			"blocked user": {p.plain, "Invalid credentials"},
			"deleted user": {gone, "Invalid credentials"},
			"no such user": {sign(jwt.SigningMethodHS256, secret, claims(999, now.Add(time.Hour))), "Invalid credentials"},
		}
		for name, tc := range cases {
			r := h.Do("GET", "/api/users/me", nil, bearer(tc.token)...)
			st, errName, msg := errorOf(t, r)
			if r.Status != 401 || st != 401 || errName != "UnauthorizedError" || msg != tc.message {
				t.Errorf("%s: %d %s %q, want 401 %q", name, r.Status, errName, msg, tc.message)
			}
		}
	})
}

func base64URL(s string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	var out strings.Builder
	b := []byte(s)
	for i := 0; i < len(b); i += 3 {
		var n uint32
		k := 0
		for j := 0; j < 3; j++ {
			n <<= 8
			if i+j < len(b) {
				n |= uint32(b[i+j])
				k++
			}
		}
		for j := 0; j <= k; j++ {
			out.WriteByte(alphabet[(n>>(18-6*uint(j)))&63])
		}
	}
	return out.String()
}

// TestPrivateFieldsNeverLeakOrAnswer: password and tokens can be neither
// read nor queried, through any syntax or relation.
func TestPrivateFieldsNeverLeakOrAnswer(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		withPeople(t, h)
		for _, path := range []string{
			"/api/users?filters[password][$startsWith]=$2",
			"/api/learners?filters[user][password][$startsWith]=$2",
			"/api/learners?filters[$or][0][user][password][$startsWith]=$2",
			"/api/learners?filters[user][resetPasswordToken][$null]=false",
			"/api/users?sort=password",
			"/api/learners?sort=user.password:asc",
			"/api/users?fields=password",
			"/api/learners?populate[user][fields][0]=password",
			"/api/learners?populate[user][filters][password][$startsWith]=$2",
		} {
			r := h.Do("GET", path, nil)
			if st, name, _ := errorOf(t, r); r.Status != 400 || st != 400 || name != "ValidationError" {
				t.Errorf("%s: %d %s", path, r.Status, r.Body)
			}
		}
		// An unknown top-level key is ignored, as Strapi ignores it: the
		// answer is the one without it (strict mode refuses it:
		// TestStrictParams).
		plain := h.Do("GET", "/api/learners", nil)
		if r := h.Do("GET", "/api/learners?where[user][password][$startsWith]=$2", nil); r.Status != 200 || !sameData(t, r, plain) {
			t.Errorf("where[...] is not ignored: %d %s", r.Status, r.Body)
		}
		for _, path := range []string{"/api/learners?populate=user", "/api/learners?populate=*", "/api/users", "/api/users/3",
			"/api/users/me", "/api/v1/learners?populate[user][populate]=*", "/api/coaches/1?populate[user][populate]=role"} {
			r := h.Do("GET", path, nil)
			if r.Status != 200 {
				t.Errorf("%s: %d %s", path, r.Status, r.Body)
			}
			for _, secret := range []string{"password", "resetPasswordToken", "confirmationToken", "$2a$"} {
				if strings.Contains(string(r.Body), secret) {
					t.Errorf("%s leaks %q: %s", path, secret, r.Body)
				}
			}
		}
	})
}

// TestOwnership: a learner and a coach see and change only their own
// records, whatever their filters say.
func TestOwnership(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		p := withPeople(t, h)
		li := bearer(p.learner)
		ada := bearer(p.coach)
		check := func(as []string, path string, want []int) {
			t.Helper()
			r := h.Do("GET", path, nil, as...)
			if r.Status != 200 {
				t.Errorf("%s: %d %s", path, r.Status, r.Body)
				return
			}
			if got := ids(t, r); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: ids %v, want %v", path, got, want)
			}
		}
		check(li, "/api/learners", []int{1})
		check(li, "/api/learners?filters[id][$eq]=2", []int{})
		check(li, "/api/events", []int{1})
		check(li, "/api/events?filters[learners][id][$eq]=3", []int{})
		check(li, "/api/events?filters[$or][0][id][$eq]=2&filters[$or][1][id][$eq]=1", []int{1})
		check(ada, "/api/learners", []int{1})
		check(ada, "/api/events", []int{1})
		check(ada, "/api/coaches", []int{1})
		if r := h.Do("GET", "/api/learners/2", nil, li...); r.Status != 404 {
			t.Errorf("learner reading another learner: %d", r.Status)
		}
		// Populating learners of an event shows only what the learner may see.
		r := h.Do("GET", "/api/events/1?populate=learners", nil, li...)
		if got := relIDs(t, r, "learners"); !reflect.DeepEqual(got, []int{1}) {
			t.Errorf("learner populating event learners: %v, want [1]", got)
		}
		// A coach cannot touch another coach's event, nor make one for them.
		if r := h.Do("PUT", "/api/events/2", map[string]any{"data": map[string]any{"title": "mine now"}}, ada...); r.Status != 404 {
			t.Errorf("coach updating another coach's event: %d %s", r.Status, r.Body)
		}
		// Another coach is, to Ada, a coach that does not exist: the same 400
		// and message as for an id nobody has.
		forCoach := func(method, path string, coach int) *apptest.Response {
			data := map[string]any{"coach": coach}
			if method == "POST" {
				data = map[string]any{"title": "for someone", "startAt": "2026-09-01T10:00:00Z", "endAt": "2026-09-01T11:00:00Z", "coach": coach}
			}
			return h.Do(method, path, map[string]any{"data": data}, ada...)
		}
		for _, w := range []struct{ method, path string }{{"POST", "/api/events"}, {"PUT", "/api/events/1"}} {
			other, none := forCoach(w.method, w.path, 2), forCoach(w.method, w.path, 999)
			if st, name, msg := errorOf(t, other); st != 400 || name != "ValidationError" || other.Status != 400 ||
				msg != strings.Replace(errorMessage(t, none), "999", "2", 1) {
				t.Errorf("coach %s %s for another coach: %d %s (none: %s)", w.method, w.path, other.Status, other.Body, none.Body)
			}
		}
		// An event without a coach would not be Ada's either: refused.
		r = h.Do("POST", "/api/events", map[string]any{"data": map[string]any{"title": "nobody's", "startAt": "2026-09-01T10:00:00Z",
			"endAt": "2026-09-01T11:00:00Z"}}, ada...)
		if st, name, _ := errorOf(t, r); r.Status != 403 || st != 403 || name != "ForbiddenError" {
			t.Errorf("coach creating an event that is not theirs: %d %s", r.Status, r.Body)
		}
		r = h.Do("POST", "/api/events", map[string]any{"data": map[string]any{"title": "mine", "startAt": "2026-09-01T10:00:00Z",
			"endAt": "2026-09-01T11:00:00Z", "coach": 1}}, ada...)
		if r.Status != 201 {
			t.Errorf("coach creating their own event: %d %s", r.Status, r.Body)
		}
		if n := ids(t, h.Do("GET", "/api/events", nil)); len(n) != 3 {
			t.Errorf("events after the refused writes: %v, want 3 (nothing written by the refused ones)", n)
		}
	})
}

// errorMessage is the message of an error answer.
func errorMessage(t *testing.T, r *apptest.Response) string {
	t.Helper()
	_, _, msg := errorOf(t, r)
	return msg
}

// capture keeps the mails it is given. Reset mails are sent in the
// background: read sent after Accounts.WaitMail.
type capture struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (c *capture) Send(_ context.Context, m mail.Message) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent = append(c.sent, m)
	return nil
}

// TestSignInAndPasswords: sign-in answers, the same error for an unknown
// e-mail and a wrong password, registration rules, change and reset.
func TestSignInAndPasswords(t *testing.T) {
	t.Parallel()
	apptest.Each(t, func(t *testing.T, h *apptest.Harness) {
		withPeople(t, h)
		login := func(id, pw string) *apptest.Response {
			return h.Do("POST", "/api/auth/local", map[string]any{"identifier": id, "password": pw}, anon...)
		}
		unknown, wrong := login("nobody@users.test", "Passw0rd!"), login("li@users.test", "nope-nope")
		if unknown.Status != 400 || string(unknown.Body) != string(wrong.Body) {
			t.Errorf("unknown e-mail and wrong password differ:\n%s\n%s", unknown.Body, wrong.Body)
		}
		if _, _, msg := errorOf(t, wrong); msg != "Invalid identifier or password" {
			t.Errorf("message %q", msg)
		}
		ok := login("LI@users.test", "Passw0rd!")
		m := ok.JSON(t)
		user, _ := m["user"].(map[string]any)
		if ok.Status != 200 || m["jwt"] == nil || user["username"] != "lina" || user["password"] != nil || user["role"] != nil {
			t.Fatalf("login: %d %s", ok.Status, ok.Body)
		}
		token := m["jwt"].(string)
		me := h.Do("GET", "/api/users/me?populate=role", nil, bearer(token)...).JSON(t)
		if me["email"] != "li@users.test" || me["role"].(map[string]any)["type"] != "learner" {
			t.Errorf("me: %v", me)
		}
		// Registration is off by default, and never takes a role when on.
		r := h.Do("POST", "/api/auth/local/register", map[string]any{"username": "new", "email": "new@x.test", "password": "Passw0rd!"}, anon...)
		if _, _, msg := errorOf(t, r); r.Status != 400 || msg != "Register action is currently disabled" {
			t.Errorf("register while disabled: %d %s", r.Status, r.Body)
		}
		h.App.Accounts.Registration = true
		r = h.Do("POST", "/api/auth/local/register", map[string]any{"username": "new", "email": "new@x.test", "password": "Passw0rd!", "role": 5, "confirmed": true}, anon...)
		if _, _, msg := errorOf(t, r); r.Status != 400 || msg != "Invalid parameters: confirmed, role" {
			t.Errorf("register with a role: %d %s", r.Status, r.Body)
		}
		r = h.Do("POST", "/api/auth/local/register", map[string]any{"username": "new", "email": "New@x.test", "password": "Passw0rd!"}, anon...)
		if r.Status != 200 || r.JSON(t)["user"].(map[string]any)["email"] != "new@x.test" {
			t.Errorf("register: %d %s", r.Status, r.Body)
		}
		r = h.Do("GET", "/api/users/me?populate=role", nil, bearer(r.JSON(t)["jwt"].(string))...)
		if r.JSON(t)["role"].(map[string]any)["type"] != "authenticated" {
			t.Errorf("registered user's role: %s", r.Body)
		}
		// Change password.
		r = h.Do("POST", "/api/auth/change-password", map[string]any{"currentPassword": "wrong-one", "password": "N3w-password", "passwordConfirmation": "N3w-password"}, bearer(token)...)
		if _, _, msg := errorOf(t, r); msg != "The provided current password is invalid" {
			t.Errorf("change with a wrong current password: %s", r.Body)
		}
		r = h.Do("POST", "/api/auth/change-password", map[string]any{"currentPassword": "Passw0rd!", "password": "N3w-password", "passwordConfirmation": "N3w-password"}, bearer(token)...)
		if r.Status != 200 || login("lina", "N3w-password").Status != 200 || login("lina", "Passw0rd!").Status != 400 {
			t.Errorf("change password: %d %s", r.Status, r.Body)
		}
		// Forgot and reset: the same answer for known and unknown addresses; the
		// mailed code works once.
		mails := &capture{}
		h.App.Accounts.Mailer = mails
		for _, email := range []string{"li@users.test", "nobody@users.test"} {
			r := h.Do("POST", "/api/auth/forgot-password", map[string]any{"email": email}, anon...)
			if r.Status != 200 || string(r.Body) != `{"ok":true}` {
				t.Errorf("forgot %s: %d %s", email, r.Status, r.Body)
			}
		}
		h.App.Accounts.WaitMail()
		if len(mails.sent) != 1 || mails.sent[0].To != "li@users.test" {
			t.Fatalf("mails: %+v", mails.sent)
		}
		link := mails.sent[0].Text[strings.Index(mails.sent[0].Text, "http"):]
		u, _ := url.Parse(strings.TrimSpace(link))
		code := u.Query().Get("code")
		reset := func(code string) *apptest.Response {
			return h.Do("POST", "/api/auth/reset-password", map[string]any{"code": code, "password": "R3set-password", "passwordConfirmation": "R3set-password"}, anon...)
		}
		if r := reset("not-the-code"); r.Status != 400 {
			t.Errorf("reset with a wrong code: %d", r.Status)
		}
		if r := reset(code); r.Status != 200 || login("lina", "R3set-password").Status != 200 {
			t.Errorf("reset: %d %s", r.Status, r.Body)
		}
		if r := reset(code); r.Status != 400 {
			t.Errorf("a reset code works only once: %d", r.Status)
		}
	})
}
