package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/store"
)

// jsonOf decodes a command's JSON output.
func jsonOf(t *testing.T, r result) map[string]any {
	t.Helper()
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var v map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, r.stdout)
	}
	return v
}

func list(v any) []any          { l, _ := v.([]any); return l }
func obj(v any) map[string]any  { o, _ := v.(map[string]any); return o }
func num(v any) (float64, bool) { f, ok := v.(float64); return f, ok }

// momentsShown checks every mean of the MIMICS tables: resting on n
// panes, 0 < n < 5, it must be withheld for a reader who finished none of
// them; shown counts the means a reader did see.
func momentsShown(t *testing.T, who string, stats map[string]any, blind bool) (few, shown int) {
	t.Helper()
	check := func(where string, m map[string]any) {
		n, _ := num(m["n"])
		_, hasMean := num(m["mean"])
		if hasMean {
			shown++
		}
		if n == 0 || n >= 5 {
			return
		}
		few++
		if blind && (hasMean || m["withheld"] != "< 5 panes") {
			t.Errorf("%s sees %s over %v panes: %v", who, where, n, m)
		}
		if !blind && !hasMean {
			t.Errorf("%s does not see %s over %v panes: %v", who, where, n, m)
		}
	}
	for _, row := range list(stats["templates"]) {
		check("template "+obj(row)["id"].(string), obj(obj(row)["question"]))
	}
	for _, table := range []string{"by_query_length", "by_answer_count"} {
		for _, row := range list(stats[table]) {
			for _, col := range []string{"question", "answer_set", "landing"} {
				check(table+" "+col, obj(obj(row)[col]))
			}
		}
	}
	return few, shown
}

// No figure below the lead role rests on fewer than 5 items the reader
// has not all finished: the MIMICS tables, agreement (kept and from every
// label), the ClariMM and necessity tables, the pairs' win shares and
// position bias, and bench runs, by the command line and over SSH. The
// lead sees them all; an annotator who has finished every item a figure
// rests on sees it too.
func TestFewItemsAreWithheldBelowLead(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	dee := tm.keyFor(t, "dee")
	if r := tm.run(t, "", "", "annotators", "dee", "--role", "annotator"); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	for _, c := range []struct {
		who   string
		blind bool
	}{{"", false}, {"dee", true}, {"eve", true}} {
		stats := jsonOf(t, tm.run(t, c.who, "", "stats", "--json", "--dataset", data.DemoDataset))
		few, shown := momentsShown(t, c.who, stats, c.blind)
		if few == 0 || shown == 0 {
			t.Fatalf("the demo's tables have %d figures over few panes and %d shown: the test tries nothing", few, shown)
		}
	}

	// Agreement over the demo conversations (two of five finished).
	for _, args := range [][]string{{"agree", "--pairs", "--bootstrap", "0"}, {"agree", "--bootstrap", "0"}} {
		args = append(args, "--dataset", data.DemoConversations)
		lead, deeOut := tm.run(t, "", "", args...), tm.run(t, "dee", "", args...)
		if lead.code != 0 || deeOut.code != 0 {
			t.Fatalf("%v: %+v %+v", args, lead, deeOut)
		}
		if strings.Contains(lead.stdout, "< 5 conversations") || !strings.Contains(deeOut.stdout, "< 5 conversations") {
			t.Errorf("%v: the lead sees:\n%s\ndee sees:\n%s", args, lead.stdout, deeOut.stdout)
		}
	}
	ag := jsonOf(t, tm.run(t, "dee", "", "agree", "--json", "--bootstrap", "0", "--dataset", data.DemoConversations))
	for _, ty := range append(list(ag["types"]), ag["pooled"]) {
		if items, _ := num(obj(ty)["items"]); items > 0 && items < 5 {
			if _, ok := num(obj(ty)["fleiss_kappa"]); ok || obj(ty)["withheld"] == nil {
				t.Errorf("dee sees agreement over %v conversations: %v", items, ty)
			}
		}
	}
	if len(list(ag["pairs"])) > 0 || len(list(ag["annotators"])) > 0 {
		t.Errorf("dee, with no work done, sees annotators' figures: %v %v", ag["pairs"], ag["annotators"])
	}

	// ClariMM's Table 1 and the necessity figures.
	cm := jsonOf(t, tm.run(t, "dee", "", "stats", "--json", "--dataset", data.DemoConversations))
	for _, m := range list(cm["metrics"]) {
		if n, _ := num(obj(m)["n"]); n > 0 {
			if _, ok := num(obj(m)["mean"]); ok {
				t.Errorf("dee sees a ClariMM mean over two conversations: %v", m)
			}
		}
	}
	ns := jsonOf(t, tm.run(t, "dee", "", "stats", "--json", "--dataset", data.DemoNecessity))
	// The count of gold facets among those needing it bounds the share
	// below, so it goes with the share, in JSON and in text.
	if ns["needs_clarification"] != nil || ns["facets"] != nil || ns["facet_judged"] != nil {
		t.Errorf("dee sees the necessity shares: %v", ns)
	}
	if txt := tm.run(t, "dee", "", "stats", "--dataset", data.DemoNecessity).stdout; !strings.Contains(txt, "facet chosen (of those needing it") {
		t.Errorf("dee's text gives the count of facets chosen beside the withheld share:\n%s", txt)
	}
	if ns = jsonOf(t, tm.run(t, "", "", "stats", "--json", "--dataset", data.DemoNecessity)); ns["needs_clarification"] == nil {
		t.Errorf("the lead does not see the necessity share: %v", ns)
	}

	// The pairs' win shares and position bias: a judge who has not
	// started sees none of them.
	pairs := jsonOf(t, tm.run(t, "dee", "", "stats", "--json", "--dataset", data.DemoPairs))
	for _, p := range list(pairs["pairs"]) {
		if obj(p)["win"] != nil || obj(p)["withheld"] == nil {
			t.Errorf("dee sees a pair's shares: %v", p)
		}
	}
	if pairs["position_bias"] != nil || pairs["position_bias_withheld"] == nil {
		t.Errorf("dee sees the position bias: %v", pairs)
	}
	if lead := jsonOf(t, tm.run(t, "", "", "stats", "--json", "--dataset", data.DemoPairs)); lead["position_bias"] == nil {
		t.Errorf("the lead does not see the position bias: %v", lead)
	}

	// Bench runs: a run scored over fewer than five items shows nothing,
	// with provisional gold scored or not.
	for _, who := range []string{"dee", "", "dee --provisional"} {
		args := []string{"bench", "--json"}
		if name, flag, ok := strings.Cut(who, " "); ok {
			who, args = name, append(args, flag)
		}
		runs := list(jsonOf(t, tm.run(t, who, "", args...))["runs"])
		few := 0
		for _, r := range runs {
			items, _ := num(obj(r)["items"])
			if items == 0 || items >= 5 || obj(r)["kind"] == "questions" {
				continue
			}
			few++
			_, shown := anyNumber(obj(r)["metrics"])
			for _, typ := range obj(obj(r)["by_type"]) { // a run with no pooled figure
				_, byType := anyNumber(typ)
				shown = shown || byType
			}
			if who == "dee" && (shown || obj(r)["withheld"] == nil) {
				t.Errorf("dee sees run %v over %v items: %v", obj(r)["name"], items, obj(r)["metrics"])
			}
			if who == "" && !shown {
				t.Errorf("the lead does not see run %v: %v", obj(r)["name"], r)
			}
		}
		if few == 0 {
			t.Fatal("no run rests on fewer than five items: the test tries nothing")
		}
	}

	// Over SSH, the same.
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, dee)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	r := sshRun(t, c, "", "stats --json --dataset "+data.DemoDataset)
	momentsShown(t, "dee over SSH", jsonOf(t, r), true)
	if r := sshRun(t, c, "", "agree --dataset "+data.DemoConversations+" --bootstrap 0"); !strings.Contains(r.stdout, "< 5 conversations") {
		t.Errorf("dee's agreement over SSH:\n%s", r.stdout)
	}
}

// anyNumber says whether an object holds a number among its values.
func anyNumber(v any) (float64, bool) {
	for _, x := range obj(v) {
		if f, ok := num(x); ok {
			return f, true
		}
	}
	return 0, false
}

// A figure over few items is shown to an annotator who has finished every
// one of them, and withheld from one who has finished some or none. (Two
// annotators close a pane here: below the lead, a pane one may still be
// given is in no figure.)
func TestFewItemsAllYoursAreShown(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	panes := writePanes(t, tm.dir, "tiny.tsv", "jaguar\tWhich jaguar?\tcar\tcat\t\t\t\t\t\t\t\t\t\t",
		"puma\tWhich puma?\tshoes\tcat\t\t\t\t\t\t\t\t\t\t", "lynx\tWhich lynx?\tbrowser\tcat\t\t\t\t\t\t\t\t\t\t")
	if r := tm.run(t, "", "", "import", "--dataset", "tiny", panes); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	st, err := store.Open(context.Background(), tm.db)
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(context.Background(), "tiny")
	var uids []string
	st.EachItem(context.Background(), ds.ID, func(it store.Item) error { uids = append(uids, it.UID); return nil })
	st.Close()
	hits := func(who string, uids ...string) string {
		rows := data.LabelsHeader + "\n"
		for i, uid := range uids {
			for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
				rows += fmt.Sprintf("%s\t%s\t%s\t%d\t\t\t\n", uid, u, who, i%3)
			}
		}
		return rows
	}
	for who, items := range map[string][]string{"ana": uids, "bo": uids, "cy": uids[:1]} {
		if r := tm.run(t, who, hits(who, items...), "import", "--format", "labels", "--dataset", "tiny", "-"); r.code != 0 {
			t.Fatalf("%s's HITs: %+v", who, r)
		}
	}
	if r := tm.run(t, "", "", "policy", "--dataset", "tiny", "--min", "2", "--max", "2"); r.code != 0 {
		t.Fatalf("%+v", r)
	}
	for who, sees := range map[string]bool{"ana": true, "bo": true, "cy": false, "dee": false} {
		if who == "dee" {
			tm.run(t, "", "", "annotators", "dee", "--role", "annotator")
		}
		stats := jsonOf(t, tm.run(t, who, "", "stats", "--json", "--dataset", "tiny"))
		few, shown := momentsShown(t, who, stats, !sees)
		if few == 0 || (shown > 0) != sees {
			t.Errorf("%s: %d figures over few panes, %d shown; want them shown: %v", who, few, shown, sees)
		}
	}
}
