package data_test

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// Ratings merge in as labels do, on the 1-5 scale and only for units the
// conversation has.
func TestMergeClariMMRatings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.Open(t)
	demotest.Conversations(t, st, []int{3})
	clarimm := st.Protocol("clarimm")
	full := data.RatingsExportHeader(clarimm) + "\n"
	for _, u := range clarimm.Units(guidelines.Shape{Answers: 3}) {
		full += "c1\t" + u + "\tana\t4\t\t\t\n"
	}
	res, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(full), "r.tsv", data.Options{})
	if err != nil || res.Merge.Added != 6 || res.Merge.Finished != 1 {
		t.Fatalf("merge %+v %v", res.Merge, err)
	}
	before := storetest.DataFingerprint(t, storetest.DB(t, st))
	for _, c := range []struct{ row, want string }{
		{"c1\tcoherence\tbo\t6", `r.tsv:2: label "6" is not one of 1, 2, 3, 4, 5`},
		{"c1\tcoherence\tbo\t0", `r.tsv:2: label "0" is not one of 1, 2, 3, 4, 5`},
		{"c1\trelevance_4\tbo\t3", "r.tsv:2: the conversation has 3 turns, so no relevance_4"},
		{"c1\tlanding_1\tbo\t2", `r.tsv:2: unit "landing_1" is not one of relevance_1`},
	} {
		_, err := demotest.Import(ctx, st, storetest.Lead(t, st), strings.NewReader(data.RatingsHeader+"\n"+c.row+"\n"), "r.tsv", data.Options{})
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.row, err, c.want)
		}
	}
	if storetest.DataFingerprint(t, storetest.DB(t, st)) != before {
		t.Fatal("a refused merge changed the database")
	}
}
