package data

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// mergeLabels merges a labels TSV (exported by another database) in one
// transaction. Items are found by uid in opt.Dataset, or in whichever
// dataset holds them when none is given.
func mergeLabels(ctx context.Context, st *store.Store, who store.Annotator, lr *lineReader, first []byte, opt Options) (store.MergeStats, error) {
	rr, err := newRatingsReader(lr, first)
	if err != nil {
		return store.MergeStats{}, err
	}
	items, err := itemsWord(ctx, st, opt.Dataset)
	if err != nil {
		return store.MergeStats{}, err
	}
	m, err := st.BeginMerge(ctx, who, opt.Dataset)
	if err != nil {
		return store.MergeStats{}, err
	}
	defer m.Rollback()
	var times labelTimes
	for {
		row, err := rr.next()
		if errors.Is(err, io.EOF) {
			if err := needRows(lr); err != nil {
				return store.MergeStats{}, err
			}
			break
		}
		if err != nil {
			return store.MergeStats{}, err
		}
		l, err := mergedLabel(m, row, opt.Dataset, items, &times)
		if err != nil {
			return store.MergeStats{}, lineErr(lr.file, row.Line, "%v", err)
		}
		if err := m.Add(l); err != nil {
			// A label the merge held back with others is refused when
			// they go in, at its own line.
			if le := (*store.LineError)(nil); errors.As(err, &le) {
				return store.MergeStats{}, lineErr(lr.file, le.Line, "%v", le.Err)
			}
			return store.MergeStats{}, lineErr(lr.file, row.Line, "%v", err)
		}
	}
	stats, err := m.Commit(store.ItemRef.Complete)
	// A label the merge weighs only once every row is in (its condition)
	// is refused at its line.
	if le := (*store.LineError)(nil); errors.As(err, &le) {
		return stats, lineErr(lr.file, le.Line, "%v", le.Err)
	}
	return stats, err
}

// mergedLabel checks one row and resolves its item, items what the
// dataset's items are called (for one it has not); times are the
// latest times read.
func mergedLabel(m *store.Merger, row RatingRow, dataset, items string, times *labelTimes) (store.MergedLabel, error) {
	l := store.MergedLabel{Unit: row.Unit, Annotator: row.Annotator, Line: row.Line}
	if display.Clean(row.Annotator) != row.Annotator {
		return l, fmt.Errorf("annotator %q has control characters", row.Annotator)
	}
	var err error
	if l.Item, err = m.Item(row.Item); err != nil {
		return l, itemErr(row.Item, dataset, items, err)
	}
	// The unit first, as the store's Add checks it: a label is read on its
	// unit's scale.
	if err := l.Item.CheckUnit(row.Unit); err != nil {
		return l, err
	}
	if l.Value, l.AsSeen, err = parseRowLabel(l.Item, row); err != nil {
		return l, err
	}
	if l.Item.Protocol.TextMax(row.Unit) > 0 {
		l.Text = row.Label
	}
	if l.CreatedAt, err = times[0].read("created_at", row.CreatedAt); err != nil {
		return l, err
	}
	if l.UpdatedAt, err = times[1].read("updated_at", row.UpdatedAt); err != nil {
		return l, err
	}
	if l.UpdatedAt == "" {
		// A file from before updated_at, or by hand: its created_at is the
		// label's time, as far as it knows.
		l.UpdatedAt = l.CreatedAt
	}
	if row.Seconds != "" {
		s, err := strconv.ParseFloat(row.Seconds, 64)
		if err != nil || math.IsInf(s, 0) || math.IsNaN(s) {
			return l, fmt.Errorf("seconds %q is not a number of seconds", row.Seconds)
		}
		if s < 0 || s > MaxLabelSeconds {
			return l, fmt.Errorf("seconds %q is outside 0 to %d (one day)", row.Seconds, MaxLabelSeconds)
		}
		l.Seconds = &s
	}
	return l, nil
}

// parseRowLabel reads a row's label on its item's scale; a pair's may also
// be the side its judge saw (A, tie, B: asSeen), as a file exported below
// the lead writes it, which the merge turns to the first system's side.
func parseRowLabel(ref store.ItemRef, row RatingRow) (v int, asSeen bool, err error) {
	p := ref.Protocol
	if p.TextMax(row.Unit) > 0 {
		return 0, false, nil // a written answer: its words are the label (mergedLabel)
	}
	if ref.Pair {
		if v, ok := guidelines.ParseSeen(row.Label); ok {
			return v, true, nil
		}
	}
	if v, ok := p.ParseLabel(row.Unit, row.Label); ok {
		return v, false, nil
	}
	if ref.Pair {
		return 0, false, fmt.Errorf("label %q is none of A, tie, B (the side seen) or %s (the first system's side)",
			row.Label, strings.Join(p.UnitCategories(row.Unit), ", "))
	}
	return 0, false, fmt.Errorf("label %q is not one of %s", row.Label, strings.Join(p.UnitCategories(row.Unit), ", "))
}

// MaxLabelSeconds is the most time a labels file may say one label took:
// a figure past a day is a broken clock or a broken file, and would swamp
// every median and speed figure of the quality report.
const MaxLabelSeconds = 24 * 60 * 60

// itemErr says why a row's item was not found, items what the items are
// called ("panes", a protocol file's "requests").
func itemErr(uid, dataset, items string, err error) error {
	switch {
	case errors.Is(err, store.ErrNotFound) && dataset != "":
		return fmt.Errorf("item %s is not in dataset %q: import its %s first", uid, dataset, items)
	case errors.Is(err, store.ErrNotFound):
		return fmt.Errorf("no dataset has item %s: import its %s first", uid, items)
	case errors.Is(err, store.ErrAmbiguous):
		return fmt.Errorf("item %s %v: say which with --dataset", uid, err)
	}
	return err
}

// itemsWord is what the items a labels file names are called, in the
// kind's own word: the named dataset's, or, with none named, the one word
// every task dataset's kind shares ("items" where they differ).
func itemsWord(ctx context.Context, st *store.Store, dataset string) (string, error) {
	all, err := st.Datasets(ctx)
	if err != nil {
		return "", err
	}
	word := ""
	for _, d := range all {
		if dataset != "" && d.Name != dataset {
			continue
		}
		w := st.Protocol(d.Kind).Items
		if word != "" && w != word {
			return "items", nil
		}
		word = w
	}
	if word == "" {
		return "items", nil
	}
	return word, nil
}

// labelTimes are the latest created_at and updated_at read.
type labelTimes [2]timeMemo

// timeMemo is the latest time a column gave and the store's form of it:
// a HIT's labels share their times, and reading each anew was a sixth of
// a merge's reading.
type timeMemo struct{ in, out string }

// read is labelTime, once for a run of rows that give the same time.
func (tm *timeMemo) read(column, s string) (string, error) {
	if s != "" && s == tm.in {
		return tm.out, nil
	}
	out, err := labelTime(column, s)
	if err == nil {
		tm.in, tm.out = s, out
	}
	return out, err
}

// labelTime reads an RFC 3339 time into the store's form; "" stays "".
func labelTime(column, s string) (string, error) {
	if s == "" {
		return "", nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return "", fmt.Errorf("%s %q is not a time like 2026-11-22T09:30:00.000Z", column, s)
	}
	return store.FormatTime(t), nil
}
