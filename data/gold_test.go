package data_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store/storetest"
)

// The released MIMICS-Manual.tsv, imported and exported as a release, comes
// back byte for byte.
func TestReleaseRoundTrip(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics/MIMICS-Manual.tsv")
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	res, err := demotest.ImportFile(ctx, st, storetest.Lead(t, st), path, data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ds, _ := st.DatasetByName(ctx, res.Dataset)
	var out bytes.Buffer
	sum, err := data.WriteManual(ctx, storetest.ReadGold(t, st, ds.ID), &out, report.ReleaseOptions{})
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
	if _, err := data.WriteGold(ctx, storetest.ReadGold(t, st, ds.ID), &out, report.ReleaseOptions{}); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(strings.TrimSpace(out.String()), "\n")[1:] {
		if f := strings.Split(line, "\t"); f[3] != "imported" {
			t.Fatalf("gold row %d: %q, want provenance imported", i+2, line)
		}
	}
}

// One annotator's finished HIT on a dataset whose policy asks for three is
// not gold: its units are insufficient, never unanimous, and the release
// and gold exports leave the pane out (and say so) unless asked to keep it.
func TestSingleAnnotatorIsInsufficient(t *testing.T) {
	t.Parallel()
	st, ds := demotest.Gold(t)
	ctx := context.Background()
	demotest.KeyHIT(t, st, "bo", 5, storetest.All2)
	p5 := demotest.PaneGoldAt(t, st, ds, 5)
	if len(p5.Units) == 0 || p5.Insufficient != len(p5.Units) {
		t.Fatalf("pane 5: %+v", p5)
	}
	for _, u := range p5.Units {
		if u.Provenance != "insufficient" || u.Label != 2 {
			t.Fatalf("pane 5 unit %+v, want insufficient with the label so far", u)
		}
	}
	var out bytes.Buffer
	sum, err := data.WriteManual(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{})
	if err != nil || sum.Insufficient != 1 || strings.Contains(out.String(), storetest.ItemAt(t, st, ds, 5).Query+"\t") {
		t.Fatalf("release %+v %v:\n%s", sum, err, out.String())
	}
	if !strings.Contains(sum.Line("panes"), "1 with fewer annotators than the policy's min (left out; --include-incomplete keeps them)") {
		t.Fatalf("summary line: %s", sum.Line("panes"))
	}
	out.Reset()
	sum, _ = data.WriteManual(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{IncludeIncomplete: true})
	if sum.Insufficient != 1 || !strings.Contains(out.String(), storetest.ItemAt(t, st, ds, 5).Query+"\t") {
		t.Fatalf("with incomplete %+v:\n%s", sum, out.String())
	}
	out.Reset()
	uid := storetest.ItemAt(t, st, ds, 5).UID
	sum, _ = data.WriteGold(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{})
	if sum.Insufficient != 1 || strings.Contains(out.String(), uid) {
		t.Fatalf("gold export kept an insufficient pane: %+v", sum)
	}
	out.Reset()
	data.WriteGold(ctx, storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{IncludeIncomplete: true})
	if !strings.Contains(out.String(), uid+"\tquestion\t2\tinsufficient\t2:1\t\n") {
		t.Fatalf("gold export with incomplete:\n%s", out.String())
	}
}

func TestGoldExport(t *testing.T) {
	t.Parallel()
	st, ds := demotest.Gold(t)
	var out bytes.Buffer
	sum, err := data.WriteGold(context.Background(), storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{})
	if err != nil || sum.Flagged != 1 {
		t.Fatalf("%+v, %v", sum, err)
	}
	uid := storetest.ItemAt(t, st, ds, 2).UID
	for _, want := range []string{
		data.GoldHeader + "\n",
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
	st, ds := demotest.Gold(t)
	ctx := context.Background()
	export := func() string {
		rename, err := st.Pseudonyms(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := data.WriteLabels(ctx, storetest.ReadLabels(t, st, ds), &b, rename); err != nil {
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
	rows, err := data.ReadRatings(strings.NewReader(a), "p.tsv")
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
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	row := "jaguar\tWhich jaguar?\tcar\tcat\t\t\t\t2\t1\t2\t0\t\t\t"
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(data.ManualHeader()+"\n"+row+"\n"), "r.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	before := storetest.DataFingerprint(t, storetest.DB(t, st))
	changed := strings.Replace(row, "\t2\t1\t2\t0", "\t2\t0\t2\t0", 1)
	for name, body := range map[string]string{
		"r.tsv":   "puma\tWhich puma?\ta\tb\t\t\t\t1\t1\t1\t1\t\t\t\n" + changed + "\n",
		"dup.tsv": row + "\n" + changed + "\n",
	} {
		_, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(data.ManualHeader()+"\n"+body), name, data.Options{Dataset: "r"})
		if err == nil || !strings.HasPrefix(err.Error(), name+":3: mimics-release already has answer_set = 1") {
			t.Errorf("%s: %v", name, err)
		}
		if storetest.DataFingerprint(t, storetest.DB(t, st)) != before {
			t.Errorf("%s: a refused import changed the database", name)
		}
	}
}
