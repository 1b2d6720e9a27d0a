package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// A reading's label history keeps to the reading's rule of who sees what:
// a lead's has everyone's rows, withdrawn ones among them; ana's only
// hers; a reading for figures none; an item of another dataset than the
// one read is not found.
func TestLabelHistoryKeepsToTheReader(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	items, ana := seedClariQ(t, st, 2)
	lead := testLead(t, st)
	bo, err := st.SetRole(ctx, lead, "bo", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	keyAll(t, st, items[0], ana.ID, "need=3", "ask=1", "usefulness_1=2", "usefulness_2=3", "clear=1")
	keyAll(t, st, items[0], bo.ID, "need=2", "ask=0")
	keyAll(t, st, items[0], ana.ID, "ask=0")

	rows := func(who Annotator, open func(context.Context, Annotator, int64) (*Reading, error), item int64) ([]string, error) {
		ds, err := st.DatasetByName(ctx, "clariq")
		if err != nil {
			t.Fatal(err)
		}
		r, err := open(ctx, who, ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		h, err := r.LabelHistory(ctx, item)
		var out []string
		for _, e := range h {
			out = append(out, fmt.Sprintf("%s %s %v>%v %s", e.Unit, e.Annotator, show(e.Old), show(e.New), e.Source))
		}
		return out, err
	}
	anas := []string{"need ana ->3 tui", "ask ana ->1 tui", "usefulness_1 ana ->2 tui", "usefulness_2 ana ->3 tui", "clear ana ->1 tui",
		"ask ana 1>0 tui", "usefulness_1 ana 2>- withdrawn", "usefulness_2 ana 3>- withdrawn", "clear ana 1>- withdrawn"}
	bos := []string{"need bo ->2 tui", "ask bo ->0 tui"}
	all := slices.Concat(anas[:5], bos, anas[5:])
	if got, err := rows(lead, st.ReadLabels, items[0]); err != nil || !slices.Equal(got, all) {
		t.Errorf("the lead's: %v %v\nwant %v", got, err, all)
	}
	if got, err := rows(ana, st.ReadLabels, items[0]); err != nil || !slices.Equal(got, anas) {
		t.Errorf("ana's: %v %v\nwant %v", got, err, anas)
	}
	if got, err := rows(bo, st.ReadLabels, items[1]); err != nil || len(got) != 0 {
		t.Errorf("bo's of an item bo never labelled: %v %v", got, err)
	}
	if _, err := rows(lead, st.ReadFigures, items[0]); !errors.Is(err, ErrNotAllowed) {
		t.Errorf("a reading for figures gave history: %v", err)
	}
	_, other := importRequests(t, st, 1)
	if _, err := rows(lead, st.ReadLabels, other[0]); !errors.Is(err, ErrNotFound) {
		t.Errorf("an item of another dataset: %v", err)
	}
}

// show is a history value, - for none.
func show(v *int) string {
	if v == nil {
		return "-"
	}
	return fmt.Sprint(*v)
}
