package report

import (
	"strings"
	"testing"
)

// The HTML report's attention column shows each annotator's share right
// and how many they answered, and a dash for one asked none; with nobody
// asked, there is no column.
func TestAttentionColumn(t *testing.T) {
	q := &Quality{Annotators: []AnnotatorQuality{{Annotator: "ana", Attention: 4, AttentionAccuracy: fraction(3, 4)}, {Annotator: "bo"}}}
	head, cells := attentionColumn(q, []string{"a", "b", "c", "d", "e", "f"}, [][]string{{"1", "2", "3", "4", "5", "6"}, {"1", "2", "3", "4", "5", "6"}})
	if head[5] != "attention" || len(head) != 7 {
		t.Fatalf("head %v", head)
	}
	if !strings.Contains(cells[0][5], "0.750") || !strings.Contains(cells[0][5], " of ") || !strings.Contains(cells[0][5], ">4<") {
		t.Errorf("ana's cell %q", cells[0][5])
	}
	if cells[1][5] != "–" {
		t.Errorf("bo, asked none: %q", cells[1][5])
	}
	q.Annotators[0].Attention = 0
	if head, _ := attentionColumn(q, []string{"a"}, [][]string{{"1"}, {"1"}}); len(head) != 1 {
		t.Errorf("nobody asked, yet a column: %v", head)
	}
}
