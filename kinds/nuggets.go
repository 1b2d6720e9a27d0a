package kinds

import (
	"context"
	"io"
	"strings"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// nuggets is Clarify-Then-Search's (and TREC RAG's) nugget judging: an
// answer judged against its intent's gold nuggets. Its protocol is Go's
// (no step of the language is asked per nugget of a joined intent); its
// reader, screen, statistics, runs and releases are the parts its shipped
// file names (guidelines/protocols/nuggets.toml). A nuggets run is a
// system's candidate answers, imported with them.
func nuggets() *Kind {
	return builtIn(guidelines.Nuggets, "nugget-judgements")
}

// The Go parts nuggets.toml names (parts.go).

// nuggetFormats read the intents file (once a dataset) and each system's
// candidate answers, joined to their intents.
func nuggetFormats() []data.Format {
	return []data.Format{data.NuggetsFormat(), data.CandidatesFormat()}
}

// nuggetScreen shows an answer beside its intent's nuggets.
func nuggetScreen(guidelines.Protocol) tui.Screen { return tui.NuggetScreen() }

// benchStats are the kind's runs (its file's [parts] runs) scored over the
// gold as it stands: Clarify-Then-Search's table, for nuggets.
func benchStats(p guidelines.Protocol) statsFunc {
	runs := fileRuns(p)
	return func(ctx context.Context, r *store.Reading, d store.Dataset) (Table, error) {
		scores, err := report.ScoreRuns(ctx, r, d, runs, report.StatsGold)
		return benchTable{scores: scores}, err
	}
}

// nuggetJudgements and nuggetizer are an answer's judgements, per nugget,
// in claritty's release and in nuggetizer's.
func nuggetJudgements(guidelines.Protocol) Export {
	return Export{Name: "nugget-judgements", Release: true, FirstOfKind: true, Write: data.WriteNuggetJudgements}
}

func nuggetizer(guidelines.Protocol) Export {
	return Export{Name: "nuggetizer", Release: true, FirstOfKind: true, Write: data.WriteNuggetizer}
}

// benchTable is scored runs and comparisons as claritty bench writes them.
type benchTable struct {
	scores []report.RunScore
	comps  []report.ComparisonScore
}

func (t benchTable) WriteText(w io.Writer) error { return WriteBenchText(w, t.scores, t.comps) }
func (t benchTable) WriteJSON(w io.Writer) error { return data.WriteBenchJSON(w, t.scores, t.comps) }

func (t benchTable) ScreenText() string { return strings.Join(report.BenchLines(t.scores), "\n") }
