package report_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

func TestGoldAndProvenance(t *testing.T) {
	t.Parallel()
	st, ds := demotest.Gold(t)
	p1, p2, p4 := demotest.PaneGoldAt(t, st, ds, 1), demotest.PaneGoldAt(t, st, ds, 2), demotest.PaneGoldAt(t, st, ds, 4)
	if u := p1.Units[0]; u.Unit != "question" || u.Label != 2 || u.Provenance != "unanimous" || p1.Missing != 0 {
		t.Fatalf("pane 1 %+v", p1)
	}
	q, as := p2.Units[0], p2.Units[1]
	if q.Label != 2 || q.Provenance != "majority" || as.Label != -1 || as.Provenance != "unresolved" || p2.Missing != 1 {
		t.Fatalf("pane 2: question %+v, answer set %+v, missing %d", q, as, p2.Missing)
	}
	if len(p4.Units) != 0 {
		t.Fatalf("an open HIT's labels made gold: %+v", p4.Units)
	}

	// The export leaves out the flagged pane and the unresolved ones (pane
	// 2, and the demo's pane still tied after five); with
	// --include-unresolved pane 2 comes with an empty answer-set cell. The
	// demo annotators' 19 complete panes come too.
	var out bytes.Buffer
	sum, err := data.WriteManual(context.Background(), storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{})
	if err != nil || sum != (report.ReleaseSummary{Written: 1 + 19, Flagged: 1, Unresolved: 2, Unlabelled: 40 - 20 - 1 - 2, Kept: report.ReleaseOptions{}}) {
		t.Fatalf("summary %+v %v", sum, err)
	}
	if lines := strings.Split(out.String(), "\n"); len(lines) != 22 || !strings.HasPrefix(lines[1], "new caledonia\t") ||
		!strings.HasSuffix(lines[1], "\t2\t2\t2\t2\t2\t2\t") {
		t.Fatalf("release:\n%s", out.String())
	}
	out.Reset()
	sum, _ = data.WriteManual(context.Background(), storetest.ReadGold(t, st, ds), &out, report.ReleaseOptions{IncludeUnresolved: true})
	line := strings.Split(out.String(), "\n")[2]
	if sum.Written != 22 || !strings.HasPrefix(line, "sourdough starter\t") || !strings.HasSuffix(line, "\t2\t\t2\t2\t2\t2\t") {
		t.Fatalf("with unresolved: %+v\n%s", sum, out.String())
	}
}

func TestReferBelow(t *testing.T) {
	t.Parallel()
	st, ds := demotest.Gold(t)
	ctx := context.Background()
	p2 := demotest.PaneGoldAt(t, st, ds, 2)
	// question 2,2,1: 1 of 3 pairs agree; answer set 0,1,2: none; four
	// landing pages 2,2,2: 3 of 3 each. 13 of 18.
	if share, ok := p2.PaneAgreement(); !ok || math.Abs(share-13.0/18) > 1e-12 {
		t.Fatalf("pane 2 agreement %v %v", share, ok)
	}
	ana := storetest.Lead(t, st)
	bo := storetest.Person(t, st, "bob", store.RoleAnnotator)
	if _, err := st.ReadGold(ctx, bo, ds); !errors.Is(err, store.ErrNotAllowed) {
		t.Fatalf("an annotator read gold to refer with: %v", err)
	}
	if _, err := report.ReferralsBelow(ctx, storetest.ReadFigures(t, st, "cy2", ds), 0.75); !errors.Is(err, store.ErrNotAllowed) {
		t.Fatalf("referred from a reading for figures: %v", err)
	}
	todo, err := report.ReferralsBelow(ctx, storetest.ReadGold(t, st, ds), 0.75)
	if err != nil || len(todo) < 1 {
		t.Fatalf("%d panes %v", len(todo), err)
	}
	units := 0
	for _, ref := range todo {
		if err := st.Refer(ctx, ref.Item, ref.Units, ana, "low agreement"); err != nil {
			t.Fatal(err)
		}
		units += len(ref.Units)
	}
	var n, p2n, p1n int
	storetest.DB(t, st).QueryRow(`SELECT count(*), sum(item_id = ?), sum(item_id = ?) FROM referrals`,
		p2.Item.ID, storetest.ItemAt(t, st, ds, 1).ID).Scan(&n, &p2n, &p1n)
	if n != units || p2n != 6 || p1n != 0 {
		t.Fatalf("%d referrals (%d returned), pane 2: %d, pane 1: %d", n, units, p2n, p1n)
	}
}
