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
	data := store.QualityData{Kind: guidelines.MIMICS.Kind, Protocol: guidelines.MIMICS, HITs: []store.QualityHIT{{Annotator: "bo", Item: 1}},
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

// A gold check given back or put off counts as missed in the accuracy and
// is shown beside the checks answered; with none dodged the column reads
// as before.
func TestQualityCountsDodgedChecks(t *testing.T) {
	data := store.QualityData{Kind: guidelines.MIMICS.Kind, Protocol: guidelines.MIMICS, Checks: []store.QualityCheck{
		{Annotator: "ana", Item: 1, Units: 4, Matched: 4},
		{Annotator: "ana", Item: 2, Units: 4, Dodged: store.SkipGiveBack},
		{Annotator: "ana", Item: 3, Units: 2, Dodged: store.SkipLater},
		{Annotator: "bo", Item: 1, Units: 4, Matched: 3},
	}}
	q, err := ComputeQuality("d", data)
	if err != nil {
		t.Fatal(err)
	}
	ana, bo := q.Annotators[0], q.Annotators[1]
	if ana.Checks != 1 || ana.ChecksGivenBack != 1 || ana.ChecksPutOff != 1 || ana.CheckUnits != 10 || ana.CheckMatched != 4 ||
		ana.CheckAccuracy.V != 0.4 {
		t.Fatalf("ana's checks %+v", ana)
	}
	text := q.Text()
	if !strings.Contains(text, "40% (1 + 2 dodged)") || !strings.Contains(text, "75% (1)") || strings.Contains(text, "0 dodged") {
		t.Errorf("the gold checks column:\n%s", text)
	}
	if bo.ChecksGivenBack+bo.ChecksPutOff != 0 || bo.Checks != 1 {
		t.Errorf("bo's checks %+v", bo)
	}
	var b strings.Builder
	if err := q.WriteJSON(&b); err != nil || !strings.Contains(b.String(), `"gold_checks_given_back": 1`) ||
		!strings.Contains(b.String(), `"gold_checks_put_off": 1`) {
		t.Errorf("JSON %s %v", b.String(), err)
	}
}
