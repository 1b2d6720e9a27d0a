package report_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// necessityCase is a generated necessity dataset: 70 requests with three
// candidate facets, each judged by three or four annotators (policy min
// 3), who say yes with chance 0.6 and then pick a facet (or none); and a
// model's labels for every request, necessity and facet.
type necessityCase struct {
	requests, labels, run string
	votes                 map[string][]string // request -> each annotator's necessity
	facets                map[string][]string // request -> the facets the yes-voters chose
}

func makeNecessityCase(seed uint64) necessityCase {
	rng := rand.New(rand.NewPCG(seed, 7))
	c := necessityCase{votes: map[string][]string{}, facets: map[string][]string{}}
	var req, lab, run strings.Builder
	lab.WriteString(data.LabelsHeader + "\n")
	run.WriteString("item unit label\n")
	facet := func() string {
		if k := rng.IntN(4); k > 0 {
			return fmt.Sprint(k)
		}
		return "none"
	}
	for i := range 70 {
		id := fmt.Sprintf("r%02d", i)
		fmt.Fprintf(&req, `{"id": %q, "request": "request %d", "facets": ["a", "b", "c"]}`+"\n", id, i)
		for a := range 3 + rng.IntN(2) {
			who := fmt.Sprintf("ann%d", a)
			at := fmt.Sprintf("2026-11-01T00:%02d:%02d.000Z", i%60, a)
			v := "no"
			if rng.Float64() < 0.6 {
				v = "yes"
			}
			c.votes[id] = append(c.votes[id], v)
			fmt.Fprintf(&lab, "%s\tnecessity\t%s\t%s\t%s\t%s\t3\n", id, who, v, at, at)
			if v == "yes" {
				f := facet()
				c.facets[id] = append(c.facets[id], f)
				fmt.Fprintf(&lab, "%s\tfacet\t%s\t%s\t%s\t%s\t3\n", id, who, f, at, at)
			}
		}
		fmt.Fprintf(&run, "%s necessity %s\n%s facet %s\n", id, []string{"yes", "no"}[rng.IntN(2)], id, facet())
	}
	c.requests, c.labels, c.run = req.String(), lab.String(), run.String()
	return c
}

// majorityOf is the label most votes give, or "" on a tie for the most.
func majorityOf(votes []string) string {
	n := map[string]int{}
	for _, v := range votes {
		n[v]++
	}
	if best, ok := plurality(n); ok {
		return best
	}
	return ""
}

// plurality is the key with the most counts, ok false when none has any or
// two tie for the most: claritty's majority rule, as the README defines
// it, counted here apart from the code under test.
func plurality[K comparable](counts map[K]int) (best K, ok bool) {
	top, tied := 0, false
	for v, k := range counts {
		switch {
		case k > top:
			best, top, tied = v, k, false
		case k == top:
			tied = true
		}
	}
	return best, top > 0 && !tied
}

// The facet is asked only after a yes: it rests on the yes-voters, so a
// request with the policy's min of finished HITs is exported whatever its
// no votes; its facet has gold only where the necessity gold is yes; and
// bench scores facet predictions on exactly the facet golds the export
// gives. Every expectation is recomputed here from the generated votes.
func TestNecessityFacetAskedAfterYes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	dir := t.TempDir()
	c := makeNecessityCase(29)
	for _, f := range []struct{ name, body string }{{"nec.jsonl", c.requests}, {"labels.tsv", c.labels}} {
		if _, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), datatest.WriteFile(t, filepath.Join(dir, f.name), f.body), data.Options{Dataset: "nec"}); err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
	}
	if _, err := data.AddRunBytes(ctx, st, storetest.Lead(t, st), []byte(c.run), "model.run",
		data.RunOptions{Kind: store.RunLabels, Name: "model", Dataset: "nec", RunKinds: runKinds(t, st)}); err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "nec")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	sum, err := data.WriteChoiceGold(st.Protocol(d.Kind))(ctx, storetest.ReadGold(t, st, d.ID), &out, report.ReleaseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Written != 70 || sum.Insufficient != 0 {
		t.Errorf("every request has 3 or 4 finished HITs: %+v, want all 70 written", sum)
	}
	type gold struct {
		Label      *string `json:"label"`
		Provenance string  `json:"provenance"`
	}
	model := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(c.run), "\n")[1:] {
		f := strings.Fields(l)
		model[f[0]+" "+f[1]] = f[2]
	}
	right, n := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r struct {
			ID        string `json:"id"`
			Necessity gold   `json:"necessity"`
			Facet     *gold  `json:"facet"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatal(err)
		}
		nec := majorityOf(c.votes[r.ID])
		if got := r.Necessity.Label; (got == nil) != (nec == "") || got != nil && *got != nec {
			t.Errorf("%s necessity %v, want the majority of %v", r.ID, got, c.votes[r.ID])
		}
		if nec != "yes" {
			if r.Facet != nil {
				t.Errorf("%s: necessity gold %q, yet a facet %+v", r.ID, nec, *r.Facet)
			}
			continue
		}
		want := majorityOf(c.facets[r.ID])
		if r.Facet == nil || r.Facet.Provenance == "insufficient" || (r.Facet.Label == nil) != (want == "") ||
			r.Facet.Label != nil && *r.Facet.Label != want {
			t.Errorf("%s facet %+v, want the majority of the yes-voters' %v, settled", r.ID, r.Facet, c.facets[r.ID])
			continue
		}
		if want != "" {
			n++
			if model[r.ID+" facet"] == want {
				right++
			}
		}
	}
	scores, err := report.ScoreRuns(ctx, storetest.ReadGold(t, st, d.ID), d, benchRuns(t, st, d), report.ScoreOptions{})
	if err != nil || len(scores) != 1 {
		t.Fatalf("scores %+v %v", scores, err)
	}
	for _, ts := range scores[0].ByType {
		if ts.Type == "facet" && (ts.N != n || ts.Accuracy.X != float64(right)/float64(n)) {
			t.Errorf("facet accuracy %v over %d, want %d of %d (the exported golds)", ts.Accuracy.X, ts.N, right, n)
		}
	}
}
