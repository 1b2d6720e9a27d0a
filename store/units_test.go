package store

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// A protocol file's new units come after every unit known before, each
// known one keeps its index, a name already known (ClariMM's diversity)
// is not added twice, and readers meanwhile see a whole set (-race).
func TestAddUnitsKeepsEveryIndex(t *testing.T) {
	before := slices.Clone(Units())
	var wg sync.WaitGroup
	stop := make(chan struct{})
	wg.Go(func() {
		for {
			select {
			case <-stop:
				return
			default:
				_ = UnitIndex("question") + len(unitOrderOf("l.unit"))
			}
		}
	})
	addUnits([]string{"units_test_alpha", "diversity", "units_test_beta", "units_test_alpha", "units_test_it's"})
	close(stop)
	wg.Wait()
	after := Units()
	if !slices.Equal(after[:len(before)], before) {
		t.Fatal("a known unit moved")
	}
	if got := after[len(before):]; !slices.Equal(got, []string{"units_test_alpha", "units_test_beta", "units_test_it's"}) {
		t.Errorf("added %v", got)
	}
	if UnitIndex("units_test_beta") != len(before)+1 || UnitIndex("diversity") != slices.Index(before, "diversity") || UnitIndex("nope") != -1 {
		t.Errorf("indexes: beta %d, diversity %d", UnitIndex("units_test_beta"), UnitIndex("diversity"))
	}
	if !strings.Contains(unitOrderOf("l.unit"), "WHEN 'units_test_beta' THEN ") {
		t.Error("the SQL order lacks an added unit")
	}
	// A quote in a name stays inside its literal: the ORDER BY runs.
	var n int
	if err := openTemp(t).db.QueryRow(`SELECT count(*) FROM labels l ORDER BY ` + unitOrderOf("l.unit")).Scan(&n); err != nil {
		t.Errorf("the order with a quoted unit: %v", err)
	}
}
