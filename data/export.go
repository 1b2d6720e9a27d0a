package data

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// LabelsHeader is the header of a labels TSV.
const LabelsHeader = "item\tunit\tannotator\tlabel\tcreated_at\tupdated_at\tseconds"

// WriteLabels writes the labels of the reading (a dataset, or all datasets
// for id 0; everyone's for a lead, else the reader's own) as a labels TSV.
// Annotator names go through rename (nil keeps them; see Pseudonyms) and
// are cleaned so a tab or newline in one cannot break the file.
func WriteLabels(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string) error {
	return writeLabels(ctx, r, w, rename, LabelsHeader, false)
}

// WriteLabelsText is WriteLabels with each item's texts in two more
// columns (report.TextHeader), for reading; claritty import --format
// labels takes the file without them.
func WriteLabelsText(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string) error {
	return writeLabels(ctx, r, w, rename, LabelsHeader, true)
}

// writeLabels writes the labels under header (ending at seconds), then a
// lead's arm columns on a dataset with arms, then the texts when text.
func writeLabels(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string, header string, text bool) error {
	if rename == nil {
		rename = func(s string) string { return s }
	}
	arms, err := r.ArmsInLabels(ctx)
	if err != nil {
		return err
	}
	if arms {
		header += "\t" + ArmsHeader
	}
	if text {
		header += "\t" + report.TextHeader
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, header)
	each := r.EachLabel
	if text {
		each = r.EachLabelText
	}
	err = each(ctx, func(l store.LabelRow) error {
		secs := ""
		if l.Seconds != nil {
			secs = strconv.FormatFloat(*l.Seconds, 'f', 1, 64)
		}
		_, err := fmt.Fprintf(bw, "%s\t%s\t%s\t%s\t%s\t%s\t%s",
			display.Clean(l.Item), l.Unit, display.Clean(rename(l.Annotator)), labelString(r, l), l.CreatedAt, l.UpdatedAt, secs)
		if err == nil && arms {
			first := l
			first.Value = l.First
			hit := ""
			if l.HITSeconds != nil { // to the millisecond the time is stored in
				hit = strconv.FormatFloat(*l.HITSeconds, 'f', 3, 64)
			}
			_, err = bw.WriteString("\t" + display.Clean(l.Arm) + "\t" + labelString(r, first) + "\t" + hit)
		}
		if err == nil && text {
			_, err = bw.WriteString("\t" + tsvCell(l.Text) + "\t" + tsvCell(l.Text2) + "\t" + tsvCell(l.RowID))
		}
		if err == nil {
			err = bw.WriteByte('\n')
		}
		return err
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// ArmsHeader names the columns a lead's labels export of a dataset with
// arms adds after seconds: each label's arm (blind, after:RUN, before:RUN;
// empty for an annotator in none), the label first keyed (label is the
// final one) and the time of the label's HIT in seconds (empty when not
// known), from which the figures per arm are recomputed. A merge reads
// label and leaves them.
const ArmsHeader = "arm\tfirst_label\thit_seconds"

// labelString is a label as a labels file writes it: on its item's kind's
// scale (a unit's name alone does not say its kind), or a pair's as the
// reader saw it (A, tie, B).
func labelString(r *store.Reading, l store.LabelRow) string {
	if l.Answer != "" {
		// A written answer holds no tab, line end or control character
		// (the store refuses them), so it is its own cell, as typed.
		return l.Answer
	}
	if l.AsSeen {
		return guidelines.SeenName(l.Value)
	}
	return r.Protocol(l.Kind).NameOf(l.Unit, l.Value)
}
