package data

import (
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// testRuns are the runs each built-in kind takes, with their scorers, as
// the kinds' descriptors name them, for data's own tests: package kinds
// imports data, so they cannot use it. data's external tests use
// kinds.Open.
func testRuns(k guidelines.Kind) []report.BenchRun {
	labels := report.BenchRun{Kind: store.RunLabels, Score: report.ScoreLabels}
	questions := report.BenchRun{Kind: store.RunQuestions, Score: report.ScoreQuestions}
	switch k {
	case guidelines.MIMICS.Kind:
		return []report.BenchRun{{Kind: store.RunTREC, Score: report.ScoreTREC}, labels, questions}
	case guidelines.Nuggets.Kind:
		return []report.BenchRun{{Kind: store.RunNuggets, Score: report.ScoreNuggetsRun}, {Kind: store.RunLabels, Score: report.ScoreAssignments}}
	case "necessity": // the shipped file's [parts] runs
		return []report.BenchRun{labels, questions}
	case guidelines.Compare.Kind:
		return []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreVerdicts}}
	}
	return []report.BenchRun{labels} // ClariMM, a protocol file's kind
}

// testRunKinds are the kinds of run each built-in kind takes (testRuns),
// as bench add's RunOptions want them.
func testRunKinds(k guidelines.Kind) []store.RunKind {
	var out []store.RunKind
	for _, r := range testRuns(k) {
		out = append(out, r.Kind)
	}
	return out
}
