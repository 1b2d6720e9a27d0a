package store

import (
	"context"
	"testing"
)

// Migration 0025 keeps with an arena judge run the rule that read it and
// the lines it dropped. A file from before it opens: its judge run keeps
// its flip counts and reads back with no rule (not recorded), a plain
// labels run with neither. A read kept by SetArenaRead reads back whole;
// one no file could give is refused by SetArenaRead, and by the table's
// CHECKs when written around it.
func TestArenaReadKeptAndChecked(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, path := openAtVersion(t, 24)
	if _, err := db.Exec(`
		INSERT INTO datasets (id, name, kind, format, created_at) VALUES (1, 'p', 'compare', 'pairs', 't');
		INSERT INTO runs (dataset_id, name, kind, created_at, order_pairs, order_flips) VALUES (1, 'judge', 'labels', 't', 4, 1);
		INSERT INTO runs (dataset_id, name, kind, created_at) VALUES (1, 'plain', 'labels', 't');`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	runsOf := func() map[string]Run {
		t.Helper()
		rs, err := st.Runs(ctx, 1)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]Run{}
		for _, r := range rs {
			out[r.Name] = r
		}
		return out
	}
	rs := runsOf()
	if j := rs["judge"]; j.Orders == nil || *j.Orders != (Orders{Pairs: 4, Flips: 1}) || j.Arena != nil {
		t.Errorf("the judge run from before 0025: orders %+v, arena read %+v; want 4 pairs, 1 flip, no read", j.Orders, j.Arena)
	}
	if p := rs["plain"]; p.Orders != nil || p.Arena != nil {
		t.Errorf("a plain labels run: orders %+v, arena read %+v", p.Orders, p.Arena)
	}

	im, err := st.BeginImport(ctx, testLead(t, st), "p", "compare", "pairs")
	if err != nil {
		t.Fatal(err)
	}
	defer im.Rollback()
	w, err := im.AddRun("today", RunLabels, "", "fp")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []ArenaRead{
		{Rule: "newest", Lines: 5},
		{Rule: ArenaBothGames},
		{Rule: ArenaBothGames, Lines: 5, DroppedNoGame: 3, DroppedOneGame: 3},
		{Rule: ArenaBothGames, Lines: 5, DroppedNoGame: -1},
		{Rule: ArenaOneGame, Lines: 5, DroppedOneGame: 1},
	} {
		if err := w.SetArenaRead(bad); err == nil {
			t.Errorf("SetArenaRead(%+v) was taken", bad)
		}
	}
	read := ArenaRead{Rule: ArenaBothGames, Lines: 21, DroppedNoGame: 3, DroppedOneGame: 9}
	if err := w.SetArenaRead(read); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	if got := runsOf()["today"].Arena; got == nil || *got != read {
		t.Errorf("the read kept is %+v, want %+v", got, read)
	}

	// Around the API, the table's own CHECKs: the four together, a known
	// rule, no more dropped than read, none with one game by the rule
	// that keeps such lines.
	for _, set := range []string{
		`arena_rule = 'both-games'`,
		`arena_rule = 'both-games', arena_lines = 5, arena_dropped_no_game = 0`,
		`arena_rule = 'newest', arena_lines = 5, arena_dropped_no_game = 0, arena_dropped_one_game = 0`,
		`arena_rule = 'both-games', arena_lines = 5, arena_dropped_no_game = 3, arena_dropped_one_game = 3`,
		`arena_rule = 'one-game', arena_lines = 5, arena_dropped_no_game = 0, arena_dropped_one_game = 1`,
		`arena_rule = 'one-game', arena_lines = 0, arena_dropped_no_game = 0, arena_dropped_one_game = 0`,
		`arena_rule = NULL, arena_lines = 5, arena_dropped_no_game = 0, arena_dropped_one_game = 0`,
	} {
		if _, err := st.db.Exec(`UPDATE runs SET ` + set + ` WHERE name = 'judge'`); err == nil {
			t.Errorf("the runs table took %s", set)
		}
	}
	if _, err := st.db.Exec(`UPDATE runs SET arena_rule = 'one-game', arena_lines = 5, arena_dropped_no_game = 2,
		arena_dropped_one_game = 0 WHERE name = 'judge'`); err != nil {
		t.Errorf("a read a file could give: %v", err)
	}
}
