package report_test

import (
	"context"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// plainColumns is each label column's non-empty cells, as numbers, from a
// plain read of the file.
func plainColumns(t *testing.T, path string) map[string][]float64 {
	t.Helper()
	out := map[string][]float64{}
	for col, cells := range datatest.Columns(t, path) {
		for _, v := range cells {
			if x, err := strconv.Atoi(v); err == nil && col != "" {
				out[col] = append(out[col], float64(x))
			}
		}
	}
	return out
}

// stats on each MIMICS-Duo task reproduces the release's per-column mean
// and distribution: each column's non-empty cells, read plainly, against
// the unit (or, for Task 1's one rating column over every pane of a
// query, the step) that imported it.
func TestMIMICSDuoStatsReproduceTheRelease(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	shipped, err := guidelines.ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	files := map[guidelines.Kind]string{
		"mimics-duo-rating":  "mimics-duo/Task1-OfflineRating.tsv",
		"mimics-duo-quality": "mimics-duo/Task2-QualityLabelling.tsv",
		"mimics-duo-aspects": "mimics-duo/Task3-AspectLabelling.tsv",
	}
	for _, s := range shipped {
		if _, ok := files[s.File.Name]; !ok {
			continue // clariq: no release at hand (data's TestShippedClariQ)
		}
		path := datatest.SharedOrSkip(t, files[s.File.Name])
		in, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		res, err := data.ImportProtocolFile(ctx, st, lead, in, path, s.File, s.Text, data.Options{Dataset: string(s.File.Name)})
		in.Close()
		if err != nil {
			t.Fatal(err)
		}
		ds, err := st.DatasetByName(ctx, res.Dataset)
		if err != nil {
			t.Fatal(err)
		}
		r, err := st.ReadFigures(ctx, lead, ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		stats, err := report.ProtocolFileStats(ctx, r, r.Protocol(s.File.Name))
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]report.LabelSummary{}
		for _, l := range append(stats.Types, stats.Units...) {
			got[l.Name] = l
		}
		for _, st := range s.File.Steps {
			if st.Per == guidelines.PerElement {
				for n := 1; n <= len(s.File.Item.List); n++ {
					col := strings.ReplaceAll(st.Column, "{n}", strconv.Itoa(n))
					compare(t, s.File.Name, col, got[st.Unit+"_"+strconv.Itoa(n)], plainColumns(t, path)[col])
				}
				continue
			}
			// A unit asked once is its column; a step asked per row pools
			// the rows of each query into the column.
			compare(t, s.File.Name, st.Column, got[st.Unit], plainColumns(t, path)[st.Column])
		}
	}
}

func compare(t *testing.T, kind guidelines.Kind, col string, got report.LabelSummary, cells []float64) {
	t.Helper()
	if len(cells) == 0 || got.N != len(cells) || got.Mean == nil {
		t.Errorf("%s %s: n %d (mean %v), the column %d cells", kind, col, got.N, got.Mean, len(cells))
		return
	}
	sum := 0.0
	dist := map[int]int{}
	for _, x := range cells {
		sum += x
		dist[int(x)]++
	}
	if mean := sum / float64(len(cells)); math.Abs(*got.Mean-mean) > 1e-12 {
		t.Errorf("%s %s: mean %v, the column %v", kind, col, *got.Mean, mean)
	}
	for _, c := range got.Distribution {
		if c.N != dist[c.Value] {
			t.Errorf("%s %s: %d labels of %d, the column %d", kind, col, c.N, c.Value, dist[c.Value])
		}
	}
}

// Below the lead, a protocol file kind's figure over fewer than the
// policy's items of others' is withheld: a mean over one item is its
// gold. (The items are closed by bo's HITs under a policy of one
// annotator: below the lead, an item ana may still be given is in no
// figure at all.)
func TestProtocolFileStatsWithholdFewItems(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	ana := storetest.Person(t, st, "ana", store.RoleAnnotator)
	aspects, err := guidelines.FindShipped("mimics-duo-aspects")
	if err != nil {
		t.Fatal(err)
	}
	f, text := aspects.File, aspects.Text
	file := strings.Join(f.Item.Header, "\t") + "\n" +
		"q1\tWhich?\ta\tb\t\t\t\t4\t3\t5\t2\n" + "q2\tWhich?\ta\tb\t\t\t\t2\t3\t4\t5\n"
	res, err := data.ImportProtocolFile(ctx, st, lead, strings.NewReader(file), "few.tsv", f, text, data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, res.Dataset)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetPolicy(ctx, lead, ds.ID, store.Policy{Min: 1, Max: 1, Lease: time.Hour}); err != nil {
		t.Fatal(err)
	}
	bo := storetest.Person(t, st, "bo", store.RoleAnnotator)
	for seq := 1; seq <= 2; seq++ {
		it := storetest.ItemAt(t, st, ds.ID, seq)
		for i, st1 := range f.Steps {
			v := 3
			if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: bo.ID, Unit: st1.Unit, Value: &v,
				Finish: i == len(f.Steps)-1}); err != nil {
				t.Fatal(err)
			}
		}
	}
	for who, withheld := range map[store.Annotator]bool{lead: false, ana: true} {
		r, err := st.ReadFigures(ctx, who, ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		s, err := report.ProtocolFileStats(ctx, r, r.Protocol(f.Name))
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range append(s.Types, s.Units...) {
			if got := l.Withheld != "" && l.Mean == nil && l.Distribution == nil; got != withheld {
				t.Errorf("%s, %s over 2 items: withheld %v (%+v)", who.Name, l.Name, got, l)
			}
		}
		if len(s.Types) != 4 {
			t.Errorf("%s: %d steps", who.Name, len(s.Types))
		}
	}
}
