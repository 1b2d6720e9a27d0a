package guidelines

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Set is the task kinds one database has: the built-in kinds and the
// protocol files it keeps. It belongs to the open database (store.Store
// holds one), never to the process, so two databases whose files share a
// name each read their own. A Set is never changed once made: With makes
// another, so readers take no lock.
type Set struct {
	protocols map[Kind]Protocol
	files     map[Kind]ProtocolText
	// units are every unit of the set's kinds in order (the built-in
	// kinds' in HIT order, then each file's new ones as it came); a name
	// two kinds share is one unit, read by its item's kind. A Set made
	// With another keeps its units' order, so an index stays one unit.
	units []string
	index map[string]int
}

// Builtins is the set of the built-in kinds alone (one, shared: no Set
// is ever changed).
func Builtins() *Set { return builtins() }

var builtins = sync.OnceValue(func() *Set {
	s := &Set{protocols: map[Kind]Protocol{}, files: map[Kind]ProtocolText{}, index: map[string]int{}}
	for _, p := range Protocols {
		s.protocols[p.Kind] = p
		s.addUnits(p.AllUnits)
	}
	return s
})

// With is the set and one protocol file more, in place of any file of
// its name the set had. A built-in kind's name is refused: labels stored
// under the one would be read under the other.
func (s *Set) With(f *ProtocolFile, text []byte) (*Set, error) {
	if isBuiltInKind(f.Name) {
		return nil, fmt.Errorf("protocol %q: a built-in task kind has that name", f.Name)
	}
	out := &Set{protocols: maps.Clone(s.protocols), files: maps.Clone(s.files),
		units: slices.Clone(s.units), index: maps.Clone(s.index)}
	p := f.Protocol()
	out.protocols[f.Name] = p
	out.files[f.Name] = ProtocolText{File: f, Text: slices.Clone(text)}
	out.addUnits(p.AllUnits)
	return out, nil
}

func (s *Set) addUnits(names []string) {
	for _, u := range names {
		if _, ok := s.index[u]; !ok {
			s.index[u] = len(s.units)
			s.units = append(s.units, u)
		}
	}
}

// Known says whether the set has the kind.
func (s *Set) Known(k Kind) bool {
	_, ok := s.protocols[k]
	return ok
}

// Protocol is the kind's protocol, if the set has the kind.
func (s *Set) Protocol(k Kind) (Protocol, bool) {
	p, ok := s.protocols[k]
	return p, ok
}

// For is the kind's protocol. Every kind a database stores is one of its
// set's (the store refuses a dataset of another when it reads it); for any
// other For is a protocol with no steps and no units, which asks nothing.
func (s *Set) For(k Kind) Protocol {
	if p, ok := s.protocols[k]; ok {
		return p
	}
	return Protocol{Kind: k, Items: "items"}
}

// File is the protocol file a kind of the set was made from, and its text;
// a built-in kind has none.
func (s *Set) File(k Kind) (ProtocolText, bool) {
	f, ok := s.files[k]
	return f, ok
}

// Kinds lists the set's kinds in name order.
func (s *Set) Kinds() []Kind { return slices.Sorted(maps.Keys(s.protocols)) }

// Units lists every unit of the set's kinds, in order; a vote's Unit is
// an index into it. The caller must not change the slice.
func (s *Set) Units() []string { return s.units }

// UnitIndex is a unit's index into Units, or -1.
func (s *Set) UnitIndex(unit string) int {
	if i, ok := s.index[unit]; ok {
		return i
	}
	return -1
}

// Files are the protocol files a database with this set may import
// under: its own (which win for their names) and those claritty carries,
// in name order.
func (s *Set) Files() ([]ProtocolText, error) {
	shipped, err := ShippedProtocols()
	if err != nil {
		return nil, err
	}
	byName := map[Kind]ProtocolText{}
	for _, f := range shipped {
		byName[f.File.Name] = f
	}
	maps.Copy(byName, s.files)
	out := slices.Collect(maps.Values(byName))
	slices.SortFunc(out, func(a, b ProtocolText) int { return strings.Compare(string(a.File.Name), string(b.File.Name)) })
	return out, nil
}

// Kept are the protocol files of the set (a database's own), in name
// order.
func (s *Set) Kept() []ProtocolText {
	out := slices.Collect(maps.Values(s.files))
	slices.SortFunc(out, func(a, b ProtocolText) int { return strings.Compare(string(a.File.Name), string(b.File.Name)) })
	return out
}

// Text is the text of the set's protocol file of that name (nil for none).
func (s *Set) Text(k Kind) []byte { return s.files[k].Text }
