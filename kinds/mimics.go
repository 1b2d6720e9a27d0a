package kinds

import (
	"context"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// mimics is MIMICS-Manual's clarification panes: released as
// MIMICS-Manual, described by the paper's tables, ranked by trec runs. Its
// protocol is Go's (the language cannot say Step I or the generic
// template's rule); its reader, screen, statistics, runs and release are
// the parts its shipped file names (guidelines/protocols/mimics.toml).
func mimics() *Kind {
	return builtIn(guidelines.MIMICS, "mimics-manual")
}

// The Go parts mimics.toml names (parts.go).

// paneFormats read a pane's three files: the MIMICS-Manual release (its
// labels under --labels-as), MIMICS-Click's signals, and the SERP every
// dataset shares.
func paneFormats() []data.Format {
	return []data.Format{data.ManualFormat(), data.ClickFormat(), data.SERPFormat()}
}

// paneScreen is a pane's HIT: Step I over the query's SERP, then its
// question (unless generic), answer set and landing pages.
func paneScreen(guidelines.Protocol) tui.Screen { return tui.PaneScreen() }

// paneStats are the MIMICS paper's tables.
func paneStats(guidelines.Protocol) statsFunc {
	return func(ctx context.Context, r *store.Reading, _ store.Dataset) (Table, error) {
		return table(report.DatasetStats(ctx, r))
	}
}

// manualRelease is the MIMICS-Manual release, byte for byte as published.
func manualRelease(guidelines.Protocol) Export {
	return Export{Name: "mimics-manual", Title: "MIMICS-Manual", Release: true, Unresolved: true, Write: readingOnly(data.WriteManual)}
}
