package data

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// The released MIMICS-Manual.tsv, imported and exported as a release, comes
// back byte for byte.
func TestReleaseRoundTrip(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics/MIMICS-Manual.tsv")
	ctx := context.Background()
	st := demoStore(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	res, err := ImportFile(ctx, st, lead(t, st), path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, res.Dataset)
	var out bytes.Buffer
	sum, err := WriteManual(ctx, storetest.ReadGold(t, st, ds.ID), &out, report.ReleaseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(path)
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("round trip differs (%d bytes, want %d); summary %+v", out.Len(), len(want), sum)
	}
	if sum.Written != 2832 || sum.Flagged+sum.Unresolved+sum.Unlabelled+sum.Insufficient != 0 {
		t.Fatalf("summary %+v", sum)
	}
	// Every unit of the release says where its label came from.
	out.Reset()
	if _, err := WriteGold(ctx, storetest.ReadGold(t, st, ds.ID), &out, report.ReleaseOptions{}); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(out.String()), "\n")[1:] {
		if f := strings.Split(line, "\t"); f[3] != "imported" {
			t.Fatalf("gold row %d: %q, want provenance imported", i+2, line)
		}
	}
}

// goldStore has three demo panes labelled by three annotators each:
// pane 1 unanimous, pane 2 with a 2-1 majority on the question and a
// three-way tie on answer_set, pane 3 flagged; pane 4 is half done by one
// annotator (an open HIT, which gold ignores).
func goldStore(t *testing.T) (*store.Store, int64) {
	t.Helper()
	st := demoStore(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	ctx := context.Background()
	ds, _ := st.DatasetByName(ctx, DemoDataset)
	st.SetPolicy(ctx, lead(t, st), ds.ID, store.Policy{Min: 3, Max: 3, Lease: time.Hour})
	storetest.GoldVotes(t, st, ds.ID)
	return st, ds.ID
}

func paneGoldAt(t *testing.T, st *store.Store, ds int64, seq int) *report.PaneGold {
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

// One annotator's finished HIT on a dataset whose policy asks for three is
// not gold: its units are insufficient, never unanimous, and the release
// and gold exports leave the pane out (and say so) unless asked to keep it.
func TestSingleAnnotatorIsInsufficient(t *testing.T) {
	t.Parallel()
	st, ds := goldStore(t)
	ctx := context.Background()
	keyHIT(t, st, "bo", 5, storetest.All2)
	p5 := paneGoldAt(t, st, ds, 5)
	if len(p5.Units) == 0 || p5.Insufficient != len(p5.Units) {
		t.Fatalf("pane 5: %+v", p5)
	}
	for _, u := range p5.Units {
		if u.Provenance != "insufficient" || u.Label != 2 {
			t.Fatalf("pane 5 unit %+v, want insufficient with the label so far", u)
		}
	}
	var out bytes.Buffer
	sum, err := WriteManual(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{})
	if err != nil || sum.Insufficient != 1 || strings.Contains(out.String(), storetest.ItemAt(t, st, ds, 5).Query+"\t") {
		t.Fatalf("release %+v %v:\n%s", sum, err, out.String())
	}
	if !strings.Contains(sum.Line("panes"), "1 with fewer annotators than the policy's min (left out; --include-incomplete keeps them)") {
		t.Fatalf("summary line: %s", sum.Line("panes"))
	}
	out.Reset()
	sum, _ = WriteManual(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{IncludeIncomplete: true})
	if sum.Insufficient != 1 || !strings.Contains(out.String(), storetest.ItemAt(t, st, ds, 5).Query+"\t") {
		t.Fatalf("with incomplete %+v:\n%s", sum, out.String())
	}
	out.Reset()
	uid := storetest.ItemAt(t, st, ds, 5).UID
	sum, _ = WriteGold(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{})
	if sum.Insufficient != 1 || strings.Contains(out.String(), uid) {
		t.Fatalf("gold export kept an insufficient pane: %+v", sum)
	}
	out.Reset()
	WriteGold(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{IncludeIncomplete: true})
	if !strings.Contains(out.String(), uid+"\tquestion\t2\tinsufficient\t2:1\t\n") {
		t.Fatalf("gold export with incomplete:\n%s", out.String())
	}
}

func TestGoldExport(t *testing.T) {
	t.Parallel()
	st, ds := goldStore(t)
	var out bytes.Buffer
	sum, err := WriteGold(context.Background(), storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{})
	if err != nil || sum.Flagged != 1 {
		t.Fatalf("%+v, %v", sum, err)
	}
	uid := storetest.ItemAt(t, st, ds, 2).UID
	for _, want := range []string{
		GoldHeader + "\n",
		uid + "\tquestion\t2\tmajority\t1:1,2:2\t\n",
		uid + "\tanswer_set\t\tunresolved\t0:1,1:1,2:1\t\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("gold export lacks %q:\n%s", want, out.String())
		}
	}
}

func TestPseudonymsAreStableAndHideNames(t *testing.T) {
	t.Parallel()
	st, ds := goldStore(t)
	ctx := context.Background()
	export := func() string {
		rename, err := st.Pseudonyms(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := WriteLabels(ctx, storetest.ReadLabels(t, st, ds), &b, rename); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	a, b := export(), export()
	if a != b {
		t.Fatal("pseudonyms changed between exports")
	}
	for _, name := range []string{"\tana\t", "\tbo\t", "\tcy\t", "demo-kai"} {
		if strings.Contains(a, name) {
			t.Fatalf("%q appears in a pseudonymized export", name)
		}
	}
	rows, err := ReadRatings(strings.NewReader(a), "p.tsv")
	if err != nil {
		t.Fatal(err)
	}
	people := map[string]bool{}
	for _, r := range rows {
		people[r.Annotator] = true
	}
	if len(people) != 3+5 { // ana, bo, cy and the five demo annotators
		t.Fatalf("%d pseudonyms: %v", len(people), people)
	}
}

// A release file that contradicts the labels it brought before (the same
// pane twice with different labels, or a re-import of a changed file) is
// refused at its line, and the database stays as it was.
func TestConflictingReleaseIsRefused(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demoStore(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	row := "jaguar\tWhich jaguar?\tcar\tcat\t\t\t\t2\t1\t2\t0\t\t\t"
	if _, err := Import(ctx, st, lead(t, st), strings.NewReader(ManualHeader()+"\n"+row+"\n"), "r.tsv", Options{}); err != nil {
		t.Fatal(err)
	}
	before := fingerprint(t, storetest.DB(t, st))
	changed := strings.Replace(row, "\t2\t1\t2\t0", "\t2\t0\t2\t0", 1)
	for name, body := range map[string]string{
		"r.tsv":   "puma\tWhich puma?\ta\tb\t\t\t\t1\t1\t1\t1\t\t\t\n" + changed + "\n",
		"dup.tsv": row + "\n" + changed + "\n",
	} {
		_, err := Import(ctx, st, lead(t, st), strings.NewReader(ManualHeader()+"\n"+body), name, Options{Dataset: "r"})
		if err == nil || !strings.HasPrefix(err.Error(), name+":3: mimics-release already has answer_set = 1") {
			t.Errorf("%s: %v", name, err)
		}
		if fingerprint(t, storetest.DB(t, st)) != before {
			t.Errorf("%s: a refused import changed the database", name)
		}
	}
}
