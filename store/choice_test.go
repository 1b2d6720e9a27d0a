package store

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// choiceSrc is a protocol file whose one step picks one of an item's
// facets (a list of five columns).
const choiceSrc = `name = "pick-facet"
title = "Pick the facet"
items = "requests"

[item]
header = ["request", "f1", "f2", "f3", "f4", "f5", "best"]
id = ["request"]
text = ["request"]
list = ["f1", "f2", "f3", "f4", "f5"]
list_name = "facet"

[[step]]
title = "Which facet should be asked about?"
unit = "facet"
kind = "choice"
show = ["request", "list"]
column = "best"
`

// seedChoice imports one request with three facets under choiceSrc, with
// the known labels given, and returns its item id (0 when the import is
// refused, with the error).
func seedChoice(t *testing.T, st *Store, known ...UnitLabel) (int64, error) {
	t.Helper()
	ctx := context.Background()
	f, err := guidelines.ParseProtocolFile("pick.toml", []byte(choiceSrc))
	if err != nil {
		t.Fatal(err)
	}
	lead := testLead(t, st)
	im, err := st.BeginProtocolImport(ctx, lead, "pick", "", f, []byte(choiceSrc))
	if err != nil {
		t.Fatal(err)
	}
	defer im.Rollback()
	it := FileItem{UID: fmt.Sprintf("%016x", 1), Query: "jaguar", Options: [5]string{"the car", "the cat", "the team"},
		Rows: []string{"jaguar\tthe car\tthe cat\tthe team\t\t\t\n"}}
	if _, err := im.AddFileItem(it, known...); err != nil {
		return 0, err
	}
	ds := im.DatasetID()
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	var id int64
	st.EachItem(ctx, ds, func(it Item) error {
		id = it.ID
		return nil
	})
	return id, nil
}

// A choice label is the number of one of the item's own elements: 1-3 of
// a request with three facets store; 4 (a facet the list could hold but
// this item has not) and 6 (none the kind has) are refused whoever writes
// them (a label, a lead's decision, a release's known label), and the
// database is unchanged by a refusal.
func TestChoiceLabelIsOneOfTheItemsElements(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	item, err := seedChoice(t, st)
	if err != nil {
		t.Fatal(err)
	}
	lead := testLead(t, st)
	ana, err := st.SetRole(ctx, lead, "ana", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	set := func(v int) error {
		_, err := st.SetLabel(ctx, LabelChange{ItemID: item, AnnotatorID: ana.ID, Unit: "facet", Value: &v, Finish: true})
		return err
	}
	before, err := os.ReadFile(st.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []int{0, 4, 5, 6, 12} {
		if err := set(v); err == nil {
			t.Errorf("facet %d of a request with 3 facets stored", v)
		}
		if err := st.Adjudicate(ctx, item, "facet", &v, lead, ""); err == nil {
			t.Errorf("a decision of facet %d of a request with 3 facets stored", v)
		}
	}
	if err := set(4); err == nil || !strings.Contains(err.Error(), "the item has 3 facets") {
		t.Errorf("facet 4: %v, want it to say the item has 3 facets", err)
	}
	if after, _ := os.ReadFile(st.Path()); string(after) != string(before) {
		t.Error("a refused choice changed the database")
	}
	if err := set(3); err != nil {
		t.Fatal(err)
	}
	if got, _ := st.Labels(ctx, item, ana.ID); got["facet"] != 3 {
		t.Errorf("labels: %v, want facet 3", got)
	}
	two := 2
	if err := st.Adjudicate(ctx, item, "facet", &two, lead, ""); err != nil {
		t.Errorf("a decision of facet 2: %v", err)
	}
	checkSound(t, st)

	other := openTemp(t)
	if _, err := seedChoice(t, other, UnitLabel{Unit: "facet", Annotator: "release", Value: 5}); err == nil || !strings.Contains(err.Error(), "does not fit the item (the item has 3 facets)") {
		t.Errorf("a known facet 5 of 3: %v", err)
	}
	if _, err := seedChoice(t, other, UnitLabel{Unit: "facet", Annotator: "release", Value: 3}); err != nil {
		t.Errorf("a known facet 3 of 3: %v", err)
	}
}
