package report

import (
	"context"
	"slices"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// benchRuns are the kinds of run a dataset of each task kind takes and
// claritty bench scores: a task kind is a row here. A trec run ranks
// MIMICS panes' answers and landing pages; a questions run needs the
// reference question a pane or a necessity request carries; a nuggets run
// is a system's candidate answers, imported with them.
var benchRuns = map[guidelines.Kind][]store.RunKind{
	guidelines.MIMICS.Kind:    {store.RunTREC, store.RunLabels, store.RunQuestions},
	guidelines.ClariMM.Kind:   {store.RunLabels},
	guidelines.Nuggets.Kind:   {store.RunNuggets, store.RunLabels},
	guidelines.Necessity.Kind: {store.RunLabels, store.RunQuestions},
	guidelines.Compare.Kind:   {store.RunLabels},
}

// runScorer scores one run against the gold.
type runScorer func(ctx context.Context, rd *store.Reading, s *RunScore, r store.Run, g *goldIndex) error

// runScorers score each kind of run.
var runScorers = map[store.RunKind]runScorer{
	store.RunNuggets:   scoreNuggetsRun,
	store.RunTREC:      scoreTREC,
	store.RunLabels:    scoreLabels,
	store.RunQuestions: scoreQuestions,
}

// RunKinds lists the kinds of run a dataset of the task kind takes (none
// for a kind bench does not know).
func RunKinds(p guidelines.Protocol) []store.RunKind {
	kind := p.Kind
	if p.File != nil {
		return []store.RunKind{store.RunLabels} // a system's labels of the kind's units
	}
	return slices.Clone(benchRuns[kind])
}
