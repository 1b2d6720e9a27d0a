package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// newHistoryCmd shows one item's label history, as flags history shows a
// flag's: every change, who made it, when, and by which route (a key, an
// undo, a merge, or a changed answer that withdrew the label).
func newHistoryCmd(g *globals) *cobra.Command {
	var dataset string
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "history ITEM",
		Short: "Every change to an item's labels: old and new label, by whom, when and how",
		Long: "Lists every change to the labels of one item, oldest first: the unit, whose label it\n" +
			"is, the label before and after (- for none), the source and who acted. Sources: tui (a\n" +
			"key), undo (u), merge (import --format labels), import (a release file's labels), and\n" +
			"withdrawn (a changed answer took the label away: the step it waited for asks no more).\n" +
			"ITEM is the item's uid as exports write it, or a protocol file's item's own id (its one\n" +
			"id column's text); below the lead a compare pair is its blind id (pair-…). Without\n" +
			"--dataset every dataset is looked in. A lead sees every annotator's changes; anyone\n" +
			"else those of their own labels only. --json gives [{\"item\", \"unit\", \"annotator\",\n" +
			"\"old\", \"new\", \"source\", \"actor\", \"at\"}], old and new as exports write labels, or null.",
		Example: "  claritty history 3f2a9c0d17e4b5a6\n  claritty history 101 --dataset clariq --json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx := cmd.Context()
			st, me, err := g.openAs(ctx)
			if err != nil {
				return err
			}
			defer st.Close()
			d, it, err := historyItem(ctx, st, me, dataset, args[0])
			if err != nil {
				return err
			}
			var h []store.HistoryEntry
			var everyone bool
			err = withReading(ctx, me, d.ID, st.ReadLabels, func(r *store.Reading) error {
				everyone = r.ShowsVotes()
				h, err = r.LabelHistory(ctx, it.ID)
				return err
			})
			switch {
			case err != nil:
				return err
			case asJSON:
				return writeHistoryJSON(cmd.OutOrStdout(), st.Protocol(d.Kind), h)
			case len(h) > 0:
				return writeHistory(cmd.OutOrStdout(), st.Protocol(d.Kind), h)
			case everyone:
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "Item %s has no label history.\n", display.Clean(args[0]))
			default:
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "You have no label history on item %s (below the lead, only your own labels').\n", display.Clean(args[0]))
			}
			return err
		},
	}
	cmd.Flags().StringVar(&dataset, "dataset", "", "the item's dataset (default: look in every dataset)")
	cmd.Flags().BoolVar(&asJSON, "json", false, "write JSON")
	return cmd
}

// historyItem finds the item named, as me names items (store.ItemByExportID:
// its uid, its own id, a pair's blind id below the lead): in the dataset
// given, else in the one dataset that has it.
func historyItem(ctx context.Context, st *store.Store, me store.Annotator, dataset, name string) (store.Dataset, store.Item, error) {
	var ds []store.Dataset
	if dataset != "" {
		d, err := st.DatasetByName(ctx, dataset)
		if err != nil {
			return store.Dataset{}, store.Item{}, err
		}
		ds = []store.Dataset{d}
	} else {
		var err error
		if ds, err = st.Datasets(ctx); err != nil {
			return store.Dataset{}, store.Item{}, err
		}
	}
	var found []store.Dataset
	var item store.Item
	for _, d := range ds {
		it, err := st.ItemByExportID(ctx, me, d.ID, name)
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return store.Dataset{}, store.Item{}, err
		}
		found, item = append(found, d), it
	}
	switch {
	case len(found) == 0 && dataset != "":
		return store.Dataset{}, store.Item{}, fmt.Errorf("no item %q in %s: name it by its uid, as exports write it, or by its own id", display.Clean(name), display.Clean(dataset))
	case len(found) == 0:
		return store.Dataset{}, store.Item{}, fmt.Errorf("no item %q in any dataset: name it by its uid, as exports write it, or by its own id", display.Clean(name))
	case len(found) > 1:
		var names []string
		for _, d := range found {
			names = append(names, display.Clean(d.Name))
		}
		return store.Dataset{}, store.Item{}, fmt.Errorf("item %q is in datasets %s: name one with --dataset", display.Clean(name), listed(names))
	}
	return found[0], item, nil
}

// historyLabel is a label of a history row as exports write it, or "" for
// none.
func historyLabel(p guidelines.Protocol, h store.HistoryEntry, v *int, text string) string {
	switch {
	case v == nil:
		return ""
	case p.TextMax(h.Unit) > 0: // a written answer: its words
		return text
	case h.AsSeen:
		return guidelines.SeenName(*v)
	}
	return p.NameOf(h.Unit, *v)
}

func writeHistory(w io.Writer, p guidelines.Protocol, h []store.HistoryEntry) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "at\tunit\tannotator\told\tnew\tsource\tby")
	for _, e := range h {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", display.Clean(e.At), display.Clean(e.Unit), cell(e.Annotator, 20),
			cell(historyLabel(p, e, e.Old, e.OldText), 40), cell(historyLabel(p, e, e.New, e.NewText), 40), cell(e.Source, 20), cell(e.Actor, 20))
	}
	return tw.Flush()
}

// historyRow is one change as --json writes it.
type historyRow struct {
	Item      string  `json:"item"`
	Unit      string  `json:"unit"`
	Annotator string  `json:"annotator"`
	Old       *string `json:"old"`
	New       *string `json:"new"`
	Source    string  `json:"source"`
	Actor     string  `json:"actor"`
	At        string  `json:"at"`
}

func writeHistoryJSON(w io.Writer, p guidelines.Protocol, h []store.HistoryEntry) error {
	rows := []historyRow{}
	label := func(e store.HistoryEntry, v *int, text string) *string {
		if v == nil {
			return nil
		}
		s := display.Clean(historyLabel(p, e, v, text))
		return &s
	}
	// Names and ids are dataset text: no control reaches a terminal, in
	// JSON either (it leaves U+009B as it is).
	c := display.Clean
	for _, e := range h {
		rows = append(rows, historyRow{Item: c(e.Item), Unit: c(e.Unit), Annotator: c(e.Annotator), Old: label(e, e.Old, e.OldText), New: label(e, e.New, e.NewText),
			Source: c(e.Source), Actor: c(e.Actor), At: c(e.At)})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rows)
}
