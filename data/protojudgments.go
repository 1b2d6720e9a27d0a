package data

import (
	"bufio"
	"fmt"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
)

// A protocol file with a step per pair of a nested list (trec-rag-support)
// exports in its own shape as one line per judged pair, its columns
// separated by a space as TREC's files are: the item's id fields (item.id,
// in order: topic_id run_id), the pair's outer and inner element (from
// 1: sentence, citation), the key it cites (docid), and its gold label as
// the file writes it (support: 0 none, 1 partial, 2 full). A pair without
// gold has no line; an item's pairs come in HIT order.

// pairJudgments writes an item's judged pairs.
func pairJudgments(bw *bufio.Writer, f *guidelines.ProtocolFile, proto guidelines.Protocol, line string, p *report.PaneGold) error {
	fields := f.FieldsOf(line)
	var ids []string
	for _, col := range f.Item.ID {
		ids = append(ids, fields.Text(col))
	}
	for _, u := range proto.Units(p.Item.Shape(1)) {
		st, ok := f.NestedStep(u)
		g := p.Label(u)
		if !ok || g < 0 {
			continue
		}
		scale, _ := f.ScaleOf(st)
		i, j, _ := guidelines.PairOf(u)
		cols := append(append([]string{}, ids...), strconv.Itoa(i), strconv.Itoa(j), f.PairKey(line, u), scale.Code(g))
		for _, c := range cols {
			if c == "" || strings.ContainsAny(c, " \t\r\n") {
				return fmt.Errorf("item %s, %s: %q is empty or holds a space, which a column of this export cannot", p.Item.UID, u, display.Clean(c))
			}
		}
		if _, err := bw.WriteString(strings.Join(cols, " ") + "\n"); err != nil {
			return err
		}
	}
	return nil
}
