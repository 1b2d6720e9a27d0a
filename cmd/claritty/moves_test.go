package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// figureCommands are every command that prints figures to an annotator,
// in text and JSON, and the HTML report, per dataset.
func figureCommands(dataset string) [][]string {
	return [][]string{
		{"stats", "--dataset", dataset}, {"stats", "--json", "--dataset", dataset},
		{"agree", "--dataset", dataset}, {"agree", "--json", "--dataset", dataset},
		{"bench", "--dataset", dataset}, {"bench", "--json", "--dataset", dataset},
		{"report", "--dataset", dataset},
	}
}

// figuresSeen is what ana sees of every figure of the datasets, locally
// (--as ana, as her own process would) and over SSH with her key.
func figuresSeen(t *testing.T, tm team, ssh *gossh.Client, datasets ...string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, d := range datasets {
		for _, args := range figureCommands(d) {
			r := tm.run(t, "ana", "", args...)
			if r.code != 0 {
				t.Fatalf("ana %v: %+v", args, r)
			}
			out["cli "+strings.Join(args, " ")] = madeAt.ReplaceAllString(r.stdout, "made TIME")
			s := sshRun(t, ssh, "", strings.Join(args, " "))
			if s.code != 0 {
				t.Fatalf("ssh ana %v: %+v", args, s)
			}
			out["ssh "+strings.Join(args, " ")] = madeAt.ReplaceAllString(s.stdout, "made TIME")
		}
	}
	return out
}

// madeAt is when the HTML report says it was made.
var madeAt = regexp.MustCompile(`made \d{4}-\d\d-\d\d \d\d:\d\d UTC`)

// othersSettled counts the settled labels of people other than who on an
// item (a finished HIT's, or a release file's), read from the database.
func othersSettled(t *testing.T, db string, itemID int64, who string) int {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int
	err = conn.QueryRow(`SELECT count(*) FROM labels l JOIN annotators a ON a.id = l.annotator_id
		LEFT JOIN hits h ON h.item_id = l.item_id AND h.annotator_id = l.annotator_id
		WHERE l.item_id = ? AND a.name != ? AND (h.item_id IS NULL OR h.finished_at IS NOT NULL)`, itemID, who).Scan(&n)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// finishNext has who key their next HIT of the dataset whole: every unit
// of a MIMICS pane at 1, a comparison's preference at 2.
func finishNext(t *testing.T, st *store.Store, d store.Dataset, who store.Annotator) {
	t.Helper()
	ctx := context.Background()
	id, ok, _, err := st.NextHIT(ctx, d.ID, who.ID, 0)
	if err != nil || !ok {
		t.Fatalf("%s's HIT of %s: %v %v", who.Name, d.Name, ok, err)
	}
	if d.Kind == guidelines.Compare.Kind {
		win := 2
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: id, AnnotatorID: who.ID, Unit: "preference", Value: &win, Finish: true}); err != nil {
			t.Fatal(err)
		}
		return
	}
	var it store.Item
	if err := st.EachItem(ctx, d.ID, func(i store.Item) error {
		if i.ID == id {
			it = i
		}
		return nil
	}); err != nil || it.ID == 0 {
		t.Fatalf("item %d: %v", id, err)
	}
	keyHIT(t, st, it, who, 1)
}

// Below the lead no figure moves when a HIT opens, is put off or is given
// back: ana's stats, agreement, bench scores and HTML report, in text and
// JSON, locally and over SSH, are the same before and after each, for
// HITs in a MIMICS dataset and in a comparison of systems that carry
// others' settled labels. (Before, a figure left out only the items ana
// had open, so opening one took its labels out: the difference was
// exactly the others' votes on it.)
func TestFiguresDoNotMoveWhenAHITOpens(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ctx := context.Background()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ana, err := st.AnnotatorByName(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	datasets := []string{data.DemoDataset, data.DemoPairs}
	// bo and cy finish two HITs each in both: items ana is given next,
	// since they want a third annotator.
	for _, name := range datasets {
		d, err := st.DatasetByName(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, who := range []string{"bo", "cy"} {
			an, err := st.AnnotatorByName(ctx, who)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 {
				finishNext(t, st, d, an)
			}
		}
	}
	before := figuresSeen(t, tm, c, datasets...)
	var agree struct{ Pooled struct{ Items int } }
	if err := json.Unmarshal([]byte(before["cli agree --json --dataset demo"]), &agree); err != nil || agree.Pooled.Items == 0 {
		t.Fatalf("ana sees no agreement at all (%v): the test would compare empty figures", err)
	}
	same := func(what string) {
		t.Helper()
		after := figuresSeen(t, tm, c, datasets...)
		for k, v := range before {
			if after[k] != v {
				t.Errorf("%s moved %s:\n--- before\n%.2000s\n--- after\n%.2000s", what, k, v, after[k])
			}
		}
	}
	withVotes := 0
	for _, name := range datasets {
		d, err := st.DatasetByName(ctx, name)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			id, ok, _, err := st.NextHIT(ctx, d.ID, ana.ID, 0)
			if err != nil || !ok {
				t.Fatalf("%s: ana's HIT %d: %v %v", name, i, ok, err)
			}
			if othersSettled(t, tm.db, id, "ana") > 0 {
				withVotes++
			}
			what := fmt.Sprintf("opening item %d of %s", id, name)
			same(what)
			if err := st.SkipHIT(ctx, id, ana.ID, store.SkipLater); err != nil {
				t.Fatal(err)
			}
			same("putting off " + what[len("opening "):])
			if err := st.SkipHIT(ctx, id, ana.ID, store.SkipGiveBack); err != nil {
				t.Fatal(err)
			}
			same("giving back " + what[len("opening "):])
		}
	}
	if withVotes < 3 {
		t.Errorf("only %d of the HITs opened had others' settled labels: the test tries too little", withVotes)
	}
}

// As another OS user, an annotator's figures do not move when their HIT
// opens, is put off or given back: games, an annotator, reads stats and
// agreement (text and JSON) on a database of panes others have begun, as
// their own process, before and after each.
func TestOtherUsersFiguresDoNotMove(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	var rows []string
	for _, q := range []string{"jaguar", "puma", "lynx", "ocelot", "serval", "caracal", "margay", "kodkod"} {
		rows = append(rows, strings.Replace(jaguarRow, "jaguar\tWhich jaguar?", q+"\tWhich "+q+"?", 1))
	}
	if r := runBin(t, bin, db, "import", "--dataset", "cats", "--min", "2", "--max", "3", writePanes(t, dir, "cats.tsv", rows...)); r.code != 0 {
		t.Fatalf("the lead's import: %+v", r)
	}
	if r := runBin(t, bin, db, "annotators", "games", "--role", "annotator"); r.code != 0 {
		t.Fatalf("add games: %+v", r)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := st.DatasetByName(ctx, "cats")
	if err != nil {
		t.Fatal(err)
	}
	// bo finishes every pane (each then wants one more), cy half of them
	// (those close).
	for i, who := range []string{"bo", "cy"} {
		an, err := st.SetRole(ctx, storetest.Lead(t, st), who, store.RoleAnnotator)
		if err != nil {
			t.Fatal(err)
		}
		for range 8 / (i + 1) {
			finishNext(t, st, d, an)
		}
	}
	shareDB(db)
	seen := func() string {
		t.Helper()
		var out strings.Builder
		for _, args := range [][]string{{"stats", "--dataset", "cats"}, {"stats", "--json", "--dataset", "cats"},
			{"agree", "--dataset", "cats"}, {"agree", "--json", "--dataset", "cats"}} {
			r := run(t, asUser(ctx, setpriv, games.Uid, games.Gid, dir, bin, db, args...))
			if r.code != 0 {
				t.Fatalf("games %v: %+v", args, r)
			}
			out.WriteString(r.stdout)
		}
		return out.String()
	}
	before := seen()
	if !strings.Contains(before, "question") {
		t.Fatalf("games sees no agreement at all: the test would compare empty figures\n%s", before)
	}
	g, err := st.AnnotatorByName(ctx, "games")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		id, ok, _, err := st.NextHIT(ctx, d.ID, g.ID, 0)
		if err != nil || !ok {
			t.Fatalf("games's HIT %d: %v %v", i, ok, err)
		}
		if othersSettled(t, db, id, "games") == 0 {
			t.Fatalf("HIT %d (item %d) has no one else's labels: the test tries nothing", i, id)
		}
		if after := seen(); after != before {
			t.Errorf("games's figures moved when item %d opened:\n--- before\n%s\n--- after\n%s", id, before, after)
		}
		for _, act := range []store.Skip{store.SkipLater, store.SkipGiveBack} {
			if err := st.SkipHIT(ctx, id, g.ID, act); err != nil {
				t.Fatal(err)
			}
			if after := seen(); after != before {
				t.Errorf("games's figures moved at %s on item %d:\n--- before\n%s\n--- after\n%s", act, id, before, after)
			}
		}
	}
}
