package data

import (
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// The MIMICS TSV headers, exactly as released.
var (
	manualHeader = "query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\t" +
		"question_label\toptions_overall_label\toption_label_1\toption_label_2\toption_label_3\toption_label_4\toption_label_5"
	clickHeader = "query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\t" +
		"impression_level\tengagement_level\toption_cctr_1\toption_cctr_2\toption_cctr_3\toption_cctr_4\toption_cctr_5"
)

// ManualHeader is the header line of a mimics-manual TSV.
func ManualHeader() string { return manualHeader }

const fieldCount = 14

// sink is where a reader puts what it reads; *store.Importer is one.
type sink interface {
	AddPane(store.Pane, ...store.UnitLabel) (bool, error)
	AddSERP(query string, results []store.SERPResult) error
	AddIntent(store.Intent) (bool, error)
	AddAnswer(store.Answer) (bool, error)
	AddPairs([]store.Pair) (int, error)
}

// readMIMICS reads the body of a mimics-manual or mimics-click TSV (the
// header already read) into the sink. With known, each pane's labels are
// its answers (practice and gold checks), so a pane without one is refused.
//
// The lines are read, split and checked in a goroutine of their own while
// this one hands the panes to the sink: on a big file the sink's inserts
// are the import's long part, and the reading can go on beside them on
// another core. The rows come back in file order, a bad line's error in
// its place, so the sink sees what a read line by line would give it.
func readMIMICS(lr *lineReader, format store.Format, to sink, labelsAs string, known bool) error {
	batches := make(chan []mimicsRow, 4)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer close(batches)
		readMIMICSRows(lr, format, labelsAs, known, batches, stop)
	}()
	// The reader may be stopped early (a refused line); the lineReader is
	// the caller's again only once it has returned.
	defer wg.Wait()
	defer close(stop)
	panes := make([]store.PaneRow, 0, mimicsBatch)
	for batch := range batches {
		if err := addRows(lr.file, batch, to, panes); err != nil {
			return err
		}
	}
	return nil
}

// paneBatcher is a sink that takes panes without labels many at a time
// (*store.Importer: fewer statements). It returns how many it took; on an
// error, the pane it stopped at is the next.
type paneBatcher interface {
	AddPanes([]store.PaneRow) (int, error)
}

// addRows gives the sink a batch's rows in order: the runs of panes that
// come without labels at once when it takes them so, the others one by
// one. panes is room for a batch's panes.
func addRows(file string, batch []mimicsRow, to sink, panes []store.PaneRow) error {
	many, _ := to.(paneBatcher)
	for i := 0; i < len(batch); {
		r := batch[i]
		if r.err != nil {
			return r.err
		}
		if many == nil || len(r.labels) > 0 {
			if _, err := to.AddPane(r.pane, r.labels...); err != nil {
				return lineErr(file, r.line, "%v", err)
			}
			i++
			continue
		}
		run := batch[i:]
		for j, r := range run {
			if r.err != nil || len(r.labels) > 0 {
				run = run[:j]
				break
			}
		}
		panes = panes[:0]
		for _, r := range run {
			panes = append(panes, r.row)
		}
		if n, err := many.AddPanes(panes); err != nil {
			return lineErr(file, run[n].line, "%v", err)
		}
		i += len(run)
	}
	return nil
}

// mimicsRow is one line of a MIMICS TSV read and checked: its pane and
// labels, or the error that ends the read (nil at the end of the file).
type mimicsRow struct {
	line   int
	pane   store.Pane
	labels []store.UnitLabel
	row    store.PaneRow // a pane without labels, made ready for AddPanes
	err    error
}

// mimicsBatch is the rows sent at once: a channel send per row would cost
// about as much as reading the row.
const mimicsBatch = 256

// readMIMICSRows reads lines into batches of rows until the file ends, a
// line is refused (its error is the last row sent) or stop is closed.
func readMIMICSRows(lr *lineReader, format store.Format, labelsAs string, known bool, out chan<- []mimicsRow, stop <-chan struct{}) {
	batch := make([]mimicsRow, 0, mimicsBatch)
	send := func() bool {
		select {
		case out <- batch:
			batch = make([]mimicsRow, 0, mimicsBatch)
			return true
		case <-stop:
			return false
		}
	}
	for {
		r := readMIMICSRow(lr, format, labelsAs, known)
		if r.err == nil && r.line == 0 {
			send() // the end of the file
			return
		}
		batch = append(batch, r)
		if r.err != nil {
			send()
			return
		}
		if len(batch) == mimicsBatch && !send() {
			return
		}
	}
}

// readMIMICSRow reads the next line as a row; a row of line 0 and no error
// is the end of the file.
func readMIMICSRow(lr *lineReader, format store.Format, labelsAs string, known bool) mimicsRow {
	line, err := lr.next()
	if err != nil {
		return mimicsRow{err: eofOK(err)}
	}
	r := mimicsRow{line: lr.n}
	if len(line) == 0 {
		r.err = lineErr(lr.file, lr.n, "empty line (a %s row has %d tab-separated fields)", format, fieldCount)
		return r
	}
	var fields [fieldCount]string
	if n := splitTabs(string(line), fields[:]); n != fieldCount {
		r.err = lineErr(lr.file, lr.n, "%s, want %d (truncated or damaged line?)%s", display.Count(n, "field", "fields"), fieldCount, missingColumns(format, n))
		return r
	}
	r.pane, r.labels, r.err = readRow(format, fields[:], labelsAs)
	switch {
	case r.err != nil:
		r.err = lineErr(lr.file, lr.n, "%v", r.err)
	case known && len(r.labels) == 0:
		r.err = lineErr(lr.file, lr.n, "no labels: a practice or gold-check pane needs its answers in the label columns")
	case len(r.labels) == 0:
		r.row = r.pane.Row()
	}
	return r
}

// missingColumns names the columns a row of n fields leaves out (""
// when it has them all).
func missingColumns(format store.Format, n int) string {
	header := clickHeader
	if format == FormatManual {
		header = manualHeader
	}
	cols := strings.Split(header, "\t")
	if n >= len(cols) {
		return ""
	}
	return ": " + columnsMissing(cols[n:])
}

// splitTabs puts the tab-separated fields of line into into, and returns
// how many fields the line has (which may be more than fit).
func splitTabs(line string, into []string) int {
	n := 0
	for {
		field, rest, more := strings.Cut(line, "\t")
		if n < len(into) {
			into[n] = field
		}
		n++
		if !more {
			return n
		}
		line = rest
	}
}

// readRow is the pane and labels of a row's fields, checked.
func readRow(format store.Format, f []string, labelsAs string) (store.Pane, []store.UnitLabel, error) {
	p := store.Pane{Query: f[0], Question: f[1]}
	copy(p.Options[:], f[2:7])
	if err := checkPane(p); err != nil {
		return p, nil, err
	}
	var labels []store.UnitLabel
	var err error
	if format == FormatManual {
		labels, err = manualLabels(p, f[7:], labelsAs)
	} else {
		p.Meta, err = clickMeta(f[7:])
	}
	return p, labels, err
}

func checkPane(p store.Pane) error {
	if strings.TrimSpace(p.Query) == "" {
		return fmt.Errorf("query is empty")
	}
	if strings.TrimSpace(p.Question) == "" {
		return fmt.Errorf("question is empty")
	}
	if p.Options[0] == "" {
		return fmt.Errorf("option_1 is empty: a pane needs at least one candidate answer")
	}
	for i := 1; i < len(p.Options); i++ {
		if p.Options[i] != "" && p.Options[i-1] == "" {
			return fmt.Errorf("option_%d follows an empty option_%d", i+1, i)
		}
	}
	return nil
}

// manualLabels reads the seven label columns as labels by the annotator
// named. Empty means not labelled; an empty question_label is the N/A of
// generic-template panes, never 0.
func manualLabels(p store.Pane, f []string, annotator string) ([]store.UnitLabel, error) {
	names := []string{"question_label", "options_overall_label",
		"option_label_1", "option_label_2", "option_label_3", "option_label_4", "option_label_5"}
	var out []store.UnitLabel
	for i, raw := range f {
		if raw == "" {
			continue
		}
		v, ok := parseLabel(raw)
		if !ok {
			return nil, fmt.Errorf("%s is %q, want 2, 1, 0 or empty", names[i], display.Clean(raw))
		}
		if i >= 2 && p.Options[i-2] == "" {
			return nil, fmt.Errorf("%s is set but option_%d is empty", names[i], i-1)
		}
		out = append(out, store.UnitLabel{Unit: guidelines.MIMICS.AllUnits[i], Annotator: annotator, Value: v})
	}
	return out, nil
}

func parseLabel(s string) (int, bool) {
	switch s {
	case "0", "1", "2":
		return int(s[0] - '0'), true
	}
	return 0, false
}

// clickMeta turns MIMICS-Click signals into the item's metadata JSON. It is
// built by hand, not with fmt or encoding/json: it runs once per row of
// files with 400,000 rows, and every value is checked first, so none needs
// escaping.
func clickMeta(f []string) (string, error) {
	switch f[0] {
	case "low", "medium", "high":
	default:
		return "", fmt.Errorf("impression_level is %q, want low, medium or high", display.Clean(f[0]))
	}
	eng, err := strconv.Atoi(f[1])
	if err != nil || eng < 0 || eng > 10 {
		return "", fmt.Errorf("engagement_level is %q, want an integer from 0 to 10", display.Clean(f[1]))
	}
	b := make([]byte, 0, 128)
	b = append(b, `{"impression_level":"`...)
	b = append(b, f[0]...)
	b = append(b, `","engagement_level":`...)
	b = strconv.AppendInt(b, int64(eng), 10)
	b = append(b, `,"option_cctr":[`...)
	for i, raw := range f[2:] {
		if i > 0 {
			b = append(b, ',')
		}
		if raw == "" {
			b = append(b, "null"...)
			continue
		}
		v, err := strconv.ParseFloat(raw, 64)
		if err != nil || !(v >= 0 && v <= 1) { // also refuses NaN
			return "", fmt.Errorf("option_cctr_%d is %q, want a probability from 0 to 1", i+1, display.Clean(raw))
		}
		b = strconv.AppendFloat(b, v, 'g', -1, 64)
	}
	b = append(b, "]}"...)
	return string(b), nil
}
