package main

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"
)

// TestPairRoundsAlternatesAndTakesTheMedian: -pairs 3 drives the REST
// list and GraphQL's scenario 11 in turn, three rounds each and nothing
// else, and prints three ratios and their median; a server that answers
// GraphQL at once and REST after 10 ms shows GraphQL ahead in every round.
func TestPairRoundsAlternatesAndTakesTheMedian(t *testing.T) {
	var mu sync.Mutex
	var order []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		kind := "rest"
		if r.URL.Path == graphqlPath {
			kind = "graphql"
		}
		mu.Lock() // each request counted as it arrives
		if len(order) == 0 || order[len(order)-1] != kind {
			order = append(order, kind)
		}
		mu.Unlock()
		if kind == "rest" {
			time.Sleep(10 * time.Millisecond)
		}
		w.Write([]byte(`{}`))
	}))
	defer srv.Close()
	rest := scenario{n: 1, name: "1 list", kiln: "/api/programs?x=1"}
	list := []scenario{rest, gqlRead(11, "11 GraphQL list", gqlListQuery, 1, rest.kiln, listPairs),
		gqlRead(12, "12 GraphQL nested relation", gqlNestedQuery, 2, "/api/programs?y=2", nestedPairs)}
	o := options{duration: 200 * time.Millisecond, connections: 2, loader: loaderGo, pairs: 3, only: map[int]bool{1: true, 11: true}}
	out, err := printed(t, func() error { return pairRounds(o, srv.URL, "tok", list) })
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"rest", "graphql", "rest", "graphql", "rest", "graphql"}; !slices.Equal(order, want) {
		t.Errorf("driven in the order %v, want %v", order, want)
	}
	m := regexp.MustCompile(`11 GraphQL list +GraphQL/REST in 3 rounds, each beside the other: (\d+)% (\d+)% (\d+)% .*; median (\d+)%`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no line of three rounds: %q", out)
	}
	for _, p := range m[1:] {
		if v, _ := strconv.Atoi(p); v <= 100 {
			t.Errorf("a round at %s%%: GraphQL answers at once, REST after 10 ms (%q)", p, out)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{{[]float64{1}, 1}, {[]float64{1, 3}, 2}, {[]float64{0.8, 0.9, 1.4}, 0.9}, {[]float64{1, 2, 3, 10}, 2.5}} {
		if got := median(c.in); got != c.want {
			t.Errorf("median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}
