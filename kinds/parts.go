package kinds

import (
	"fmt"

	"github.com/claritty/claritty/data"
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
		"pane":    paneScreen,
		"sides":   sidesScreen,
		"nuggets": nuggetScreen,
	}
	// statsParts are a kind's statistics in place of each step's.
	statsParts = map[string]func(guidelines.Protocol) statsFunc{
		"panes":      paneStats,
		"comparison": comparisonStats,
		"bench":      benchStats,
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
	}
)

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
