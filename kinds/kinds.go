// Package kinds describes each task kind once: its protocol, the release
// files it writes, its statistics, the runs bench scores on it, its screen,
// and what more it can do (attention questions are its protocol's). The
// kinds built into the code are one file each; a protocol file's kind is
// made by FromFile. A database's kinds (Open) are the built-ins and the
// files it keeps, and every layer reads a kind from that set: cmd passes
// it down (the TUI's config, the import's and bench's options). Only cmd
// imports this package.
package kinds

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// Kind is one task kind's descriptor.
type Kind struct {
	Protocol guidelines.Protocol
	// Formats are the formats import reads its datasets from, in the
	// order help lists them.
	Formats []data.Format
	// Exports are the files the kind writes beyond every kind's (labels,
	// gold, bench), in the order help lists them. Own names the one in
	// the item's own shape: export --format KIND writes it.
	Exports []Export
	Own     string
	// Stats are the kind's statistics: one table, as text or JSON.
	Stats statsFunc
	// Runs are the kinds of run its datasets take, each with the scorer
	// bench scores it by.
	Runs []report.BenchRun
	// Screen is its HIT and adjudication screen.
	Screen tui.Screen
	// Ratings, optional, is its ratings' table per unit, which the TUI's
	// side pane shows (ClariMM's Table 1).
	Ratings func(ctx context.Context, r *store.Reading) (*report.RatingStats, error)
}

// Writes says whether the kind writes an export of that name.
func (k *Kind) Writes(name string) bool {
	return slices.ContainsFunc(k.Exports, func(e Export) bool { return e.Name == name })
}

// statsFunc makes a kind's statistics table over a dataset.
type statsFunc func(ctx context.Context, r *store.Reading, d store.Dataset) (Table, error)

// Table is a kind's statistics, written as text or as JSON.
type Table interface {
	WriteText(io.Writer) error
	WriteJSON(io.Writer) error
}

// Export is one file a kind writes.
type Export struct {
	Name string
	// Title is the release's name in its kind's papers ("MIMICS-Manual"):
	// asked of another kind's dataset, export names that kind's own.
	Title string
	// Release files are gold or a release: for leads, what they leave out
	// said on stderr, --include-incomplete applies. Others are labels
	// (everyone's for a lead, else their own), which --pseudonymize may
	// rename.
	Release bool
	// Unresolved: --include-unresolved applies.
	Unresolved bool
	// FirstOfKind: without --dataset, the first dataset of the kind (else
	// the first dataset).
	FirstOfKind bool
	// Write writes a release over a gold reading.
	Write func(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error)
	// Labels writes labels over a labels reading, rename naming the
	// annotators (nil: as they are).
	Labels func(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string) error
}

// Builtins are the kinds built into the code, one file each.
func Builtins() []*Kind {
	return []*Kind{mimics(), nuggets(), compare()}
}

// FromFile is a protocol file's kind: its items in the file's own shape
// (imported by the file's header, written back in it), one table of its
// labels, a system's labels as its only run, the file's screen.
func FromFile(pt guidelines.ProtocolText) *Kind {
	p := pt.File.Protocol()
	k := &Kind{
		Protocol: p,
		Formats:  []data.Format{data.ProtocolFormat(pt)},
		Exports:  []Export{{Name: string(p.Kind), Release: true, Unresolved: true, FirstOfKind: true, Write: writeProtocolFile}},
		Own:      string(p.Kind),
		Stats:    fileStats,
		Runs:     []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreLabels}},
		Screen:   tui.FileScreen(p),
	}
	withParts(k, pt.File)
	return k
}

// Set is the task kinds one database has.
type Set struct {
	protocols *guidelines.Set
	byName    map[guidelines.Kind]*Kind
}

// Open is the set of kinds the database has: the built-ins and the
// protocol files it keeps, as they stand now.
func Open(ctx context.Context, st *store.Store) (*Set, error) {
	protocols, err := st.Protocols(ctx)
	if err != nil {
		return nil, err
	}
	return of(protocols)
}

// of makes the set of kinds over a database's protocols.
func of(protocols *guidelines.Set) (*Set, error) {
	s := &Set{protocols: protocols, byName: map[guidelines.Kind]*Kind{}}
	for _, k := range Builtins() {
		s.byName[k.Protocol.Kind] = k
	}
	for _, name := range protocols.Kinds() {
		if _, builtIn := s.byName[name]; builtIn {
			continue
		}
		pt, ok := protocols.File(name)
		if !ok {
			return nil, fmt.Errorf("task kind %q: no descriptor", display.Clean(string(name)))
		}
		s.byName[name] = FromFile(pt)
	}
	return s, nil
}

// Kind is the descriptor of a kind of the set.
func (s *Set) Kind(k guidelines.Kind) (*Kind, bool) {
	d, ok := s.byName[k]
	return d, ok
}

// Of is the descriptor of the dataset's kind, or an error naming it.
func (s *Set) Of(d store.Dataset) (*Kind, error) {
	if k, ok := s.byName[d.Kind]; ok {
		return k, nil
	}
	return nil, fmt.Errorf("dataset %q is of task kind %q, which this claritty does not know", display.Clean(d.Name), display.Clean(string(d.Kind)))
}

// All lists the set's kinds in name order.
func (s *Set) All() []*Kind {
	out := make([]*Kind, 0, len(s.byName))
	for _, k := range slices.Sorted(maps.Keys(s.byName)) {
		out = append(out, s.byName[k])
	}
	return out
}

// Protocol is a kind's protocol (tui.Kinds).
func (s *Set) Protocol(k guidelines.Kind) (guidelines.Protocol, bool) {
	d, ok := s.byName[k]
	if !ok {
		return guidelines.Protocol{}, false
	}
	return d.Protocol, true
}

// Ratings are the dataset's ratings per unit (mean, spread, median), where
// its kind keeps such a table (ClariMM's Table 1), for the TUI's side
// pane; nil where it keeps none.
func (s *Set) Ratings(ctx context.Context, r *store.Reading, d store.Dataset) (*report.RatingStats, error) {
	if k, ok := s.byName[d.Kind]; ok && k.Ratings != nil {
		return k.Ratings(ctx, r)
	}
	return nil, nil
}

// Screen is a kind's screen (tui.Kinds).
func (s *Set) Screen(k guidelines.Kind) (tui.Screen, bool) {
	d, ok := s.byName[k]
	if !ok {
		return tui.Screen{}, false
	}
	return d.Screen, true
}

// StatsText is the dataset's kind's statistics as text (tui.Kinds): the
// TUI's statistics view shows what claritty stats prints.
func (s *Set) StatsText(ctx context.Context, r *store.Reading, d store.Dataset) (string, error) {
	k, err := s.Of(d)
	if err != nil {
		return "", err
	}
	t, err := k.Stats(ctx, r, d)
	if err != nil {
		return "", err
	}
	if sc, ok := t.(screenTable); ok {
		return sc.ScreenText(), nil
	}
	var b stringWriter
	err = t.WriteText(&b)
	return string(b), err
}

// screenTable is a table the TUI's statistics view shows otherwise than
// stats prints it: a bench table without the dataset's name over it (the
// view is of one dataset) or its indent.
type screenTable interface{ ScreenText() string }

// Runs are the runs datasets of the kind take, with their scorers
// (tui.Kinds; none for a kind the set lacks).
func (s *Set) Runs(k guidelines.Kind) []report.BenchRun {
	if d, ok := s.byName[k]; ok {
		return slices.Clone(d.Runs)
	}
	return nil
}

// RunKinds are the kinds of run datasets of the kind take (none for a
// kind the set lacks): bench add registers no other.
func (s *Set) RunKinds(k guidelines.Kind) []store.RunKind {
	var out []store.RunKind
	for _, r := range s.Runs(k) {
		out = append(out, r.Kind)
	}
	return out
}

// BuiltinFormats are the formats of the built-in kinds, in the order help
// lists them: labels, which merge into any kind, after MIMICS's, where
// help has always listed it.
func BuiltinFormats() []data.Format {
	var out []data.Format
	for i, k := range Builtins() {
		out = append(out, k.Formats...)
		if i == 0 {
			out = append(out, data.LabelsFormat())
		}
	}
	return out
}

// Formats are what a database with the set may import: the built-in
// formats, then, by name, each protocol file's, the
// set's own and those claritty ships that it does not keep yet (importing
// one keeps it).
func (s *Set) Formats() ([]data.Format, error) {
	out := BuiltinFormats()
	files := map[guidelines.Kind]*Kind{}
	for name, k := range s.byName {
		if k.Protocol.FileOf() != nil {
			files[name] = k
		}
	}
	shipped, err := guidelines.ShippedProtocols()
	if err != nil {
		return nil, err
	}
	for _, pt := range shipped {
		if _, kept := files[pt.File.Name]; !kept {
			files[pt.File.Name] = FromFile(pt)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(files)) {
		out = append(out, files[name].Formats...)
	}
	return out, nil
}

// Protocols are the database's protocols the set was made over.
func (s *Set) Protocols() *guidelines.Set { return s.protocols }

type stringWriter []byte

func (w *stringWriter) Write(p []byte) (int, error) {
	*w = append(*w, p...)
	return len(p), nil
}
