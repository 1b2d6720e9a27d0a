package agreement

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/annotating.md says how the quality report's Dawid–Skene fit
// starts, and the fit starts so: from each unit's vote shares, not from
// its majority vote. A unit labelled 0, 0, 1 starts at (2/3, 1/3), where
// a majority vote would give it (1, 0); a unit with no label starts
// uniform.
func TestDocsSayHowDawidSkeneStarts(t *testing.T) {
	t.Parallel()
	byUnit := [][]DSLabel{{{0, 0, 0}, {0, 1, 0}, {0, 2, 1}}, {{1, 0, 1}, {1, 1, 1}, {1, 2, 1}}, nil}
	start := voteShareStart(byUnit, 2)
	for u, want := range [][]float64{{2.0 / 3, 1.0 / 3}, {0, 1}, {0.5, 0.5}} {
		for k := range want {
			if math.Abs(start[u][k]-want[k]) > 1e-15 {
				t.Errorf("unit %d starts at %v, want its vote shares %v", u, start[u], want)
				break
			}
		}
	}
	b, err := os.ReadFile(filepath.Join("..", "docs", "annotating.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := strings.Join(strings.Fields(string(b)), " ")
	from := strings.Index(doc, "The model (Dawid & Skene 1979) is fitted by EM")
	to := strings.Index(doc[max(from, 0):], "NOT CONVERGED")
	if from < 0 || to < 0 {
		t.Fatal("docs/annotating.md no longer describes the Dawid–Skene fit where this test looks")
	}
	fit := doc[from : from+to]
	if !strings.Contains(fit, "started from each unit's vote shares") || strings.Contains(fit, "majority vote") {
		t.Errorf("docs/annotating.md says the fit starts otherwise than from each unit's vote shares: %q", fit)
	}
}
