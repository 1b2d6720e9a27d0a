package store

import (
	"strconv"
	"strings"

	"github.com/claritty/claritty/guidelines"
)

// kindState is a database's task kinds as this process read them: the
// protocols version they were read at (protocolsVersion) and the set.
type kindState struct {
	version string
	set     *guidelines.Set
}

// Kinds is the database's task kinds as this process last read them: the
// built-in kinds and the protocol files the database keeps. Protocols reads
// again what other processes changed.
func (s *Store) Kinds() *guidelines.Set { return s.kinds.Load().set }

// Protocol is the protocol of a kind of the database's (guidelines.Set.For).
func (s *Store) Protocol(k guidelines.Kind) guidelines.Protocol { return s.Kinds().For(k) }

// Units lists every unit of the database's kinds, in order; a vote's Unit
// is an index into it, for as long as the store is open. The caller must
// not change the slice.
func (s *Store) Units() []string { return s.Kinds().Units() }

// UnitIndex is a unit's index into Units, or -1.
func (s *Store) UnitIndex(unit string) int { return s.Kinds().UnitIndex(unit) }

// Units lists the units of the reading's database (Store.Units).
func (r *Reading) Units() []string { return r.s.Units() }

// Protocol is the protocol of a kind of the reading's database.
func (r *Reading) Protocol(k guidelines.Kind) guidelines.Protocol { return r.s.Protocol(k) }

// unitOrderOf sorts col's units in HIT order inside SQL.
func (s *Store) unitOrderOf(col string) string {
	var b strings.Builder
	b.WriteString("CASE " + col)
	for i, u := range s.Units() {
		// A protocol file's check allows only letters, digits and
		// underscores in a unit; quoting still makes any name a literal.
		b.WriteString(" WHEN '" + strings.ReplaceAll(u, "'", "''") + "' THEN " + strconv.Itoa(i))
	}
	return b.String() + " END"
}
