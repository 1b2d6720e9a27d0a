package data_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// An import reads only the formats it is given (Options.Formats, a
// database's kinds' in claritty import): a protocol file's data is
// refused without that file's format and imported under it with it, and
// --format names one of them or is refused with them listed.
func TestImportReadsTheFormatsGiven(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	duo, err := guidelines.FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	h := duo.File.Item.Header
	cells := make([]string, len(h))
	for i, c := range h {
		if slices.Contains(duo.File.Item.ID, c) || slices.Contains(duo.File.Item.Text, c) || slices.Contains(duo.File.Item.List, c) {
			cells[i] = "a"
		}
	}
	body := strings.Join(h, "\t") + "\n" + strings.Join(cells, "\t") + "\n"
	click := []data.Format{data.ClickFormat()}
	refused := []struct {
		opt  data.Options
		want string
	}{
		{data.Options{Formats: click}, "duo.tsv:1: missing or unknown header: no format claritty reads starts with"},
		{data.Options{Formats: append(click, data.ProtocolFormat(duo)), Format: "serp"},
			`unknown format "serp" (want one of mimics-click, or a protocol: mimics-duo-quality)`},
		{data.Options{Formats: append(click, data.ProtocolFormat(duo), data.ProtocolFormat(duo))},
			"duo.tsv:1: the header of several protocols (mimics-duo-quality, mimics-duo-quality): say which with --format NAME"},
	}
	for _, c := range refused {
		_, err := data.Import(ctx, st, lead, strings.NewReader(body), "duo.tsv", c.opt)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("formats %v: %v, want %s", c.opt.Format, err, c.want)
		}
	}
	if ds, err := st.Datasets(ctx); err != nil || len(ds) != 0 {
		t.Fatalf("after the refusals: %v, %v", ds, err)
	}
	res, err := data.Import(ctx, st, lead, strings.NewReader(body), "duo.tsv", data.Options{Formats: append(click, data.ProtocolFormat(duo))})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != "mimics-duo-quality" || res.Items != 1 {
		t.Errorf("imported as %s, %d items", res.Format, res.Items)
	}
}
