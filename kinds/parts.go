package kinds

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// The Go parts a protocol file names (guidelines.FileParts), by name: what
// of a kind the language does not say. guidelines.PartNames lists the same
// names, so a file naming another is refused as it is read.
var (
	// readers are the formats a kind's datasets import from in place of
	// its file's own.
	readers = map[string]func() []data.Format{
		"panes":   paneFormats,
		"pairs":   pairFormats,
		"nuggets": nuggetFormats,
	}
	// screens draw a kind's HIT in place of the file screen.
	screens = map[string]func(guidelines.Protocol) tui.Screen{
		"pane":     paneScreen,
		"sides":    sidesScreen,
		"nuggets":  nuggetScreen,
		"dialogue": tui.DialogueScreen,
		"request":  tui.RequestScreen,
	}
	// statsParts are a kind's statistics in place of each step's.
	statsParts = map[string]func(guidelines.Protocol) statsFunc{
		"panes":      paneStats,
		"comparison": comparisonStats,
		"bench":      benchStats,
		"ratings":    ratingsStats,
		"choice":     choiceStats,
	}
	// runParts are the runs a kind takes, each with its scorer.
	runParts = map[string]report.BenchRun{
		"labels":      {Kind: store.RunLabels, Score: report.ScoreLabels},
		"trec":        {Kind: store.RunTREC, Score: report.ScoreTREC},
		"questions":   {Kind: store.RunQuestions, Score: report.ScoreQuestions},
		"verdicts":    {Kind: store.RunLabels, Score: report.ScoreVerdicts},
		"nuggets":     {Kind: store.RunNuggets, Score: report.ScoreNuggetsRun},
		"assignments": {Kind: store.RunLabels, Score: report.ScoreAssignments},
	}
	// exportParts are release files a kind writes besides its own shape.
	exportParts = map[string]func(guidelines.Protocol) Export{
		"mimics-manual":     manualRelease,
		"pairs-gold":        pairsGold,
		"nugget-judgements": nuggetJudgements,
		"nuggetizer":        nuggetizer,
		"ratings":           ratingsExport,
		"gold-table":        goldTableExport,
		"choice-gold":       choiceGold,
	}
)

// ratingsStats is a table of a kind's ratings, per unit (ClariMM's Table 1).
func ratingsStats(p guidelines.Protocol) statsFunc {
	return func(ctx context.Context, r *store.Reading, _ store.Dataset) (Table, error) {
		return table(report.RatingsTable(ctx, r, p))
	}
}

// ratingsExport is KIND-ratings: every label, named for the kind's items
// (data.WriteRatings).
func ratingsExport(p guidelines.Protocol) Export {
	return Export{Name: string(p.Kind) + guidelines.ExportSuffixes["ratings"], Labels: data.WriteRatings(p.Kind)}
}

// goldTableExport is KIND-gold: an item a row with its gold of every unit
// (data.WriteGoldTable).
func goldTableExport(p guidelines.Protocol) Export {
	return Export{Name: string(p.Kind) + guidelines.ExportSuffixes["gold-table"], Release: true, Write: readingOnly(data.WriteGoldTable(p.Kind))}
}

// choiceStats are a choice kind's statistics: the share of its items
// meeting the condition its choice waits for, and the choices made.
func choiceStats(p guidelines.Protocol) statsFunc {
	return func(ctx context.Context, r *store.Reading, _ store.Dataset) (Table, error) {
		return table(report.ChoiceGold(ctx, r, p))
	}
}

// choiceGold is a choice kind's gold, a JSON line an item (KIND-gold).
func choiceGold(p guidelines.Protocol) Export {
	return Export{Name: string(p.Kind) + guidelines.ExportSuffixes["choice-gold"], Release: true, FirstOfKind: true, Write: readingOnly(data.WriteChoiceGold(p))}
}

// withParts fills in what a file's named parts say of its kind k.
func withParts(k *Kind, f *guidelines.ProtocolFile) {
	p := f.Parts
	if r, ok := readers[p.Reader]; ok {
		k.Formats = r()
	}
	if s, ok := screens[p.Screen]; ok {
		k.Screen = s(k.Protocol)
	}
	if s, ok := statsParts[p.Stats]; ok {
		k.Stats = s(k.Protocol)
	}
	if p.Stats == "ratings" {
		// The TUI's side pane shows the same table.
		k.Ratings = func(ctx context.Context, r *store.Reading) (*report.RatingStats, error) {
			return report.RatingsTable(ctx, r, k.Protocol)
		}
	}
	if len(p.Runs) > 0 {
		k.Runs = nil
		for _, r := range p.Runs {
			k.Runs = append(k.Runs, runParts[r])
		}
	}
	for _, e := range p.Exports {
		if x, ok := exportParts[e]; ok {
			k.Exports = append(k.Exports, x(k.Protocol))
		}
	}
	if x, ok := exportParts[p.Own]; ok {
		// export --format KIND writes it, not the file's own shape.
		own := x(k.Protocol)
		k.Own = own.Name
		k.Exports[0] = ownExport(k.Protocol.Kind, own)
	}
}

// ownExport is a kind's export under the kind's name: the first dataset
// of the kind when none is named.
func ownExport(kind guidelines.Kind, e Export) Export {
	e.Name, e.FirstOfKind = string(kind), true
	return e
}

// partExport is the export of a protocol file's named part that name
// asks for (KIND-ratings, KIND-gold), or a shipped file's own (KIND, its
// parts.own), for export --format NAME before the database is open:
// whether the kind's file names it is asked of the database's kind then
// (Kind.Writes, in export), and which part a release file is, of the
// file the database keeps (keptPartWrite).
func partExport(name string) (KindExport, bool) {
	for _, part := range slices.Sorted(maps.Keys(guidelines.ExportSuffixes)) {
		suffix := guidelines.ExportSuffixes[part]
		k, ok := strings.CutSuffix(name, suffix)
		if !ok || !guidelines.IsFileKindName(guidelines.Kind(k)) {
			continue
		}
		kind := guidelines.Kind(k)
		if s, err := guidelines.FindShipped(kind); err == nil {
			if own := partEnding(s.File, suffix); own != "" {
				part = own // a shipped kind's flags are its own part's
			}
		}
		e := exportParts[part](guidelines.Protocol{Kind: kind})
		if e.Write != nil {
			e.Write = keptPartWrite(kind, suffix, e.Name)
		}
		return KindExport{kind, e}, true
	}
	k := guidelines.Kind(name)
	if s, err := guidelines.FindShipped(k); err == nil && s.File.Parts.Own != "" {
		e := ownExport(k, exportParts[s.File.Parts.Own](s.File.Protocol()))
		e.Write = keptPartWrite(k, guidelines.ExportSuffixes[s.File.Parts.Own], e.Name)
		return KindExport{k, e}, true
	}
	return KindExport{}, false
}

// partEnding is the export part f names whose file ends in suffix ("" for
// none): gold-table or choice-gold for -gold.
func partEnding(f *guidelines.ProtocolFile, suffix string) string {
	for _, part := range f.Parts.Exports {
		if s, ok := guidelines.ExportSuffixes[part]; ok && s == suffix {
			return part
		}
	}
	return ""
}

// keptPartWrite writes kind's release file named name (KIND-gold, or the
// kind's own) by the export part ending in suffix that the kind's file,
// as the database keeps it, names, with that file's protocol: a ClariMM
// file's gold table, a necessity file's choice gold, each also under a
// new name. A kind whose file names no such part has no such export.
func keptPartWrite(kind guidelines.Kind, suffix, name string) func(context.Context, *store.Reading, store.Dataset, io.Writer, report.ReleaseOptions) (report.ReleaseSummary, error) {
	return func(ctx context.Context, r *store.Reading, d store.Dataset, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
		p := r.Protocol(kind)
		if f := p.FileOf(); f != nil {
			if x, ok := exportParts[partEnding(f, suffix)]; ok && x(p).Write != nil {
				return x(p).Write(ctx, r, d, w, opts)
			}
		}
		return report.ReleaseSummary{Kept: opts}, fmt.Errorf("a %s dataset has no %s export (its protocol names no export part writing it)",
			display.Clean(string(kind)), display.Clean(name))
	}
}

// shippedPartExports are the named parts' exports of the protocol file
// claritty ships for kind (clarimm-ratings, clarimm-gold; necessity-gold),
// for help's list.
func shippedPartExports(kind guidelines.Kind) []KindExport {
	pt, err := guidelines.FindShipped(kind)
	if err != nil {
		return nil
	}
	var out []KindExport
	for _, part := range pt.File.Parts.Exports {
		if x, ok := exportParts[part]; ok {
			// As export --format names it: a release written by the part
			// the kept file names (keptPartWrite).
			if e, ok := partExport(x(pt.File.Protocol()).Name); ok {
				out = append(out, e)
			}
		}
	}
	return out
}

// builtIn is a kind built into the code (its protocol p is Go's), its
// parts those its shipped file names (guidelines.KindFile), own its
// release of its own.
func builtIn(p guidelines.Protocol, own string) *Kind {
	pt, ok := guidelines.KindFile(p.Kind)
	if !ok {
		panic(fmt.Sprintf("kinds: %s has no shipped file", p.Kind)) // it is embedded: a build without it is broken
	}
	k := &Kind{Protocol: p, Own: own}
	withParts(k, pt.File)
	return k
}

// fileRuns are the runs a kind's file names (a built-in kind's, its
// shipped file), each with its scorer: a system's labels when it names
// none.
func fileRuns(p guidelines.Protocol) []report.BenchRun {
	f := p.FileOf()
	if pt, ok := guidelines.KindFile(p.Kind); f == nil && ok {
		f = pt.File
	}
	if f == nil || len(f.Parts.Runs) == 0 {
		return []report.BenchRun{runParts["labels"]}
	}
	var out []report.BenchRun
	for _, r := range f.Parts.Runs {
		out = append(out, runParts[r])
	}
	return out
}
