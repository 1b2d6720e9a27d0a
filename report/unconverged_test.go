package report

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/claritty/claritty/bench"
)

// A Bradley–Terry fit still moving after bench.BTRounds says so, as
// Dawid–Skene does: five systems in a chain, each beating the next 1000 to
// 1, move Hunter's rounds too slowly to settle. The text, the JSON and the
// HTML report say NOT CONVERGED with the rounds, and the resamples whose
// fits did not converge are counted as dropped.
func TestBradleyTerryNotConverged(t *testing.T) {
	var js []bench.Judgement
	names := []string{"a", "b", "c", "d", "e"}
	for i := 0; i+1 < len(names); i++ {
		for range 1000 {
			js = append(js, bench.Judgement{First: names[i], Second: names[i+1], Outcome: bench.Win})
		}
		js = append(js, bench.Judgement{First: names[i], Second: names[i+1], Outcome: bench.Lose})
	}
	c, err := bench.Compare(js)
	if err != nil {
		t.Fatal(err)
	}
	if !c.Finite() || c.Groups[0].Converged || c.Groups[0].Rounds != bench.BTRounds {
		t.Fatalf("groups %+v: want one, not converged after %d rounds", c.Groups, bench.BTRounds)
	}
	text := strings.Join(ComparisonLines(c, true, ComparisonWithheld{}), "\n")
	if !strings.Contains(text, "Bradley–Terry on a, b, c, d, e: NOT CONVERGED after 10000 rounds, last change") {
		t.Errorf("the text does not say the fit did not converge:\n%s", text)
	}
	if b := c.Bootstrap; b.Unconverged == 0 || b.Used+b.NoFit+b.Unconverged != b.Replicates ||
		!strings.Contains(strings.Join(strings.Fields(text), " "), "not converged") {
		t.Errorf("bootstrap %+v: the resamples that did not converge are not counted out:\n%s", b, text)
	}
	var doc struct {
		BradleyTerry struct {
			Note   string
			Groups []struct{ Converged bool }
		} `json:"bradley_terry"`
	}
	b, _ := json.Marshal(ComparisonScore{Comparison: c, Positions: true})
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.BradleyTerry.Groups) != 1 || doc.BradleyTerry.Groups[0].Converged ||
		!strings.Contains(doc.BradleyTerry.Note, "NOT CONVERGED") {
		t.Errorf("JSON %s", b)
	}
	if page := rankingHTML(c, "comparisons/0"); !strings.Contains(page, "NOT CONVERGED after 10000 rounds") {
		t.Errorf("the report does not say the fit did not converge:\n%s", page)
	}
}
