package data

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
)

// headerDiff says how a TSV's header differs from the one its format
// wants, naming the columns: missing ones, ones the format does not have,
// or the first in another place ("" when they are the same).
func headerDiff(got, want []string) string {
	var missing, extra []string
	for _, c := range want {
		if c != "" && !slices.Contains(got, c) {
			missing = append(missing, c)
		}
	}
	for _, c := range got {
		if c != "" && !slices.Contains(want, c) {
			extra = append(extra, c)
		}
	}
	var parts []string
	if len(missing) > 0 {
		parts = append(parts, columnsMissing(missing))
	}
	if len(extra) > 0 {
		parts = append(parts, columnsAre(extra, "not the format's", 5))
	}
	if len(parts) > 0 {
		return strings.Join(parts, "; ")
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			return fmt.Sprintf("column %d is %s, where the header has %s", i+1, quoteColumn(got[i]), quoteColumn(want[i]))
		}
	}
	if len(got) != len(want) {
		return fmt.Sprintf("%s, the header has %d", display.Count(len(got), "column", "columns"), len(want))
	}
	return ""
}

// columnsMissing says which columns are missing: `column "x" is
// missing`, `columns "x", "y" are missing`, every one named (they come from
// a header claritty knows, so they are few and each is what to add).
func columnsMissing(cols []string) string { return columnsAre(cols, "missing", len(cols)) }

// columnsAre says that some columns are something (`columns "x", "y"
// are not the format's`), naming at most most of them.
func columnsAre(cols []string, what string, most int) string {
	shown := cols[:min(len(cols), most)]
	quoted := make([]string, len(shown))
	for i, c := range shown {
		quoted[i] = quoteColumn(c)
	}
	more := ""
	if len(cols) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(cols)-len(shown))
	}
	if len(cols) == 1 {
		return fmt.Sprintf("column %s is %s", quoted[0], what)
	}
	return fmt.Sprintf("columns %s%s are %s", strings.Join(quoted, ", "), more, what)
}

func quoteColumn(c string) string { return strconv.Quote(display.FitWords(c, 40)) }

// nearestHeader is the known header (a TSV format's: a protocol file's
// among them) a first line that is none of them comes closest to,
// when it shares most of its columns, with how it differs: a header that
// lost a column reads as what it was meant to be. "" when none is near.
func nearestHeader(first string, formats []Format) string {
	got := strings.Split(first, "\t")
	type known struct{ name, header string }
	var cands []known
	for _, f := range formats {
		for _, h := range f.headers {
			cands = append(cands, known{string(f.name), h})
		}
	}
	best, bestShared := known{}, 0
	for _, c := range cands {
		want := strings.Split(c.header, "\t")
		shared := 0
		for _, col := range want {
			if col != "" && slices.Contains(got, col) {
				shared++
			}
		}
		if shared > bestShared && 2*shared > len(want) {
			best, bestShared = c, shared
		}
	}
	if best.name == "" {
		return ""
	}
	if best.name == string(FormatLabels) {
		return fmt.Sprintf("it is nearly the labels header: %s", ratingsHeaderDiff(first))
	}
	return fmt.Sprintf("it is nearly the %s header: %s", best.name, headerDiff(got, strings.Split(best.header, "\t")))
}

// ratingsHeaderDiff says how a first line falls short of a labels header
// (item, unit, annotator, label, or a KIND-ratings file's items' name,
// unit, annotator, rating; any columns may follow): the columns it lacks,
// or the first of the four in another place ("" for none).
func ratingsHeaderDiff(first string) string {
	got := strings.Split(first, "\t")
	want := strings.Split(RatingsHeader, "\t")
	shared := func(cols []string) int {
		return len(slices.DeleteFunc(slices.Clone(cols), func(c string) bool { return !slices.Contains(got, c) }))
	}
	if alt := append(got[:1:1], strings.Split(ratedColumns, "\t")...); shared(alt) > shared(want) {
		want = alt
	}
	missing := slices.DeleteFunc(slices.Clone(want), func(c string) bool { return slices.Contains(got, c) })
	if len(missing) > 0 {
		return columnsMissing(missing)
	}
	for i, c := range want {
		if got[i] != c {
			return fmt.Sprintf("column %d is %s, where the header has %s", i+1, quoteColumn(got[i]), quoteColumn(c))
		}
	}
	return ""
}
