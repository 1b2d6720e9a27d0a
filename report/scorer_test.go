package report

import (
	"reflect"
	"testing"

	"github.com/claritty/claritty/store"
)

// TestScorerPerRunKind: each kind of run has its own scorer, the one a
// kind's descriptor names, and a kind report does not score has none.
func TestScorerPerRunKind(t *testing.T) {
	t.Parallel()
	want := map[store.RunKind]RunScorer{
		store.RunNuggets:   scoreNuggetsRun,
		store.RunTREC:      scoreTREC,
		store.RunLabels:    scoreLabels,
		store.RunQuestions: scoreQuestions,
	}
	for kind, w := range want {
		got, ok := Scorer(kind)
		if !ok || reflect.ValueOf(got).Pointer() != reflect.ValueOf(w).Pointer() {
			t.Errorf("Scorer(%s): %v, %v; want its own scorer", kind, got != nil, ok)
		}
	}
	if got, ok := Scorer("ratings"); ok || got != nil {
		t.Errorf("Scorer(ratings) = %v, %v; want none", got != nil, ok)
	}
}
