package store

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/claritty/claritty/guidelines"
)

// unitSet is every unit this process knows, in order: the built-in
// kinds' (each kind's in HIT order), then the units each registered
// protocol file added. A vote's Unit is an index into names; a unit keeps
// its index for the life of the process, and a name two kinds share (a
// file kind's "diversity", ClariMM's) is one index, read by its item's
// kind. The set is replaced whole when a file adds units, so readers take
// no lock.
type unitSet struct {
	names []string
	index map[string]int
	order string // a SQL CASE over "unit" giving each its index
}

var (
	units     atomic.Pointer[unitSet]
	unitsLock sync.Mutex
)

func init() {
	units.Store(newUnitSet(slices.Concat(guidelines.MIMICS.AllUnits, guidelines.ClariMM.AllUnits,
		guidelines.Nuggets.AllUnits, guidelines.Necessity.AllUnits, guidelines.Compare.AllUnits)))
}

func newUnitSet(names []string) *unitSet {
	s := &unitSet{names: names, index: make(map[string]int, len(names))}
	var b strings.Builder
	b.WriteString("CASE unit")
	for i, u := range names {
		s.index[u] = i
		// A protocol file's check allows only letters, digits and
		// underscores in a unit; quoting still makes any name a literal.
		b.WriteString(" WHEN '" + strings.ReplaceAll(u, "'", "''") + "' THEN " + strconv.Itoa(i))
	}
	s.order = b.String() + " END"
	return s
}

// Units lists every unit this process knows, in order; a vote's Unit is
// an index into it. The caller must not change the slice.
func Units() []string { return units.Load().names }

// UnitIndex is a unit's index into Units, or -1.
func UnitIndex(unit string) int {
	if i, ok := units.Load().index[unit]; ok {
		return i
	}
	return -1
}

// addUnits makes the names Units lacks known, after the others.
func addUnits(names []string) {
	unitsLock.Lock()
	defer unitsLock.Unlock()
	old := units.Load()
	var fresh []string
	for _, u := range names {
		if _, ok := old.index[u]; !ok && !slices.Contains(fresh, u) {
			fresh = append(fresh, u)
		}
	}
	if len(fresh) > 0 {
		units.Store(newUnitSet(slices.Concat(old.names, fresh)))
	}
}

// unitOrderOf sorts col's units in HIT order inside SQL.
func unitOrderOf(col string) string {
	return "CASE " + col + units.Load().order[len("CASE unit"):]
}
