package teamdb

import (
	"context"
	"testing"

	"github.com/claritty/claritty/store/storetest"
)

// A small team's database holds every label BuildTeam says it merged:
// each labelled pane's units (question, answer set, a landing page per
// answer) from every annotator.
func TestBuildTeamLabelsEveryUnit(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)
	team, err := BuildTeam(context.Background(), st, storetest.Lead(t, st), t.TempDir(), 40, 3)
	if err != nil {
		t.Fatal(err)
	}
	var stored int
	if err := storetest.DB(t, st).QueryRow(`SELECT count(*) FROM labels`).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	// A pane has at least a question and an answer set: two units.
	if team.Labels < 2*3*team.Labelled || stored != team.Labels {
		t.Errorf("%d labels merged, %d stored, for %d panes of 3 annotators", team.Labels, stored, team.Labelled)
	}
}
