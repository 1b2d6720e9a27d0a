package main

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
	"github.com/claritty/claritty/tui"
)

// Every protocol file's kind (each shipped, and one a lead wrote)
// has every layer a built-in kind has once its file is in the database:
// import knows its header, export writes its own format and the gold,
// stats, bench labels runs and the TUI's screens take it. Before, none do.
func TestEveryProtocolFileKindInEveryLayer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	shipped, err := guidelines.ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	aspects := slices.IndexFunc(shipped, func(p guidelines.ProtocolText) bool { return p.File.Name == "mimics-duo-aspects" })
	text := []byte(strings.Replace(string(shipped[aspects].Text), `name = "mimics-duo-aspects"`, `name = "own-aspects"`, 1))
	own, err := guidelines.ParseProtocolFile("own.toml", text)
	if err != nil {
		t.Fatal(err)
	}
	files := append(shipped, guidelines.ProtocolText{File: own, Text: text})
	for _, p := range files {
		k := p.File.Name
		before, err := kinds.Open(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		if _, has := before.Kind(k); k == "own-aspects" && has {
			t.Errorf("%s has layers before its file is in the database", k)
		}
		if err := st.AddProtocol(ctx, lead, p.File, p.Text); err != nil {
			t.Fatal(err)
		}
		var cells []string // text in the item's columns, the label columns empty
		for _, c := range p.File.Item.Header {
			it := p.File.Item
			if slices.Contains(it.ID, c) || slices.Contains(it.Text, c) || slices.Contains(it.List, c) {
				cells = append(cells, "a")
			} else {
				cells = append(cells, "")
			}
		}
		body := strings.Join(p.File.Item.Header, "\t") + "\n" + strings.Join(cells, "\t") + "\n"
		if p.File.JSONL() {
			body = jsonlItem(t, p.File)
		}
		opt := data.Options{Dataset: string(k)}
		if k == "trec-rag-support" { // JSONL, joined to a segment corpus
			body = datatest.RAGAnswer(t, "r", "t", []string{"d1"}, []string{"s"}, [][]int{{0}})
			opt.Joins = []data.JoinFile{{Name: "segment", File: "c.jsonl", R: strings.NewReader(datatest.Segment(t, "d1", "seg"))}}
		}
		if k == "own-aspects" {
			opt.Format = store.Format(k) // its header is Task 3's: import asks which
		}
		if res, err := demotest.Import(ctx, st, lead, strings.NewReader(body), "f.tsv", opt); err != nil || res.Format != store.Format(k) {
			t.Errorf("import of a %s file: %v %+v", k, err, res)
		}
		if f, ok := exportFormatNamed(string(k)); !ok || !f.release || f.kind != k {
			t.Errorf("export: no %s format", k)
		}
		d, err := st.DatasetByName(ctx, string(k))
		if err != nil {
			t.Fatal(err)
		}
		set, err := kinds.Open(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		desc, err := set.Of(d)
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		r, err := st.ReadGold(ctx, lead, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		// Each step's unit, or its row in a table of ratings (Relevance (Turn 1)).
		if err := writeStats(ctx, &out, desc, r, d, false); err != nil || !strings.Contains(strings.ToLower(out.String()), p.File.Steps[0].Unit) {
			t.Errorf("stats of a %s dataset: %v %q", k, err, out.String())
		}
		r.Close()
		if !slices.Contains(set.RunKinds(k), store.RunLabels) {
			t.Errorf("bench: %s takes no labels runs", k)
		}
		if _, ok := set.Screen(k); !ok {
			t.Errorf("tui: no screens for %s", k)
		}
	}
}

// A dataset of a kind this claritty does not know is an error, not shown
// or scored as another kind.
func TestUnknownKindIsAnError(t *testing.T) {
	t.Parallel()
	odd := store.Dataset{Name: "odd", Kind: "odd-kind"}
	set, err := kinds.Open(context.Background(), storetest.Open(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tui.New(context.Background(), tui.Config{Dataset: odd, Kinds: set}); err == nil || !strings.Contains(err.Error(), `"odd-kind"`) {
		t.Errorf("the TUI on an unknown kind: %v", err)
	}
	if _, err := set.Of(odd); err == nil || !strings.Contains(err.Error(), `"odd-kind"`) {
		t.Errorf("stats of an unknown kind: %v", err)
	}
	if got := set.RunKinds("odd-kind"); len(got) != 0 {
		t.Errorf("an unknown kind takes runs %v", got)
	}
}

// A database whose dataset holds a kind this claritty does not know (a
// newer claritty's, or a hand-edited file) is refused where the kind is
// read, by every command that reads it, with the kind named; the other
// datasets still work.
func TestUnknownKindInTheDatabase(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	st, err := store.Open(context.Background(), tm.db)
	if err != nil {
		t.Fatal(err)
	}
	_, err = storetest.DB(t, st).Exec(`UPDATE datasets SET kind = 'odd-kind' WHERE name = ?`, data.DemoNecessity)
	st.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"stats"}, {"export", "--format", "labels"}, {"agree"}, {"bench"}, {"policy"}} {
		r := tm.run(t, "", "", append(args, "--dataset", data.DemoNecessity)...)
		if r.code == 0 || !strings.Contains(r.stderr, `task kind "odd-kind": not a task kind this claritty knows`) {
			t.Errorf("%v on a dataset of an unknown kind: exit %d, %q", args, r.code, r.stderr)
		}
	}
	if r := tm.run(t, "", "", "stats", "--dataset", data.DemoDataset); r.code != 0 {
		t.Errorf("stats of another dataset: %+v", r)
	}
}

// Asked for a MIMICS-Manual release of another kind's dataset, export
// names that kind's own release format, one claritty export writes.
func TestManualReleaseNamesTheKindsOwn(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, ds := range []string{data.DemoConversations, data.DemoNuggets, data.DemoNecessity, data.DemoPairs} {
		r := tm.run(t, "", "", "export", "--format", "mimics-manual", "--dataset", ds)
		_, named, _ := strings.Cut(r.stderr, "export --format ")
		named = strings.TrimSpace(named)
		ok := slices.ContainsFunc(exportFormats, func(f exportFormat) bool { return f.name == named && f.release && f.kind != "" })
		if r.code == 0 || !ok {
			t.Errorf("%s as MIMICS-Manual: exit %d, %q names no release format of its kind", ds, r.code, r.stderr)
		}
	}
}

// jsonlItem is a JSONL file of one item of f: text in its id and text
// fields, every other key (the labels) empty, the keys a line may lack
// left out.
func jsonlItem(t *testing.T, f *guidelines.ProtocolFile) string {
	t.Helper()
	obj := map[string]any{}
	for _, k := range f.Item.Keys {
		if slices.Contains(f.Item.Optional, k) {
			continue
		}
		obj[k] = ""
		if slices.Contains(f.Item.ID, k) || slices.Contains(f.Item.Text, k) {
			obj[k] = "a"
		}
	}
	if f.IsConversation() { // one turn, saying "a" in each of its texts
		turn := map[string]string{}
		for _, k := range []string{"text", "question", "answer"} {
			turn[k] = "a"
		}
		obj[f.Item.Conversation] = []any{turn}
	}
	b, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}
