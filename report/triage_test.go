package report_test

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/agreement"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// triagePanes imports n two-answer panes as dataset p and gives their uids
// in import order.
func triagePanes(t *testing.T, st *store.Store, n int) (store.Dataset, []string) {
	t.Helper()
	ctx := context.Background()
	var panes strings.Builder
	panes.WriteString(data.ManualHeader() + "\n")
	for i := range n {
		fmt.Fprintf(&panes, "query %d\tWhich %d?\ta\tb%s\n", i, i, strings.Repeat("\t", 10))
	}
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(panes.String()), "p.tsv", data.Options{Dataset: "p"}); err != nil {
		t.Fatal(err)
	}
	d, err := st.DatasetByName(ctx, "p")
	if err != nil {
		t.Fatal(err)
	}
	var uids []string
	if err := st.EachItem(ctx, d.ID, func(it store.Item) error { uids = append(uids, it.UID); return nil }); err != nil {
		t.Fatal(err)
	}
	return d, uids
}

// addRun adds a labels run from its file's text.
func addRun(t *testing.T, st *store.Store, name, body string) {
	t.Helper()
	if _, err := data.AddRunBytes(context.Background(), st, storetest.Lead(t, st), []byte(body), name+".run",
		data.RunOptions{Kind: store.RunLabels, Name: name, Dataset: "p", RunKinds: runKinds(t, st)}); err != nil {
		t.Fatal(err)
	}
}

// runLine is one line of a labels run file as this test reads it.
type runLine struct {
	label int
	conf  float64 // -1: none
}

// readRunFile reads a labels run file's lines by uid and unit, itself.
func readRunFile(body string) map[string]map[string]runLine {
	out := map[string]map[string]runLine{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 || f[0] == "item" {
			continue
		}
		l := runLine{conf: -1}
		l.label, _ = strconv.Atoi(f[2])
		if len(f) == 4 {
			l.conf, _ = strconv.ParseFloat(f[3], 64)
		}
		if out[f[0]] == nil {
			out[f[0]] = map[string]runLine{}
		}
		out[f[0]][f[1]] = l
	}
	return out
}

// auditDraw is the documented draw, worked here: SHA-256 of "SEED:UID",
// its first 8 bytes big-endian over 2^64.
func auditDraw(seed int64, uid string) float64 {
	h := sha256.Sum256([]byte(fmt.Sprintf("%d:%s", seed, uid)))
	return float64(binary.BigEndian.Uint64(h[:8])) / math.Pow(2, 64)
}

// routes reads every item's route by uid ("" for people).
func routes(t *testing.T, st *store.Store) map[string]string {
	t.Helper()
	rows, err := storetest.DB(t, st).Query(`SELECT uid, coalesce(route, '') FROM items`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var uid, route string
		if err := rows.Scan(&uid, &route); err != nil {
			t.Fatal(err)
		}
		out[uid] = route
	}
	return out
}

// A triage routes exactly the items its rule names, recomputed here from
// the two run files (every unit confident enough, both runs alike), and
// audits a share of them the documented draw names, within three standard
// deviations of the binomial expectation.
func TestTriageRoutesByTheRule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	const n = 1500
	d, uids := triagePanes(t, st, n)
	rng := rand.New(rand.NewPCG(46, 4))
	var judge, second strings.Builder
	judge.WriteString("item unit label confidence\n")
	for _, uid := range uids {
		for _, u := range paneUnits {
			if rng.IntN(200) == 0 {
				continue // a unit the judge left out
			}
			v, conf := rng.IntN(3), 0.7+0.3*rng.Float64()
			if rng.IntN(20) == 0 {
				conf = 0.69 // just short
			}
			fmt.Fprintf(&judge, "%s %s %d %.2f\n", uid, u, v, conf)
			if rng.IntN(100) == 0 {
				v = (v + 1) % 3 // the second judge disagrees
			}
			fmt.Fprintf(&second, "%s %s %d\n", uid, u, v)
		}
	}
	addRun(t, st, "judge", judge.String())
	addRun(t, st, "second", second.String())
	const c, p, seed = 0.7, 0.2, 99
	routed, err := st.SetTriage(ctx, storetest.Lead(t, st), d.ID,
		&store.Triage{Run: "judge", Confidence: c, AgreeWith: "second", Audit: p, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}

	j, s := readRunFile(judge.String()), readRunFile(second.String())
	got := routes(t, st)
	ruled, audited := 0, 0
	for _, uid := range uids {
		settles := true
		for _, u := range paneUnits {
			l, ok := j[uid][u]
			if !ok || l.conf < c || s[uid][u].label != l.label {
				settles = false
			}
		}
		want := ""
		if settles {
			ruled++
			want = store.RouteJudge
			if auditDraw(seed, uid) < p {
				want = store.RouteAudit
				audited++
			}
		}
		if got[uid] != want {
			t.Errorf("item %s: route %q, the rule says %q", uid, got[uid], want)
		}
	}
	if routed.Judge != ruled-audited || routed.Audit != audited || routed.People != n-ruled {
		t.Errorf("routed %+v, the rule: %d judge, %d audit, %d people", routed, ruled-audited, audited, n-ruled)
	}
	sd := math.Sqrt(float64(ruled) * p * (1 - p))
	if ruled < 1000 || math.Abs(float64(audited)-p*float64(ruled)) > 3*sd {
		t.Errorf("%d audited of %d the judge would settle: expected %.0f ± %.0f (3 sd)", audited, ruled, p*float64(ruled), 3*sd)
	}
	storetest.CheckClean(t, st)
}

// The audit's error, its Wilson interval and the error it implies for the
// items no one saw equal a recomputation from the labels the annotators
// keyed and the run's; annotators are never given a judge item, and are
// given every audit; a judge item's gold is the run's label, provenance
// judge; an annotator's reading has no triage figures; --triage none
// gives the judge items back to people.
func TestTriageAuditError(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	const n = 80
	d, uids := triagePanes(t, st, n)
	rng := rand.New(rand.NewPCG(7, 46))
	truth := map[string]map[string]int{}
	var judge strings.Builder
	judge.WriteString("item unit label confidence\n")
	for _, uid := range uids {
		truth[uid] = map[string]int{}
		for _, u := range paneUnits {
			truth[uid][u] = rng.IntN(3)
			v := truth[uid][u]
			if rng.IntN(4) == 0 {
				v = (v + 1) % 3
			}
			conf := 0.95
			if rng.IntN(5) == 0 {
				conf = 0.5
			}
			fmt.Fprintf(&judge, "%s %s %d %g\n", uid, u, v, conf)
		}
	}
	addRun(t, st, "judge", judge.String())
	lead := storetest.Lead(t, st)
	if _, err := st.SetTriage(ctx, lead, d.ID, &store.Triage{Run: "judge", Confidence: 0.9, Audit: 0.5, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	route := routes(t, st)
	byID := map[int64]string{}
	if err := st.EachItem(ctx, d.ID, func(it store.Item) error { byID[it.ID] = it.UID; return nil }); err != nil {
		t.Fatal(err)
	}

	// Three annotators work until nothing is left, mostly right.
	keyed := map[string]map[string][]int{}
	for _, name := range []string{"ana", "bo", "cy"} {
		an := storetest.Person(t, st, name, "annotator")
		for {
			id, ok, _, err := st.NextHIT(ctx, d.ID, an.ID, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !ok {
				break
			}
			uid := byID[id]
			if route[uid] == store.RouteJudge {
				t.Fatalf("%s was given judge item %s", name, uid)
			}
			if keyed[uid] == nil {
				keyed[uid] = map[string][]int{}
			}
			for i, u := range paneUnits {
				v := truth[uid][u]
				if rng.IntN(6) == 0 {
					v = rng.IntN(3)
				}
				keyed[uid][u] = append(keyed[uid][u], v)
				if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: id, AnnotatorID: an.ID, Unit: u, Value: &v,
					Seconds: 2, Finish: i == len(paneUnits)-1}); err != nil {
					t.Fatal(err)
				}
			}
		}
	}

	// The audit error recomputed per item: an audited item is compared
	// when some unit has a majority of its three labels, and wrong when
	// the run's label differs from that majority on any such unit.
	j := readRunFile(judge.String())
	var items, units struct{ wrong, compared int }
	judged, judgeItems, auditItems, people := 0, 0, 0, 0
	for _, uid := range uids {
		switch route[uid] {
		case store.RouteJudge:
			judgeItems++
			judged += len(paneUnits)
			if keyed[uid] != nil {
				t.Errorf("judge item %s was labelled", uid)
			}
		case store.RouteAudit:
			auditItems++
			if len(keyed[uid]["question"]) != 3 {
				t.Errorf("audit item %s has %d annotators, want 3", uid, len(keyed[uid]["question"]))
			}
			wrongHere, comparedHere := 0, 0
			for _, u := range paneUnits {
				if g := majorityOfThree(keyed[uid][u]); g >= 0 {
					comparedHere++
					if j[uid][u].label != g {
						wrongHere++
					}
				}
			}
			units.wrong += wrongHere
			units.compared += comparedHere
			if comparedHere > 0 {
				items.compared++
				if wrongHere > 0 {
					items.wrong++
				}
			}
		default:
			people++
		}
	}
	if auditItems == 0 || judgeItems == 0 || items.compared == 0 || items.wrong == units.wrong {
		t.Fatalf("%d audited, %d judged, %d of %d items wrong, %d units: the test needs some of each, and an item wrong on two units",
			auditItems, judgeItems, items.wrong, items.compared, units.wrong)
	}

	r, err := st.ReadFigures(ctx, lead, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	f, ok, err := report.Triage(ctx, r)
	if err != nil || !ok {
		t.Fatalf("triage figures: ok %v, %v", ok, err)
	}
	if f.People != people || f.Judge != judgeItems || f.Audited != auditItems || f.HITsSaved != 3*judgeItems {
		t.Errorf("items: %+v; want %d people, %d judge, %d audited, %d HITs saved", f, people, judgeItems, auditItems, 3*judgeItems)
	}
	rate := float64(items.wrong) / float64(items.compared)
	lo, hi := wilson(items.wrong, items.compared)
	checkJSONFigures(t, "triage", f, map[string]float64{
		"audit_item_error/wrong": float64(items.wrong), "audit_item_error/compared": float64(items.compared),
		"audit_item_error/share": rate, "audit_item_error/low": lo, "audit_item_error/high": hi,
		"audit_unit_error/wrong": float64(units.wrong), "audit_unit_error/compared": float64(units.compared),
		"audit_unit_error/share":       float64(units.wrong) / float64(units.compared),
		"implied_wrong_items/expected": rate * float64(judgeItems),
		"implied_wrong_items/low":      lo * float64(judgeItems), "implied_wrong_items/high": hi * float64(judgeItems),
	})
	var text strings.Builder
	if err := f.WriteText(&text); err != nil || !strings.Contains(text.String(), fmt.Sprintf("%d wrong of %d items", items.wrong, items.compared)) {
		t.Errorf("text (%v):\n%s", err, text.String())
	}

	// A judge item's gold is the run's label, provenance judge.
	seen := 0
	err = report.EachPaneGold(ctx, storetest.ReadGold(t, st, d.ID), func(p *report.PaneGold) error {
		if route[p.Item.UID] != store.RouteJudge {
			return nil
		}
		for _, u := range p.Units {
			seen++
			if u.Provenance != agreement.Judge || u.Label != j[p.Item.UID][u.Unit].label {
				t.Errorf("item %s %s: gold %d (%s), the run's %d", p.Item.UID, u.Unit, u.Label, u.Provenance, j[p.Item.UID][u.Unit].label)
			}
		}
		return nil
	})
	if err != nil || seen != judged {
		t.Errorf("judge gold: %d units, want %d (%v)", seen, judged, err)
	}

	// Nobody below the lead learns there is triage.
	if _, ok, err := report.Triage(ctx, storetest.ReadFigures(t, st, "ana", d.ID)); ok || err != nil {
		t.Errorf("an annotator's reading has triage figures (ok %v, %v)", ok, err)
	}

	// Triage ended: the judge items go to people.
	if _, err := st.SetTriage(ctx, lead, d.ID, nil); err != nil {
		t.Fatal(err)
	}
	dee := storetest.Person(t, st, "dee", "annotator")
	given := 0
	for {
		id, ok, _, err := st.NextHIT(ctx, d.ID, dee.ID, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
		if route[byID[id]] == store.RouteJudge {
			given++
		}
		if err := st.SkipHIT(ctx, id, dee.ID, store.SkipGiveBack); err != nil {
			t.Fatal(err)
		}
	}
	if given != judgeItems {
		t.Errorf("after triage ended, %d judge items given, want %d", given, judgeItems)
	}
	storetest.CheckClean(t, st)
}

// checkJSONFigures holds the figures at "/"-separated paths of v's JSON to
// want (within 1e-12).
func checkJSONFigures(t *testing.T, what string, v any, want map[string]float64) {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	for path, w := range want {
		at := doc
		for _, k := range strings.Split(path, "/") {
			m, _ := at.(map[string]any)
			at = m[k]
		}
		if got, ok := at.(float64); !ok || math.Abs(got-w) > 1e-12*math.Max(1, math.Abs(w)) {
			t.Errorf("%s %s: %v, want %v", what, path, at, w)
		}
	}
}

// majorityOfThree is the unique most frequent of three labels, or -1.
func majorityOfThree(vs []int) int {
	c := map[int]int{}
	for _, v := range vs {
		c[v]++
	}
	for v, k := range c {
		if 2*k > len(vs) {
			return v
		}
	}
	return -1
}

// wilson is the Wilson 95% score interval of k of n, worked here.
func wilson(k, n int) (lo, hi float64) {
	z := 1.959963984540054
	p, nf := float64(k)/float64(n), float64(n)
	centre := (p + z*z/(2*nf)) / (1 + z*z/nf)
	half := z / (1 + z*z/nf) * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf))
	return math.Max(0, centre-half), math.Min(1, centre+half)
}

// A judge item stays closed whatever the policy does: a new min reopens
// the items that want more annotators, never a judge item; the judge items
// count complete; panes imported after triage go to people; check finds
// the counters sound.
func TestTriageJudgeItemsStayClosed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	d, uids := triagePanes(t, st, 10)
	var run strings.Builder
	for _, uid := range uids {
		for _, u := range paneUnits {
			fmt.Fprintf(&run, "%s %s 1 0.99\n", uid, u)
		}
	}
	addRun(t, st, "judge", run.String())
	if _, err := st.SetTriage(ctx, lead, d.ID, &store.Triage{Run: "judge", Confidence: 0.9, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	if err := st.SetPolicy(ctx, lead, d.ID, store.Policy{Min: 2, Max: 4, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	p, err := st.DatasetProgress(ctx, d.ID, lead.ID)
	if err != nil || p.Complete != 10 {
		t.Errorf("progress %+v (%v): want every judge item complete", p, err)
	}
	ana := storetest.Person(t, st, "ana", store.RoleAnnotator)
	if id, ok, _, err := st.NextHIT(ctx, d.ID, ana.ID, 0); ok || err != nil {
		t.Errorf("ana was given item %d with every item the judge's (%v)", id, err)
	}
	// Picked from the queue, a judge item is refused for want of room, as
	// any full item is, the database unchanged; the queue calls it not
	// needed, as it does an item others finished.
	rows, err := st.Queue(ctx, d.ID, ana.ID, store.QueueFilter{}, 0, 1)
	if err != nil || len(rows) != 1 || rows[0].Status != store.StatusNotNeeded {
		t.Fatalf("ana's queue %+v (%v): want the judge item not needed", rows, err)
	}
	before := storetest.Fingerprint(t, storetest.DB(t, st), "hits", "labels", "items")
	if err := st.ClaimHIT(ctx, rows[0].ItemID, ana.ID); !errors.Is(err, store.ErrNoRoom) {
		t.Errorf("ana picking a judge item from the queue: %v, want ErrNoRoom", err)
	}
	if storetest.Fingerprint(t, storetest.DB(t, st), "hits", "labels", "items") != before {
		t.Error("a refused pick of a judge item changed the database")
	}
	storetest.CheckClean(t, st)
	// check finds a judge item someone was given anyway.
	db := storetest.DB(t, st)
	if _, err := db.Exec(`UPDATE items SET free = NULL WHERE seq = 1`); err != nil {
		t.Fatal(err)
	}
	results, err := store.CheckFile(ctx, st.Path())
	found := false
	for _, r := range results {
		found = found || r.Name == "no item triage gave the judge is free or has a HIT" && len(r.Problems) > 0
	}
	if err != nil || !found {
		t.Errorf("check does not find the judge item marked unhad: %+v (%v)", results, err)
	}
	if _, err := db.Exec(`UPDATE items SET free = 0 WHERE seq = 1`); err != nil {
		t.Fatal(err)
	}

	// Two panes more: the judge has not seen them, so they go to people.
	var more strings.Builder
	more.WriteString(data.ManualHeader() + "\n")
	for i := range 2 {
		fmt.Fprintf(&more, "later %d\tWhich %d?\ta\tb%s\n", i, i, strings.Repeat("\t", 10))
	}
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(more.String()), "more.tsv", data.Options{Dataset: "p"}); err != nil {
		t.Fatal(err)
	}
	id, ok, _, err := st.NextHIT(ctx, d.ID, ana.ID, 0)
	if err != nil || !ok || routes(t, st)[itemUID(t, st, d.ID, id)] != "" {
		t.Errorf("ana's HIT after the import: item %d, ok %v (%v); want a pane imported later", id, ok, err)
	}
	storetest.CheckClean(t, st)
}

// itemUID is the uid of item id of dataset d.
func itemUID(t *testing.T, st *store.Store, d, id int64) string {
	t.Helper()
	uid := ""
	if err := st.EachItem(context.Background(), d, func(it store.Item) error {
		if it.ID == id {
			uid = it.UID
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return uid
}
