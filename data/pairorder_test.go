package data

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// A request's pairs come out of a file in the order of their systems'
// names; the import numbers them in an order of its own drawing, so a
// pair's number (the queue, the HIT header, the order HITs are handed out
// in) says nothing of its systems. Requests keep the file's order.
func TestPairNumbersSayNothingOfSystems(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	st.Sides = rand.New(rand.NewPCG(3, 4)) // the same draws every run
	const requests = 40
	var b strings.Builder
	for k := range requests {
		fmt.Fprintf(&b, `{"id": "r%02d", "request": "question %d", "outputs": {"alpha": "a", "beta": "b", "gamma": "c"}}`+"\n", k, k)
	}
	if _, err := testImport(ctx, st, lead(t, st), strings.NewReader(b.String()), "trio.jsonl", Options{Dataset: "trio"}); err != nil {
		t.Fatal(err)
	}
	d, _ := st.DatasetByName(ctx, "trio")
	var order []string // uids by seq
	st.EachItem(ctx, d.ID, func(it store.Item) error { order = append(order, it.UID); return nil })
	if len(order) != 3*requests {
		t.Fatalf("%d pairs", len(order))
	}
	firsts := map[string]int{} // which pair of a request comes first
	for k := range requests {
		group := order[3*k : 3*k+3]
		for _, uid := range group {
			if !strings.HasPrefix(uid, fmt.Sprintf("r%02d/", k)) {
				t.Fatalf("request %d's numbers hold %v", k, group)
			}
		}
		firsts[strings.SplitN(group[0], "/", 2)[1]]++
	}
	// In the file's order alpha/beta would always come first; drawn, each
	// pair comes first about a third of the time (in 40 draws fewer than
	// twice for one of the three about once in 170,000 seeds).
	for _, p := range []string{"alpha/beta", "alpha/gamma", "beta/gamma"} {
		if firsts[p] < 2 {
			t.Errorf("%s came first in %d of %d requests: %v", p, firsts[p], requests, firsts)
		}
	}
}
