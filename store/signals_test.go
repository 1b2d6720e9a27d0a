package store

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// A pane's click signals are read by a lead's reading only, and a rate
// for an answer the pane does not have is none.
func TestSignalsAreForLeads(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	im, err := st.BeginImport(ctx, lead, "click", "mimics", "mimics-click")
	if err != nil {
		t.Fatal(err)
	}
	meta := `{"impression_level":"high","engagement_level":7,"option_cctr":[0.5,0.25,0,0,0]}`
	if _, err := im.AddPane(Pane{Query: "q", Question: "Which?", Options: [5]string{"a", "b"}, Meta: meta}); err != nil {
		t.Fatal(err)
	}
	if _, err := im.AddPane(Pane{Query: "r", Question: "Which?", Options: [5]string{"a", "b"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "click")
	if err != nil {
		t.Fatal(err)
	}
	r, err := st.ReadFigures(ctx, lead, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	got, err := r.Signals(ctx)
	r.Close()
	if err != nil || len(got) != 1 {
		t.Fatalf("a lead's signals: %+v %v", got, err)
	}
	s := got[0]
	if s.Impression != "high" || s.Engagement != 7 || *s.CCTR[0] != 0.5 || *s.CCTR[1] != 0.25 || s.CCTR[2] != nil {
		t.Errorf("signals %+v", s)
	}
	// Signals edited out of range after the import are an error, not a
	// figure (engagement indexes a count of 0-10).
	if _, err := st.db.Exec(`UPDATE items SET meta = json_set(meta, '$.engagement_level', 11) WHERE query = 'q'`); err != nil {
		t.Fatal(err)
	}
	r, err = st.ReadFigures(ctx, lead, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Signals(ctx); err == nil || !strings.Contains(err.Error(), "unreadable click signals") {
		t.Errorf("engagement 11: %v", err)
	}
	r.Close()
	for _, role := range []string{RoleAnnotator, RoleAdjudicator} {
		who, err := st.SetRole(ctx, lead, "x-"+role, role)
		if err != nil {
			t.Fatal(err)
		}
		r, err := st.ReadFigures(ctx, who, ds.ID)
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.Signals(ctx)
		r.Close()
		if !errors.Is(err, ErrNotAllowed) {
			t.Errorf("an %s's signals: %v", role, err)
		}
	}
}
