package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/guidelines"
)

// importRequests adds necessity requests under the shipped necessity
// file, the i-th with i%4 facets, each after the same two turns.
func importRequests(t *testing.T, st *Store, n int) (datasetID int64, items []int64) {
	t.Helper()
	ctx := context.Background()
	im := beginNecessity(t, st)
	defer im.Rollback()
	for i := range n {
		var facets []string
		for k := range i % 4 {
			facets = append(facets, fmt.Sprintf("facet %d", k+1))
		}
		if added, err := im.AddFileItem(requestItem(t, fmt.Sprintf("r%d", i), fmt.Sprintf("request %d", i), facets)); err != nil || !added {
			t.Fatalf("add request %d: %v %v", i, added, err)
		}
	}
	datasetID = im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	st.EachItem(ctx, datasetID, func(it Item) error {
		items = append(items, it.ID)
		return nil
	})
	return datasetID, items
}

// beginNecessity begins an import of dataset nec under the shipped
// necessity protocol file.
func beginNecessity(t *testing.T, st *Store) *Importer {
	t.Helper()
	pt, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	im, err := st.BeginProtocolImport(context.Background(), testLead(t, st), "nec", "", pt.File, pt.Text)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// necessity is the shipped necessity file's kind (yes 1, no 0; a facet
// its number, none fits 0).
func necessity(t *testing.T) guidelines.Protocol {
	t.Helper()
	pt, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	return pt.File.Protocol()
}

// requestItem is a necessity line as the file's import makes it an item.
func requestItem(t *testing.T, id, request string, facets []string) FileItem {
	t.Helper()
	line := map[string]any{"id": id, "request": request,
		"context": []map[string]string{{"role": "user", "text": "hello"}, {"role": "assistant", "text": "hi"}}}
	if facets != nil {
		line["facets"] = facets
	}
	b, err := json.Marshal(line)
	if err != nil {
		t.Fatal(err)
	}
	it := FileItem{UID: id, Query: request, Rows: []string{string(b) + "\n"}}
	copy(it.Options[:], facets)
	if len(facets) > len(it.Options) {
		it.ListLen = len(facets)
	}
	return it
}

// The necessity kind's stored facet labels, as the release before stored
// them (necessity.toml's first = 3): none fits 2, facet k k + 2.
const facetNone = 2

func facetValue(k int) int { return facetNone + k }

// A request imported twice is one item; the same id with another text is
// refused; its conversation and facets come back in order.
func TestRequestsImportOnce(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	_, items := importRequests(t, st, 4)
	im := beginNecessity(t, st)
	added, err := im.AddFileItem(requestItem(t, "r3", "request 3", []string{"facet 1", "facet 2", "facet 3"}))
	if err != nil || added {
		t.Errorf("same request again: added %v, %v", added, err)
	}
	if _, err := im.AddFileItem(requestItem(t, "r3", "other", nil)); err == nil || !strings.Contains(err.Error(), "is already imported with other content") {
		t.Errorf("other content under r3: %v", err)
	}
	// The conversation before it is the item's too: another one is
	// another request, not the stored one again.
	other := requestItem(t, "r3", "request 3", []string{"facet 1", "facet 2", "facet 3"})
	other.Rows[0] = strings.Replace(other.Rows[0], `"hello"`, `"good evening"`, 1)
	if _, err := im.AddFileItem(other); err == nil || !strings.Contains(err.Error(), "is already imported with other content") {
		t.Errorf("r3 with another conversation: %v", err)
	}
	// So is its reference question, which no step shows and generated
	// questions are scored against.
	other = requestItem(t, "r3", "request 3", []string{"facet 1", "facet 2", "facet 3"})
	other.Rows[0] = strings.Replace(other.Rows[0], `{`, `{"reference":"Which one?",`, 1)
	if _, err := im.AddFileItem(other); err == nil || !strings.Contains(err.Error(), "is already imported with other content") {
		t.Errorf("r3 with another reference: %v", err)
	}
	im.Rollback()
	rows, err := st.ShownRows(ctx, items[3])
	if err != nil || len(rows) != 1 || fmt.Sprint(rows[0].List) != "[facet 1 facet 2 facet 3]" {
		t.Fatalf("facets %+v %v", rows, err)
	}
	if conv := rows[0].Context; fmt.Sprint(conv) != "[{user hello} {assistant hi}]" {
		t.Errorf("context %v", conv)
	}
}

// The facet rule holds in the store, whatever keys it: no facet before a
// yes, none past the item's candidates, and a no takes a chosen facet away
// (into the history).
func TestFacetWaitsForYesInTheStore(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	_, items := importRequests(t, st, 4)
	item := items[2] // two facets
	ana := annotators(t, st, "ana")[0]
	set := func(unit string, v *int) error {
		_, err := st.SetLabel(ctx, LabelChange{ItemID: item, AnnotatorID: ana, Unit: unit, Value: v})
		return err
	}
	if err := set("facet", ptr(facetValue(1))); !errors.Is(err, ErrCondition) {
		t.Fatalf("facet before any necessity label: %v", err)
	}
	if err := set("necessity", ptr(0)); err != nil {
		t.Fatal(err)
	}
	if err := set("facet", ptr(facetValue(1))); !errors.Is(err, ErrCondition) {
		t.Fatalf("facet after no: %v", err)
	}
	if err := set("necessity", ptr(1)); err != nil {
		t.Fatal(err)
	}
	if err := set("facet", ptr(facetValue(3))); err == nil {
		t.Fatal("facet 3 of 2 accepted")
	}
	if err := set("facet", ptr(facetValue(2))); err != nil {
		t.Fatal(err)
	}
	if err := set("necessity", ptr(0)); err != nil {
		t.Fatal(err)
	}
	var facets, removals int
	st.db.QueryRow(`SELECT count(*) FROM labels WHERE item_id = ? AND unit = 'facet'`, item).Scan(&facets)
	st.db.QueryRow(`SELECT count(*) FROM label_history WHERE item_id = ? AND unit = 'facet' AND new_value IS NULL`, item).Scan(&removals)
	if facets != 0 || removals != 1 {
		t.Errorf("after yes, facet 2, no: %d facet labels, %d removals in the history", facets, removals)
	}
}

// Sides are drawn per item and balanced: over any number of pairs of two
// systems, the first system's output is on the left in half of them (one
// more of either when odd), also across imports; and what the screen
// loads holds only the outputs.
func TestPairSidesBalanced(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	lead := testLead(t, st)
	total := 0
	for round, n := range []int{7, 1, 10, 5} {
		im, err := st.BeginImport(ctx, lead, "cmp", guidelines.Compare.Kind, "pairs")
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			p := Pair{UID: fmt.Sprintf("q%d-%d", round, i), Request: "req", First: "alpha", Second: "beta",
				FirstOut: "from alpha", SecondOut: "from beta"}
			if _, err := im.addPair(p); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := im.Commit(); err != nil {
			t.Fatal(err)
		}
		total += n
		var left int
		st.db.QueryRow(`SELECT sum(first_left) FROM pairs`).Scan(&left)
		if d := 2*left - total; d < -1 || d > 1 {
			t.Errorf("after %d pairs, %d with the first system on the left", total, left)
		}
	}
	var ids []int64
	rows, _ := st.db.Query(`SELECT item_id FROM pairs`)
	for rows.Next() {
		var id int64
		rows.Scan(&id)
		ids = append(ids, id)
	}
	rows.Close()
	lefts := 0
	for _, id := range ids {
		s, err := st.PairSides(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		want := Sides{A: "from alpha", B: "from beta", FirstIsA: true}
		if !s.FirstIsA {
			want = Sides{A: "from beta", B: "from alpha"}
		} else {
			lefts++
		}
		if s != want {
			t.Errorf("item %d: %+v", id, s)
		}
	}
	if d := 2*lefts - len(ids); d < -1 || d > 1 {
		t.Errorf("%d of %d shown with the first on the left", lefts, len(ids))
	}
}

// drawSides' shuffle: over many draws each new pair is on the left about
// half the time, so the side of one item says nothing of another's.
func TestDrawnSidesVaryByItem(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	lead := testLead(t, st)
	const n, rounds = 6, 200
	onLeft := make([]int, n)
	rng := rand.New(rand.NewPCG(1, 2))
	for r := range rounds {
		im, err := st.BeginImport(ctx, lead, fmt.Sprintf("cmp%d", r), guidelines.Compare.Kind, "pairs")
		if err != nil {
			t.Fatal(err)
		}
		for i := range n {
			im.addPair(Pair{UID: fmt.Sprint(i), Request: "req", First: "a", Second: "b", FirstOut: "x", SecondOut: "y"})
		}
		if err := im.drawSides(rng); err != nil {
			t.Fatal(err)
		}
		rows, _ := im.tx.Query(`SELECT i.uid, p.first_left FROM pairs p JOIN items i ON i.id = p.item_id WHERE i.dataset_id = ?`, im.DatasetID())
		for rows.Next() {
			var uid, left int
			rows.Scan(&uid, &left)
			onLeft[uid] += left
		}
		rows.Close()
		im.Rollback()
	}
	// Each position is on the left with probability ½: 200 draws put it
	// there 100 ± 3.3 standard deviations (7·√50 ≈ 23.3) times.
	for i, k := range onLeft {
		if k < 100-24 || k > 100+24 {
			t.Errorf("item %d on the left %d times of %d", i, k, rounds)
		}
	}
}

// Which system wrote which output leaves the store only in readings for
// figures: a reading of one's own labels refuses it, and a reading for
// figures below the lead leaves out every pair the reader may still be
// given (the one they have open, and the one nobody has had), keeping the
// one another judge closed.
func TestPairSystemsOnlyInAggregateReadings(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	lead := testLead(t, st)
	im, err := st.BeginImport(ctx, lead, "cmp", guidelines.Compare.Kind, "pairs")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		im.addPair(Pair{UID: fmt.Sprint(i), Request: "req", First: "a", Second: "b", FirstOut: "x", SecondOut: "y"})
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	ds := im.DatasetID()
	if err := st.SetPolicy(ctx, lead, ds, Policy{Min: 1, Max: 1, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	bo, err := st.EnsureAnnotator(ctx, "bo")
	if err != nil {
		t.Fatal(err)
	}
	closed, ok, _, err := st.NextHIT(ctx, ds, bo.ID, 0)
	if err != nil || !ok {
		t.Fatalf("bo's HIT: %v %v", ok, err)
	}
	win := 2
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: closed, AnnotatorID: bo.ID, Unit: "preference", Value: &win, Finish: true}); err != nil {
		t.Fatal(err)
	}
	ana, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	open, ok, _, err := st.NextHIT(ctx, ds, ana.ID, 0)
	if err != nil || !ok || open == closed {
		t.Fatalf("ana's HIT: %v %v", ok, err)
	}
	read := func(how func(context.Context, Annotator, int64) (*Reading, error), who Annotator) (map[int64]PairSystems, error) {
		r, err := how(ctx, who, ds)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		return r.PairSystems(ctx)
	}
	// What the figures reading leaves out is counted, so a table over
	// none can say why.
	leftOut := func(who Annotator) PairsLeftOut {
		t.Helper()
		r, err := st.ReadFigures(ctx, who, ds)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		_, l, err := r.PairSystemsLeftOut(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	if l := leftOut(ana); l != (PairsLeftOut{Open: 2}) {
		t.Errorf("ana's figures leave out %+v, want the 2 pairs she may still be given", l)
	}
	if got, err := read(st.ReadLabels, ana); !errors.Is(err, ErrNotAllowed) || got != nil {
		t.Errorf("ana's own labels reading gave the systems: %v %v", got, err)
	}
	got, err := read(st.ReadFigures, ana)
	if _, has := got[closed]; err != nil || !has || len(got) != 1 {
		t.Errorf("ana's figures reading: %v %v, want the one pair bo closed", got, err)
	}
	if got, err := read(st.ReadGold, lead); err != nil || len(got) != 3 || got[open].First != "a" {
		t.Errorf("the lead's reading: %v %v", got, err)
	}
	// Finished and closed, the pair ana judged still names no systems to
	// her: she knows which side she chose on it.
	if _, err := st.SetLabel(ctx, LabelChange{ItemID: open, AnnotatorID: ana.ID, Unit: "preference", Value: &win, Finish: true}); err != nil {
		t.Fatal(err)
	}
	got, err = read(st.ReadFigures, ana)
	if _, has := got[closed]; err != nil || !has || len(got) != 1 {
		t.Errorf("ana's figures reading once she judged a pair: %v %v, want only the one bo closed", got, err)
	}
	if l := leftOut(ana); l != (PairsLeftOut{Open: 1, Judged: 1}) {
		t.Errorf("ana's figures leave out %+v, want 1 pair she may still be given and the 1 she judged", l)
	}
	if l := leftOut(lead); l != (PairsLeftOut{}) {
		t.Errorf("the lead's figures leave out %+v, want none", l)
	}
}

// A decision the item's HIT could never give is refused, by whoever
// decides: a facet past a request's candidates (the kind's triggers take
// any facet up to nine). The request's own facets, and none fits, are
// taken; nothing refused is written.
func TestDecisionFitsTheRequest(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	_, items := importRequests(t, st, 4)
	lead := testLead(t, st)
	three := items[3] // the 4th request has three facets
	for _, c := range []struct {
		value int
		ok    bool
	}{{facetValue(7), false}, {facetValue(4), false}, {facetValue(3), true}, {facetNone, true}} {
		v := c.value
		err := st.Adjudicate(ctx, three, "facet", &v, lead, "")
		if (err == nil) != c.ok {
			t.Errorf("facet %d on a request of three: %v", v-facetNone, err)
		}
		if !c.ok && (err == nil || !strings.Contains(err.Error(), "the item has 3 facets")) {
			t.Errorf("the refusal says %v", err)
		}
	}
	var n int
	st.db.QueryRow(`SELECT count(*) FROM adjudication_history WHERE item_id = ?`, three).Scan(&n)
	if n != 2 {
		t.Errorf("%d history rows, want the two decisions taken", n)
	}
}
