package kinds

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// KindExport is an export with the kind it writes.
type KindExport struct {
	Kind guidelines.Kind
	Export
}

// Exports lists the built-in kinds' exports in the order help lists them,
// then the exports the shipped protocol files name ([parts] exports:
// necessity-gold), then each built-in kind's own under the kind's name
// (export --format mimics).
func Exports() []KindExport {
	var out, own []KindExport
	for _, k := range Builtins() {
		for _, e := range k.Exports {
			out = append(out, KindExport{k.Protocol.Kind, e})
			if e.Name == k.Own {
				// Named for its kind, it writes that kind's dataset.
				e.Name, e.FirstOfKind = string(k.Protocol.Kind), true
				own = append(own, KindExport{k.Protocol.Kind, e})
			}
		}
	}
	shipped, _ := guidelines.ShippedProtocols() // parsed by every test of guidelines
	for _, pt := range shipped {
		for _, part := range pt.File.Parts.Exports {
			if e, ok := namedExport(pt.File.Name, part); ok {
				out = append(out, e)
			}
		}
	}
	return append(out, own...)
}

// FileExport is what export --format NAME writes when NAME may be a
// protocol file's kind: its datasets in the file's own shape; or, named
// KIND-gold (a named export part's name for KIND), that part of a kind
// whose file names it. Which files a database keeps is known once it is
// open (Set.Kind says; the part's writer checks the kind names it).
func FileExport(name string) (KindExport, bool) {
	for _, part := range slices.Sorted(maps.Keys(exportParts)) {
		suffix := exportParts[part](guidelines.Protocol{}).Name // a kind's is KIND+suffix
		if kind := guidelines.Kind(strings.TrimSuffix(name, suffix)); strings.HasSuffix(name, suffix) && guidelines.IsFileKindName(kind) {
			return namedExport(kind, part)
		}
	}
	k := guidelines.Kind(name)
	if !guidelines.IsFileKindName(k) {
		return KindExport{}, false
	}
	return KindExport{k, Export{Name: name, Release: true, Unresolved: true, FirstOfKind: true, Write: writeProtocolFile}}, true
}

// namedExport is a protocol file kind's named export part (exportParts),
// written with the kind's protocol as the database keeps it; refused for
// a kind whose file does not name it.
func namedExport(kind guidelines.Kind, part string) (KindExport, bool) {
	mk, ok := exportParts[part]
	if !ok {
		return KindExport{}, false
	}
	e := mk(guidelines.Protocol{Kind: kind}) // its name and what applies to it
	e.Write = func(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
		p := r.Protocol(d.Kind)
		if f := p.FileOf(); f == nil || !slices.Contains(f.Parts.Exports, part) {
			return report.ReleaseSummary{Kept: opts}, fmt.Errorf("a %s dataset has no %s export (its protocol names no %s)",
				display.Clean(string(d.Kind)), display.Clean(e.Name), part)
		}
		return mk(p).Write(ctx, r, d, w, opts)
	}
	return KindExport{kind, e}, true
}
