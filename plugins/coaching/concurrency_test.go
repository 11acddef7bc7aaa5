package coaching_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/kiln-cms/kiln/internal/apptest"
)

// TestConcurrentAssignmentsNeverOverfill sends many assignments to one
// coach at the same moment over real connections — through the plugin's
// route and through the generated learner route alike — and checks that
// exactly the free places were taken. On PostgreSQL this is what the row
// lock is for: without it two transactions both see room and both write.
func TestConcurrentAssignmentsNeverOverfill(t *testing.T) {
	each(t, func(t *testing.T, h *apptest.Harness, p people) {
		base := h.Serve()
		const places, contenders = 3, 16
		for round, coach := range []int64{6, 4} {
			if r := h.Do("PUT", fmt.Sprint("/api/coaches/", coach), map[string]any{"data": map[string]any{"maxLearners": places}}); r.Status != 200 {
				t.Fatalf("setting maxLearners: %d %s", r.Status, r.Body)
			}
			var learners []int64
			for i := 0; i < contenders; i++ {
				learners = append(learners, h.Create("/api/learners", map[string]any{
					"name": fmt.Sprint("Contender ", round, "-", i), "email": fmt.Sprintf("c%d-%d@learner.test", round, i)}))
			}
			start := make(chan struct{})
			statuses := make([]int, contenders)
			var wg sync.WaitGroup
			for i, l := range learners {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					if i%2 == 0 {
						statuses[i] = send(base, h.AdminToken, "POST", fmt.Sprint("/api/coaches/", coach, "/learners"), map[string]any{"learners": []int64{l}})
					} else {
						statuses[i] = send(base, h.AdminToken, "PUT", fmt.Sprint("/api/learners/", l), map[string]any{"data": map[string]any{"coach": coach}})
					}
				}()
			}
			close(start)
			wg.Wait()
			ok, refused := 0, 0
			for i, st := range statuses {
				switch st {
				case 200:
					ok++
				case 400:
					refused++
				default:
					t.Errorf("round %d, request %d: status %d", round, i, st)
				}
			}
			var n int
			if err := h.App.DB.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM learners WHERE coach_id = ?", coach).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n != places || ok != places || refused != contenders-places {
				t.Errorf("round %d: coach %d has %d learners (max %d); %d requests succeeded, %d refused", round, coach, n, places, ok, refused)
			}
		}
	})
}

// send makes one request over the network and returns its status (0 when
// the request itself failed).
func send(base, token, method, path string, body any) int {
	raw, _ := json.Marshal(body)
	req, err := http.NewRequest(method, base+path, bytes.NewReader(raw))
	if err != nil {
		return 0
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0
	}
	resp.Body.Close()
	return resp.StatusCode
}
