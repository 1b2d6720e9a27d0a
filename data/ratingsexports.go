package data

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
)

// Two exports a protocol file may name ([parts] exports), each over the
// file's own items, text fields, list and units, so a kind written as a
// file (ClariMM's) keeps the release files it had in code:
//
//   - "ratings" (KIND-ratings): the labels, one row per item, unit and
//     annotator, under a header that names the item and the rating
//     (conversation, unit, annotator, rating, …); merges read it back as a
//     labels file.
//   - "gold-table" (KIND-gold): one row per item, its id, its text fields,
//     the length of its list and its gold of every unit.

// RatingsExportHeader is the header of KIND-ratings for kind p: a labels
// TSV's, its first and fourth columns named for the kind's items.
func RatingsExportHeader(p guidelines.Protocol) string {
	return ratedHeader(p) + "\tcreated_at\tupdated_at\tseconds"
}

// ratedHeader is the four columns a KIND-ratings file starts with.
func ratedHeader(p guidelines.Protocol) string {
	return p.Item() + "\tunit\tannotator\trating"
}

// WriteRatings writes the labels of a dataset of kind k, one row per item,
// unit and annotator, in import order, then HIT order.
func WriteRatings(k guidelines.Kind) func(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string) error {
	return func(ctx context.Context, r *store.Reading, w io.Writer, rename func(string) string) error {
		kind, err := r.Kind(ctx)
		if err != nil {
			return err
		}
		p := r.Protocol(k)
		if kind != k {
			return fmt.Errorf("dataset holds %s items, not %s: export --format labels", kind, p.Items)
		}
		return writeLabels(ctx, r, w, rename, RatingsExportHeader(p), false)
	}
}

// GoldTableHeader is the header of KIND-gold for kind p: the item, its
// text fields, its list's length (named for its elements), then every
// unit.
func GoldTableHeader(p guidelines.Protocol) string {
	cols := []string{p.Item()}
	if f := p.FileOf(); f != nil {
		cols = append(cols, f.Item.Text...)
		if f.Item.ListName != "" {
			cols = append(cols, f.Item.ListName+"s")
		}
	}
	return strings.Join(append(cols, p.AllUnits...), "\t")
}

// WriteGoldTable writes the gold labels of a dataset of kind p, one row
// per item in import order. Flagged items, ones without labels and,
// unless opts keep them, ones with units labelled by fewer annotators than
// the policy's min are left out; ones with units still unresolved are
// written with those cells empty and counted.
func WriteGoldTable(k guidelines.Kind) func(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
	return func(ctx context.Context, r *store.Reading, w io.Writer, opts report.ReleaseOptions) (report.ReleaseSummary, error) {
		opts.IncludeUnresolved = true
		sum := report.ReleaseSummary{Kept: opts}
		if err := requireKind(ctx, r, k); err != nil {
			return sum, err
		}
		p := r.Protocol(k)
		f := p.FileOf()
		err := writeKept(ctx, r, w, &sum, GoldTableHeader(p), func(bw *bufio.Writer, g *report.PaneGold) error {
			it := g.Item
			fields := []string{tsvCell(it.UID)}
			if f != nil {
				texts := []string{it.Query, it.Question}
				for i := range f.Item.Text {
					if i < len(texts) {
						fields = append(fields, tsvCell(texts[i]))
					} else {
						fields = append(fields, "") // a third text field has no column of the item
					}
				}
				if f.Item.ListName != "" {
					fields = append(fields, strconv.Itoa(it.Pane.AnswerCount()))
				}
			}
			_, err := bw.WriteString(strings.Join(append(fields, g.LabelCells(p.AllUnits)...), "\t") + "\n")
			return err
		})
		return sum, err
	}
}
