// Package demotest gives tests a database holding the embedded demo,
// imported once per test process and copied for each test, and the other
// fixtures that need data's importers, so report's tests and data's
// external ones (package data_test) share one copy of each.
package demotest

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Store is a database of the test's own holding the demo (the conversations'
// pictures are not on disk: a test that opens them uses Fresh), imported by its
// lead ("lead", storetest.Lead), the compare items' sides drawn from a
// fixed seed so golden screens are the same every run.
func Store(t testing.TB) *store.Store {
	t.Helper()
	return ByLead(t, "lead")
}

// ByLead is Store with the demo imported by the lead of that name (the
// database's first user).
func ByLead(t testing.TB, lead string) *store.Store {
	t.Helper()
	return storetest.Built(t, "demo-by-"+lead, func(ctx context.Context, st *store.Store) error {
		who, err := st.Actor(ctx, lead, "")
		if err != nil {
			return err
		}
		return load(ctx, st, who)
	})
}

func load(ctx context.Context, st *store.Store, lead store.Annotator) error {
	st.Sides = rand.New(rand.NewPCG(1, 2))
	return data.LoadDemo(ctx, st, lead)
}

// Fresh is Store imported now, into the test's folder: slower, but the
// demo conversations' pictures are on disk beside it, the test's own to
// open or remove.
func Fresh(t testing.TB) *store.Store {
	t.Helper()
	st := storetest.Open(t)
	if err := load(context.Background(), st, storetest.Lead(t, st)); err != nil {
		t.Fatal(err)
	}
	return st
}

// At is Store on a clock that starts at start and moves one second per
// timestamp, so label times are ordered and known (storetest.Clocked).
func At(t testing.TB, start time.Time) *store.Store {
	t.Helper()
	return storetest.Clocked(t, "demo", start, loadAsLead)
}

// loadAsLead imports the demo as the lead named "lead", the database's
// first user, as storetest.Lead makes them.
func loadAsLead(ctx context.Context, st *store.Store) error {
	who, err := st.Actor(ctx, "lead", "")
	if err != nil {
		return err
	}
	return load(ctx, st, who)
}

// KeyHIT labels the units of the demo pane seq as the annotator, the way
// the TUI does (storetest.KeyHIT).
func KeyHIT(t testing.TB, st *store.Store, name string, seq int, values map[string]int) {
	t.Helper()
	ds, err := st.DatasetByName(context.Background(), data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	storetest.KeyHIT(t, st, ds.ID, seq, name, values)
}

// Gold is At 2026-11-21 09:00 UTC with the demo dataset's policy asking
// for exactly three annotators and storetest.GoldVotes keyed: pane 1
// unanimous, pane 2 with a 2-1 majority on the question and a three-way
// tie on answer_set, pane 3 flagged; pane 4 is half done by one annotator
// (an open HIT, which gold ignores). It returns the demo dataset's id.
func Gold(t testing.TB) (*store.Store, int64) {
	t.Helper()
	start := time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)
	st := storetest.Clocked(t, "demo-gold", start, func(ctx context.Context, st *store.Store) error {
		if err := loadAsLead(ctx, st); err != nil {
			return err
		}
		ds, err := st.DatasetByName(ctx, data.DemoDataset)
		if err != nil {
			return err
		}
		if err := st.SetPolicy(ctx, storetest.Lead(t, st), ds.ID, store.Policy{Min: 3, Max: 3, Lease: time.Hour}); err != nil {
			return err
		}
		storetest.GoldVotes(t, st, ds.ID)
		return nil
	})
	ds, err := st.DatasetByName(context.Background(), data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	return st, ds.ID
}

// PaneGoldAt is the gold of pane seq of a dataset, as the lead reads it.
func PaneGoldAt(t testing.TB, st *store.Store, ds int64, seq int) *report.PaneGold {
	t.Helper()
	var found *report.PaneGold
	err := report.EachPaneGold(context.Background(), storetest.ReadGold(t, st, ds), func(p *report.PaneGold) error {
		if p.Item.Seq == seq {
			c := *p
			found = &c
		}
		return nil
	})
	if err != nil || found == nil {
		t.Fatalf("pane %d: %v", seq, err)
	}
	return found
}

// Nuggets is a database of its own holding datatest.NuggetsGold's two
// intents as dataset "g" and answers to them from systems a (k 1) and b,
// imported once per test process and copied for each test.
func Nuggets(t testing.TB) (*store.Store, store.Dataset) {
	t.Helper()
	st := storetest.Built(t, "nuggets", func(ctx context.Context, st *store.Store) error {
		lead, err := st.Actor(ctx, "lead", "")
		if err != nil {
			return err
		}
		dir := t.TempDir()
		a := `{"id": "q1", "answer": "opened 1937, by Strauss", "k": 1}` + "\n" + `{"id": "2", "answer": "about 60 mg", "k": 1}` + "\n"
		b := `{"id": "q1", "answer": "a bridge", "system": "b"}` + "\n" + `{"id": "2", "answer": "strong", "system": "b"}` + "\n"
		for _, f := range []struct {
			name, body string
			opt        data.Options
		}{
			{"gold.jsonl", datatest.NuggetsGold, data.Options{Dataset: "g"}},
			{"a.jsonl", a, data.Options{Format: data.FormatCandidates, System: "a"}},
			{"b.jsonl", b, data.Options{}},
		} {
			if _, err := ImportFile(ctx, st, lead, datatest.WriteFile(t, filepath.Join(dir, f.name), f.body), f.opt); err != nil {
				return err
			}
		}
		return nil
	})
	d, err := st.DatasetByName(context.Background(), "g")
	if err != nil {
		t.Fatal(err)
	}
	return st, d
}

// Conversations imports, as dataset "d" of st, one ClariMM conversation
// for each entry of turns, c1, c2 ..., of that many turns.
func Conversations(t testing.TB, st *store.Store, turns []int) store.Dataset {
	t.Helper()
	var b strings.Builder
	for i, n := range turns {
		b.WriteString(datatest.ClariMMLine(fmt.Sprintf("c%d", i+1), make([][]string, n)...) + "\n")
	}
	ctx := context.Background()
	if _, err := Import(ctx, st, storetest.Lead(t, st), strings.NewReader(b.String()), filepath.Join(t.TempDir(), "d.jsonl"), data.Options{Dataset: "d"}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "d")
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// Formats are every format data reads, and the protocol files st keeps or
// claritty ships: what claritty import offers a database (kinds'
// Set.Formats, which tests below cmd cannot import).
func Formats(st *store.Store) []data.Format {
	out := []data.Format{data.ManualFormat(), data.ClickFormat(), data.SERPFormat(), data.LabelsFormat(),
		data.NuggetsFormat(), data.CandidatesFormat(), data.PairsFormat()}
	files, err := st.Kinds().Files()
	if err != nil {
		panic(err)
	}
	for _, f := range files {
		out = append(out, data.ProtocolFormat(f))
	}
	return out
}

// Import is data.Import offering the formats claritty import would
// (Formats), unless opt names its own.
func Import(ctx context.Context, st *store.Store, who store.Annotator, r io.Reader, name string, opt data.Options) (data.Result, error) {
	if opt.Formats == nil {
		opt.Formats = Formats(st)
	}
	return data.Import(ctx, st, who, r, name, opt)
}

// ImportFile is data.ImportFile offering the formats claritty import
// would (Formats), unless opt names its own.
func ImportFile(ctx context.Context, st *store.Store, who store.Annotator, path string, opt data.Options) (data.Result, error) {
	if opt.Formats == nil {
		opt.Formats = Formats(st)
	}
	return data.ImportFile(ctx, st, who, path, opt)
}
