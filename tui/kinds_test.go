package tui

import (
	"bytes"
	"context"
	"io"
	"slices"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// testKinds are a database's kinds as kinds.Open gives them, for tui's own
// tests: package kinds imports tui, so they cannot use it; it names the
// same screens, runs and tables as the descriptors (kinds/*.go) do.
type testKinds struct{ st *store.Store }

func (k testKinds) Protocol(kind guidelines.Kind) (guidelines.Protocol, bool) {
	return k.st.Kinds().Protocol(kind)
}

func (k testKinds) Screen(kind guidelines.Kind) (Screen, bool) {
	p, ok := k.st.Kinds().Protocol(kind)
	switch {
	case !ok:
		return Screen{}, false
	case p.FileOf() != nil && p.FileOf().Parts.Screen == "request":
		return RequestScreen(p), true
	case p.FileOf() != nil && p.FileOf().Parts.Screen == "dialogue":
		return DialogueScreen(p), true
	case p.FileOf() != nil:
		return FileScreen(p), true
	}
	return builtinScreens()[kind], true
}

// builtinScreens are the built-in kinds' screens, as their descriptors
// name them.
func builtinScreens() map[guidelines.Kind]Screen {
	return map[guidelines.Kind]Screen{
		guidelines.MIMICS.Kind:  PaneScreen(),
		guidelines.Nuggets.Kind: NuggetScreen(),
		guidelines.Compare.Kind: CompareScreen(),
	}
}

// Runs are the runs each built-in kind takes, with their scorers, as their
// descriptors name them; a protocol file's kind takes labels runs.
func (k testKinds) Runs(kind guidelines.Kind) []report.BenchRun {
	labels := report.BenchRun{Kind: store.RunLabels, Score: report.ScoreLabels}
	questions := report.BenchRun{Kind: store.RunQuestions, Score: report.ScoreQuestions}
	switch kind {
	case guidelines.MIMICS.Kind:
		return []report.BenchRun{{Kind: store.RunTREC, Score: report.ScoreTREC}, labels, questions}
	case guidelines.Nuggets.Kind:
		return []report.BenchRun{{Kind: store.RunNuggets, Score: report.ScoreNuggetsRun}, {Kind: store.RunLabels, Score: report.ScoreAssignments}}
	case guidelines.Compare.Kind:
		return []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreVerdicts}}
	}
	if p, ok := k.Protocol(kind); ok && p.FileOf() != nil && slices.Contains(p.FileOf().Parts.Runs, "questions") {
		return []report.BenchRun{labels, questions}
	}
	return []report.BenchRun{labels}
}

func (k testKinds) Ratings(ctx context.Context, r *store.Reading, d store.Dataset) (*report.RatingStats, error) {
	if p := r.Protocol(d.Kind); p.FileOf() != nil && p.FileOf().Parts.Stats == "ratings" {
		return report.RatingsTable(ctx, r, p)
	}
	return nil, nil
}

func (k testKinds) StatsText(ctx context.Context, r *store.Reading, d store.Dataset) (string, error) {
	var b bytes.Buffer
	var t interface{ WriteText(io.Writer) error }
	var err error
	switch p := r.Protocol(d.Kind); {
	case p.FileOf() != nil && p.FileOf().Parts.Stats == "choice":
		t, err = report.ChoiceGold(ctx, r, p)
	case p.FileOf() != nil && p.FileOf().Parts.Stats == "ratings":
		t, err = report.RatingsTable(ctx, r, p)
	case p.FileOf() != nil:
		t, err = report.ProtocolFileStats(ctx, r, p)
	case d.Kind == guidelines.MIMICS.Kind:
		t, err = report.DatasetStats(ctx, r)
	case d.Kind == guidelines.Nuggets.Kind:
		scores, err := report.ScoreRuns(ctx, r, d, k.Runs(d.Kind), report.StatsGold)
		return strings.Join(report.BenchLines(scores), "\n"), err
	default:
		c, err := report.CompareGold(ctx, r, d, report.StatsGold)
		if err != nil || c == nil {
			return "", err
		}
		return strings.Join(report.ComparisonText(c), "\n"), nil
	}
	if err != nil {
		return "", err
	}
	err = t.WriteText(&b)
	return b.String(), err
}
