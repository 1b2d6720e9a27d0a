package store

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// A protocol file's new units come after every unit the database knew
// before, each known one keeps its index, a name already known (ClariMM's
// diversity) is not added twice, and readers meanwhile see a whole set
// (-race).
func TestAddUnitsKeepsEveryIndex(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	before := slices.Clone(st.Units())
	_, text := shippedAs(t, "units-test")
	text = []byte(strings.Replace(string(text), `unit = "pane_quality"`, `unit = "diversity"`, 1))
	f, err := guidelines.ParseProtocolFile("units-test", text)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				_ = st.UnitIndex("question") + len(st.unitOrderOf("l.unit"))
			}
		}
	})
	err = st.AddProtocol(context.Background(), testLead(t, st), f, text)
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	after := st.Units()
	if !slices.Equal(after[:len(before)], before) {
		t.Fatal("a known unit moved")
	}
	added := after[len(before):]
	if slices.Contains(added, "diversity") || len(added) == 0 {
		t.Errorf("added %v", added)
	}
	if st.UnitIndex(added[0]) != len(before) || st.UnitIndex("diversity") != slices.Index(before, "diversity") || st.UnitIndex("nope") != -1 {
		t.Errorf("indexes: %s %d, diversity %d", added[0], st.UnitIndex(added[0]), st.UnitIndex("diversity"))
	}
	if !strings.Contains(st.unitOrderOf("l.unit"), "WHEN '"+added[0]+"' THEN ") {
		t.Error("the SQL order lacks an added unit")
	}
}
