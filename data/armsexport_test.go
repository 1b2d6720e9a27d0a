package data_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// A lead's labels export of a dataset with arms, with and without the
// texts, is its parts in order: the labels header, the arm columns, then
// the text columns; every row has a cell under each.
func TestArmsLabelsExportHeaderIsItsParts(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	path := datatest.WriteFile(t, filepath.Join(t.TempDir(), "demo.tsv"), datatest.DemoFile(t, "demo/demo.tsv"))
	if _, err := demotest.ImportFile(ctx, st, lead, path, data.Options{Dataset: "study"}); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "study")
	if err != nil {
		t.Fatal(err)
	}
	arms, err := store.ParseArms("blind=2")
	if err == nil {
		err = st.SetArms(ctx, lead, ds.ID, arms, store.GoldFromBlind)
	}
	if err != nil {
		t.Fatal(err)
	}
	an := storetest.Person(t, st, "ann", "annotator")
	id, ok, _, err := st.NextHIT(ctx, ds.ID, an.ID, 0)
	if err != nil || !ok {
		t.Fatalf("next HIT: %v %v", ok, err)
	}
	err = st.EachItem(ctx, ds.ID, func(it store.Item) error {
		if it.ID == id {
			values := map[string]int{}
			for _, u := range guidelines.MIMICS.Units(it.Shape(0)) {
				values[u] = 1
			}
			storetest.KeyHIT(t, st, ds.ID, it.Seq, "ann", values)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		write func(context.Context, *store.Reading, *bytes.Buffer) error
		head  string
	}{
		{func(ctx context.Context, r *store.Reading, b *bytes.Buffer) error {
			return data.WriteLabels(ctx, r, b, nil)
		},
			data.LabelsHeader + "\t" + data.ArmsHeader},
		{func(ctx context.Context, r *store.Reading, b *bytes.Buffer) error {
			return data.WriteLabelsText(ctx, r, b, nil)
		},
			data.LabelsHeader + "\t" + data.ArmsHeader + "\t" + report.TextHeader},
	} {
		var b bytes.Buffer
		if err := c.write(ctx, storetest.ReadLabels(t, st, ds.ID), &b); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		if lines[0] != c.head || len(lines) < 2 {
			t.Fatalf("header %q (%d lines), want %q", lines[0], len(lines), c.head)
		}
		for _, l := range lines[1:] {
			if got, want := strings.Count(l, "\t"), strings.Count(c.head, "\t"); got != want || !strings.Contains(l, "\tblind\t") {
				t.Errorf("row %q: %d tabs, the header %d, or no arm", l, got, want)
			}
		}
	}
}
