package report

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// Each use of later and give back counts to its annotator, and the text
// report shows the column only where someone used one.
func TestQualityCountsSkips(t *testing.T) {
	data := store.QualityData{Kind: guidelines.MIMICS.Kind, HITs: []store.QualityHIT{{Annotator: "bo", Item: 1}},
		Skips: []store.QualitySkip{{Annotator: "ana", Action: store.SkipLater}, {Annotator: "ana", Action: store.SkipLater},
			{Annotator: "ana", Action: store.SkipGiveBack}}}
	q, err := ComputeQuality("d", data)
	if err != nil {
		t.Fatal(err)
	}
	if len(q.Annotators) != 2 || q.Annotators[0].PutOff != 2 || q.Annotators[0].GivenBack != 1 || q.Annotators[1].PutOff+q.Annotators[1].GivenBack != 0 {
		t.Fatalf("skips counted %+v", q.Annotators)
	}
	text := q.Text()
	if !strings.Contains(text, "later/back") || !strings.Contains(text, "2/1") || !strings.Contains(text, "0/0") {
		t.Errorf("the text report lacks the later/back column:\n%s", text)
	}
	data.Skips = nil
	if q, _ := ComputeQuality("d", data); strings.Contains(strings.SplitN(q.Text(), "\n\n", 3)[1], "later/back") {
		t.Errorf("the column shows with no skip:\n%s", q.Text())
	}
}
