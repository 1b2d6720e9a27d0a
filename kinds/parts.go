package kinds

import (
	"context"

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
	// screens draw a kind's HIT in place of the file screen.
	screens = map[string]func(guidelines.Protocol) tui.Screen{
		"request": tui.RequestScreen,
	}
	// statsParts are a kind's statistics in place of each step's.
	statsParts = map[string]func(guidelines.Protocol) statsFunc{
		"choice": choiceStats,
	}
	// runParts are the runs a kind takes, each with its scorer.
	runParts = map[string]report.BenchRun{
		"labels":    {Kind: store.RunLabels, Score: report.ScoreLabels},
		"questions": {Kind: store.RunQuestions, Score: report.ScoreQuestions},
	}
	// exportParts are release files a kind writes besides its own shape.
	exportParts = map[string]func(guidelines.Protocol) Export{
		"choice-gold": choiceGold,
	}
)

// choiceStats are a choice kind's statistics: the share of its items
// meeting the condition its choice waits for, and the choices made.
func choiceStats(p guidelines.Protocol) statsFunc {
	return func(ctx context.Context, r *store.Reading, _ store.Dataset) (Table, error) {
		return table(report.ChoiceGold(ctx, r, p))
	}
}

// choiceGold is a choice kind's gold, a JSON line an item (KIND-gold).
func choiceGold(p guidelines.Protocol) Export {
	return Export{Name: string(p.Kind) + "-gold", Release: true, FirstOfKind: true, Write: readingOnly(data.WriteChoiceGold(p))}
}

// withParts fills in what a file's named parts say of its kind k.
func withParts(k *Kind, f *guidelines.ProtocolFile) {
	p := f.Parts
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
