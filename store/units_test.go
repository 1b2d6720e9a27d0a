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
	// ClariMM's file, which every database with conversations keeps.
	clarimm, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(context.Background(), testLead(t, st), clarimm.File, clarimm.Text); err != nil {
		t.Fatal(err)
	}
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
	want := []string{"answer_quality_1", "answer_quality_2", "answer_quality_3", "answer_quality_4", "answer_quality_5"}
	if !slices.Equal(added, want) {
		t.Errorf("added %v, want %v (diversity known already)", added, want)
	}
	if st.UnitIndex(added[0]) != len(before) || st.UnitIndex("diversity") != slices.Index(before, "diversity") || st.UnitIndex("nope") != -1 {
		t.Errorf("indexes: %s %d, diversity %d", added[0], st.UnitIndex(added[0]), st.UnitIndex("diversity"))
	}
	if !strings.Contains(st.unitOrderOf("l.unit"), "WHEN '"+added[0]+"' THEN ") {
		t.Error("the SQL order lacks an added unit")
	}
}

// A quote in a unit's name stays inside its SQL literal: the ORDER BY that
// sorts units runs. (A protocol file's units are letters and underscores;
// this holds the quoting should one ever come another way.)
func TestUnitOrderQuotes(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	f := &guidelines.ProtocolFile{Name: "units-quoted", Steps: []guidelines.FileStep{{Unit: "it's"}}}
	set, err := st.Kinds().With(f, nil)
	if err != nil {
		t.Fatal(err)
	}
	st.kinds.Store(&kindState{version: st.kinds.Load().version, set: set})
	if !strings.Contains(st.unitOrderOf("l.unit"), "WHEN 'it''s' THEN ") {
		t.Fatalf("the order: %s", st.unitOrderOf("l.unit"))
	}
	var n int
	if err := st.db.QueryRow(`SELECT count(*) FROM labels l ORDER BY ` + st.unitOrderOf("l.unit")).Scan(&n); err != nil {
		t.Errorf("the order with a quoted unit: %v", err)
	}
}
