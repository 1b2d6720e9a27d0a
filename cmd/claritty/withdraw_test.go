package main

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// gatedStudy is the ClariQ-style study of issue 43 (datatest.ClariQGated:
// need 1–4, ask 0/1, each question's usefulness 1–3 after a yes, clear
// 0/1, why after "not clear"): scales of three sizes, one of them
// starting at 0, each agreement figure on its own.
func gatedStudy() string {
	return strings.Replace(datatest.ClariQGated, `name = "clariq-gated"`, `name = "clariq-study"`, 1)
}

// study is what the labels of the gated study should be, worked out here
// by hand and never read back from claritty: each (request, unit,
// annotator)'s label, and the HITs left open.
type study struct {
	labels map[studyKey]int
	open   map[[2]string]bool // (request seq, annotator)
}

type studyKey struct {
	seq       int
	unit, who string
}

const (
	studyNo, studyYes = 0, 1
	studyRequests     = 6
)

var studyPeople = []string{"ana", "bo", "cy"}

// newStudy keys every request as each annotator: need, ask yes, each
// question's usefulness, clear (no for every other), and why after a no.
func newStudy() *study {
	s := &study{labels: map[studyKey]int{}, open: map[[2]string]bool{}}
	for i := range studyRequests {
		for a, who := range studyPeople {
			s.labels[studyKey{i + 1, "need", who}] = 1 + (i+a)%4
			s.labels[studyKey{i + 1, "ask", who}] = studyYes
			for q := range 2 + i%2 {
				s.labels[studyKey{i + 1, fmt.Sprintf("usefulness_%d", q+1), who}] = 1 + (i+q+a)%3
			}
			clear := studyYes - (i+a)%2
			s.labels[studyKey{i + 1, "clear", who}] = clear
			if clear == studyNo {
				s.labels[studyKey{i + 1, "why", who}] = 1 + a
			}
		}
	}
	return s
}

// change sets an answer and takes away, by the protocol as the docs write
// it, what waited for its old value.
func (s *study) change(seq int, who, unit string, v int) {
	s.labels[studyKey{seq, unit, who}] = v
	gone := func(k studyKey) bool {
		switch {
		case k.seq != seq || k.who != who:
			return false
		case strings.HasPrefix(k.unit, "usefulness_") || k.unit == "clear":
			return s.labels[studyKey{seq, "ask", who}] != studyYes
		case k.unit == "why":
			c, ok := s.labels[studyKey{seq, "clear", who}]
			return !ok || c != studyNo
		}
		return false
	}
	for range 2 { // the chain is two deep
		maps.DeleteFunc(s.labels, func(k studyKey, _ int) bool { return gone(k) })
	}
}

// votes are the settled labels of each (request, unit): of finished HITs.
func (s *study) votes() map[[2]string]map[int]int {
	out := map[[2]string]map[int]int{}
	for k, v := range s.labels {
		if s.open[[2]string{strconv.Itoa(k.seq), k.who}] {
			continue
		}
		u := [2]string{strconv.Itoa(k.seq), k.unit}
		if out[u] == nil {
			out[u] = map[int]int{}
		}
		out[u][v]++
	}
	return out
}

// unitType is a unit's step: usefulness_2 is usefulness.
func unitType(unit string) string {
	if t, n, ok := strings.Cut(unit, "_"); ok {
		if _, err := strconv.Atoi(n); err == nil {
			return t
		}
	}
	return unit
}

// Issue 43, point 2, through the built binary: three annotators label the
// ClariQ-style gated study; answers change by every route (keyed as the
// screen keys them, a lead's labels merge, an annotator's merge over SSH,
// a no turned back to yes) and an adjudicator decides a tie. No withdrawn
// label is left in any export (labels, with text, pseudonymized, gold,
// the protocol's own file), nor in any figure (stats, agree's votes and
// observed agreement, the HTML report, the adjudication queue), and check
// passes; each is held to the labels worked out by hand.
func TestGatedStudyLeavesNoWithdrawnLabel(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	bin := binary(t)
	toml := write("study.toml", gatedStudy())
	if r := runBin(t, bin, db, "import", "--protocol", toml, "--min", "3", "--max", "3", "--dataset", "cq",
		write("cq.tsv", datatest.ClariQGatedRows(studyRequests))); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "cq")
	if err != nil {
		t.Fatal(err)
	}
	uids, items := map[string]int{}, map[int]store.Item{}
	for seq := 1; seq <= studyRequests; seq++ {
		it := storetest.ItemAt(t, st, ds.ID, seq)
		uids[it.UID], items[seq] = seq, it
	}
	want := newStudy()
	var first strings.Builder
	first.WriteString("item\tunit\tannotator\tlabel\tupdated_at\n")
	for _, k := range slices.SortedFunc(maps.Keys(want.labels), func(a, b studyKey) int {
		return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
	}) {
		fmt.Fprintf(&first, "%s\t%s\t%s\t%d\t2026-01-01T10:00:00Z\n", items[k.seq].UID, k.unit, k.who, want.labels[k])
	}
	st.Close()
	if r := runBin(t, bin, db, "import", "--format", "labels", write("first.tsv", first.String())); r.code != 0 ||
		!strings.Contains(r.stderr, "18 HITs finished") {
		t.Fatalf("the three annotators' labels: %+v", r)
	}

	// ana's no on request 1, keyed as the screen keys it; on request 5 a
	// no, then a yes again: the HIT is open, its usefulness not back.
	st, err = store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ seq, v int }{{1, studyNo}, {5, studyNo}, {5, studyYes}} {
		v := c.v
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: items[c.seq].ID, AnnotatorID: ana.ID, Unit: "ask", Value: &v}); err != nil {
			t.Fatal(err)
		}
		want.change(c.seq, "ana", "ask", c.v)
	}
	want.open[[2]string{"5", "ana"}] = true
	st.Close()

	// bo's no on request 2, in a lead's merge.
	if r := runBin(t, bin, db, "import", "--format", "labels", write("bo.tsv",
		"item\tunit\tannotator\tlabel\n"+items[2].UID+"\task\tbo\t0\n")); r.code != 0 ||
		!strings.Contains(r.stderr, "4 labels withdrawn") {
		t.Errorf("bo's no, merged: %+v", r)
	}
	want.change(2, "bo", "ask", studyNo)

	// cy's clear turned to yes on request 4, merged over SSH with cy's
	// key: the why that waited for the no goes.
	signer, pub := sshKey(t, dir, "cy")
	if r := runBin(t, bin, db, "annotators", "cy", "--key-file", pub); r.code != 0 {
		t.Fatalf("cy's key: %+v", r)
	}
	srv := startServe(t, db)
	cy, err := sshDial(t, srv.addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer cy.Close()
	if r := sshRun(t, cy, "item\tunit\tannotator\tlabel\n"+items[4].UID+"\tclear\tcy\t1\n", "import --format labels -"); r.code != 0 ||
		!strings.Contains(r.stderr, "1 label withdrawn: the file changed the answer it waited for") {
		t.Errorf("cy's clear over SSH: %+v", r)
	}
	want.change(4, "cy", "clear", studyYes)

	// An adjudicator decides request 1's first usefulness, now bo's and
	// cy's alone.
	if r := runBin(t, bin, db, "annotators", "eve", "--role", "adjudicator"); r.code != 0 {
		t.Fatalf("eve: %+v", r)
	}
	st, err = store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	eve, err := st.Actor(ctx, "eve", "")
	if err != nil {
		t.Fatal(err)
	}
	three := 3
	if err := st.Adjudicate(ctx, items[1].ID, "usefulness_1", &three, eve, "test"); err != nil {
		t.Fatal(err)
	}
	queue, err := st.AdjudicationQueue(ctx, ds.ID, eve, true)
	if err != nil {
		t.Fatal(err)
	}
	st.Close()
	votes := want.votes()
	for _, d := range queue {
		if got, w := voteString(d.Votes), countString(votes[[2]string{strconv.Itoa(d.Item.Seq), d.Unit}]); got != w {
			t.Errorf("adjudication queue, request %d %s: votes %s, want %s", d.Item.Seq, d.Unit, got, w)
		}
	}

	// Every label export: the labels as worked out, no more.
	wantRows := map[string]bool{}
	for k, v := range want.labels {
		wantRows[fmt.Sprintf("%d %s %s %d", k.seq, k.unit, k.who, v)] = true
	}
	for _, args := range [][]string{{"--format", "labels"}, {"--format", "labels", "--with-text"}} {
		r := runBin(t, bin, db, append([]string{"export", "--dataset", "cq"}, args...)...)
		got := map[string]bool{}
		for _, l := range tsvRows(t, r) {
			got[fmt.Sprintf("%d %s %s %s", uids[l[0]], l[1], l[2], l[3])] = true
		}
		if !maps.Equal(got, wantRows) {
			t.Errorf("export %v: %d rows, want %d; extra %v, missing %v", args, len(got), len(wantRows), without(got, wantRows), without(wantRows, got))
		}
	}
	r := runBin(t, bin, db, "export", "--dataset", "cq", "--format", "labels", "--pseudonymize")
	perUnit := map[string]int{}
	for _, l := range tsvRows(t, r) {
		perUnit[fmt.Sprintf("%d %s %s", uids[l[0]], l[1], l[3])]++
	}
	wantPerUnit := map[string]int{}
	for k, v := range want.labels {
		wantPerUnit[fmt.Sprintf("%d %s %d", k.seq, k.unit, v)]++
	}
	if !maps.Equal(perUnit, wantPerUnit) {
		t.Errorf("export --pseudonymize: %v\nwant %v", perUnit, wantPerUnit)
	}

	// The gold's votes, and the protocol's own file holding that gold.
	gold := map[string]string{}
	for _, l := range tsvRows(t, runBin(t, bin, db, "export", "--dataset", "cq", "--format", "gold", "--include-incomplete")) {
		u := [2]string{strconv.Itoa(uids[l[0]]), l[1]}
		if l[4] != countString(votes[u]) {
			t.Errorf("gold of request %s %s: votes %s, want %s", u[0], u[1], l[4], countString(votes[u]))
		}
		gold[u[0]+" "+u[1]] = l[2]
		delete(votes, u)
	}
	for u := range votes {
		// A unit asked under a condition has gold only where its
		// condition's gold holds; need and ask always have a row.
		if u[1] == "need" || u[1] == "ask" {
			t.Errorf("the gold leaves out request %s %s", u[0], u[1])
		}
	}
	votes = want.votes()
	file := runBin(t, bin, db, "export", "--dataset", "cq", "--format", "clariq-study", "--include-incomplete", "--include-unresolved")
	rows := tsvRows(t, file)
	if len(rows) != 15 {
		t.Errorf("the protocol's file: %d rows, want the 15 questions:\n%s", len(rows), file.stdout)
	}
	for _, l := range rows {
		seq, _ := strconv.Atoi(l[0])
		row, _ := strconv.Atoi(strings.TrimPrefix(l[2], "Q")) // Q00100 is request 1's first question
		unit := fmt.Sprintf("usefulness_%d", row-100*seq+1)
		if l[6] != gold[l[0]+" "+unit] {
			t.Errorf("the file's request %s %s: %q, the gold's %q", l[0], unit, l[6], gold[l[0]+" "+unit])
		}
	}

	// stats: each step's count and distribution are the settled labels'.
	var stats struct {
		Types []struct {
			Name         string
			N            int
			Distribution []struct{ Value, N int }
		}
	}
	if r := runBin(t, bin, db, "stats", "--json", "--dataset", "cq"); json.Unmarshal([]byte(r.stdout), &stats) != nil || len(stats.Types) != 5 {
		t.Fatalf("stats: %+v", r)
	}
	byType := map[string]map[int]int{}
	for u, vs := range votes {
		typ := unitType(u[1])
		if byType[typ] == nil {
			byType[typ] = map[int]int{}
		}
		for v, n := range vs {
			byType[typ][v] += n
		}
	}
	for _, ty := range stats.Types {
		got := map[int]int{}
		for _, d := range ty.Distribution {
			if d.N > 0 {
				got[d.Value] = d.N
			}
		}
		if !maps.Equal(got, byType[ty.Name]) {
			t.Errorf("stats %s: %v, want %v", ty.Name, got, byType[ty.Name])
		}
	}

	// agree --json: every unit's votes, and usefulness's observed
	// agreement by its definition; the HTML report draws the same figure.
	var agree struct {
		Types []struct {
			Type     string
			Observed float64 `json:"observed_agreement"`
		}
		Majority []struct {
			Item, Unit string
			Votes      map[string]int
		}
	}
	ar := runBin(t, bin, db, "agree", "--json", "--bootstrap", "0", "--dataset", "cq")
	if err := json.Unmarshal([]byte(ar.stdout), &agree); err != nil {
		t.Fatalf("agree --json: %v %+v", err, ar)
	}
	seen := 0
	for _, m := range agree.Majority {
		u := [2]string{strconv.Itoa(uids[m.Item]), m.Unit}
		got := map[int]int{}
		for v, n := range m.Votes {
			k, _ := strconv.Atoi(v)
			got[k] = n
		}
		if !maps.Equal(got, votes[u]) {
			t.Errorf("agree's votes of request %s %s: %v, want %v", u[0], u[1], got, votes[u])
		}
		seen++
	}
	if seen != len(votes) {
		t.Errorf("agree has %d units, the labels %d", seen, len(votes))
	}
	report := filepath.Join(dir, "r.html")
	if r := runBin(t, bin, db, "report", "--dataset", "cq", "-o", report); r.code != 0 {
		t.Fatalf("report: %+v", r)
	}
	html, _ := os.ReadFile(report)
	i := slices.IndexFunc(agree.Types, func(ty struct {
		Type     string
		Observed float64 `json:"observed_agreement"`
	}) bool {
		return ty.Type == "usefulness"
	})
	if i < 0 {
		t.Fatalf("agree has no usefulness:\n%s", ar.stdout)
	}
	same := func(a, b float64) bool { return fmt.Sprintf("%.9f", a) == fmt.Sprintf("%.9f", b) }
	if w := observed(votes, "usefulness"); !same(agree.Types[i].Observed, w) {
		t.Errorf("usefulness's observed agreement %v, by its definition %v", agree.Types[i].Observed, w)
	}
	re := regexp.MustCompile(fmt.Sprintf(`data-path="types/%d/observed_agreement" data-value="([^"]+)"`, i))
	if m := re.FindSubmatch(html); m == nil {
		t.Errorf("the report has no usefulness observed agreement")
	} else if v, err := strconv.ParseFloat(string(m[1]), 64); err != nil || !same(v, observed(votes, "usefulness")) {
		t.Errorf("the report's usefulness observed agreement: %s, by its definition %v", m[1], observed(votes, "usefulness"))
	}

	// cy's own export over SSH, and check.
	got := map[string]bool{}
	for _, l := range tsvRows(t, sshRun(t, cy, "", "export --format labels --dataset cq")) {
		got[fmt.Sprintf("%d %s %s %s", uids[l[0]], l[1], l[2], l[3])] = true
	}
	cys := map[string]bool{}
	for row := range wantRows {
		if strings.Contains(row, " cy ") {
			cys[row] = true
		}
	}
	if !maps.Equal(got, cys) {
		t.Errorf("cy's export over SSH: extra %v, missing %v", without(got, cys), without(cys, got))
	}
	if r := runBin(t, bin, db, "check"); r.code != 0 {
		t.Errorf("check: %+v", r)
	}
}

// tsvRows are an export's rows after its header, split.
func tsvRows(t *testing.T, r result) [][]string {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	var out [][]string
	for _, l := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")[1:] {
		out = append(out, strings.Split(l, "\t"))
	}
	return out
}

// countString is votes as the gold export writes them: "2:1,3:1".
func countString(votes map[int]int) string {
	var parts []string
	for _, v := range slices.Sorted(maps.Keys(votes)) {
		parts = append(parts, fmt.Sprintf("%d:%d", v, votes[v]))
	}
	return strings.Join(parts, ",")
}

// voteString is a store vote array (labels per value) as countString.
func voteString(votes []int) string {
	m := map[int]int{}
	for v, n := range votes {
		if n > 0 {
			m[v] = n
		}
	}
	return countString(m)
}

// without lists what a has and b lacks.
func without(a, b map[string]bool) []string {
	var out []string
	for k := range a {
		if !b[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// observed is a type's observed agreement by its definition: over the
// units with two or more labels, the mean share of agreeing ordered pairs
// of labels, Σ n_c(n_c−1) / n(n−1).
func observed(votes map[[2]string]map[int]int, typ string) float64 {
	sum, units := 0.0, 0
	for u, vs := range votes {
		n, agreeing := 0, 0
		for _, c := range vs {
			n += c
			agreeing += c * (c - 1)
		}
		if unitType(u[1]) != typ || n < 2 {
			continue
		}
		sum += float64(agreeing) / float64(n*(n-1))
		units++
	}
	return sum / float64(units)
}
