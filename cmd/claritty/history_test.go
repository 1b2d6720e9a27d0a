package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
)

// historyStudy is the gated study with one id column, so that a request's
// own id (its topic_id) names it.
func historyStudy() string {
	s := strings.Replace(datatest.ClariQGated, `name = "clariq-gated"`, `name = "clariq-history"`, 1)
	return strings.Replace(s, `id = ["topic_id", "initial_request"]`, `id = ["topic_id"]`, 1)
}

// historyRows is claritty history --json.
type historyRows []struct {
	Item, Unit, Annotator string
	Old, New              *string
	Source, Actor, At     string
}

// changes are the rows as "unit annotator old>new source by", - for none.
func (h historyRows) changes() []string {
	var out []string
	str := func(s *string) string {
		if s == nil {
			return "-"
		}
		return *s
	}
	for _, r := range h {
		out = append(out, fmt.Sprintf("%s %s %s>%s %s %s", r.Unit, r.Annotator, str(r.Old), str(r.New), r.Source, r.Actor))
	}
	return out
}

func parseHistory(t *testing.T, what string, r result) historyRows {
	t.Helper()
	var h historyRows
	if r.code != 0 || json.Unmarshal([]byte(r.stdout), &h) != nil {
		t.Fatalf("%s: %+v", what, r)
	}
	return h
}

// Issue 43, point 2: the history rows the docs promise can be read. The
// lead merges games's and bo's labels of a gated request, and games turns
// ask to no in a merge of their own, which withdraws three labels:
// claritty history shows the lead every row (merge and withdrawn, by
// whom), by the request's own id or its uid alike; games, run as that OS
// user and over SSH with their key, sees only their own rows; a pair is
// its blind id below the lead, its labels the sides games saw; an item
// nobody has is refused, the database unchanged.
func TestHistoryShowsWithdrawnAndMergedLabels(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := sharedPlace(t)
	write := fileWriter(t, dir)
	lead := osUser()
	if r := runBin(t, bin, db, "import", "--protocol", write("h.toml", historyStudy()), "--dataset", "cq",
		write("cq.tsv", datatest.ClariQGatedRows(2))); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	for _, who := range []string{"games", "bo"} {
		if r := runBin(t, bin, db, "annotators", who, "--role", "annotator"); r.code != 0 {
			t.Fatalf("add %s: %+v", who, r)
		}
	}
	first := "item\tunit\tannotator\tlabel\tupdated_at\n"
	for _, l := range []string{"need games 3", "ask games 1", "usefulness_1 games 2", "usefulness_2 games 3", "clear games 1",
		"need bo 2", "ask bo 0"} {
		f := strings.Fields(l)
		first += fmt.Sprintf("1\t%s\t%s\t%s\t2026-01-01T10:00:00Z\n", f[0], f[1], f[2])
	}
	if r := runBin(t, bin, db, "import", "--format", "labels", write("first.tsv", first)); r.code != 0 {
		t.Fatalf("the lead's merge: %+v", r)
	}
	shareDB(db)
	as := func(args ...string) result {
		t.Helper()
		return run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...))
	}
	if r := as("import", "--format", "labels", write("no.tsv", "item\tunit\tannotator\tlabel\n1\task\tgames\t0\n")); r.code != 0 ||
		!strings.Contains(r.stderr, "3 labels withdrawn") {
		t.Fatalf("games's no: %+v", r)
	}

	gamesRows := []string{
		"need games ->3 merge " + lead, "ask games ->1 merge " + lead, "usefulness_1 games ->2 merge " + lead,
		"usefulness_2 games ->3 merge " + lead, "clear games ->1 merge " + lead,
		"ask games 1>0 merge games", "usefulness_1 games 2>- withdrawn games",
		"usefulness_2 games 3>- withdrawn games", "clear games 1>- withdrawn games",
	}
	boRows := []string{"need bo ->2 merge " + lead, "ask bo ->0 merge " + lead}
	all := append(slices.Clone(gamesRows[:5]), append(boRows, gamesRows[5:]...)...)
	uid := ""
	for _, name := range []string{"1", "#uid"} {
		if name == "#uid" {
			name = uid
		}
		h := parseHistory(t, "the lead's history "+name, runBin(t, bin, db, "history", name, "--json"))
		if got := h.changes(); !slices.Equal(got, all) {
			t.Errorf("the lead's history of %s:\n%s\nwant\n%s", name, strings.Join(got, "\n"), strings.Join(all, "\n"))
		}
		uid = h[0].Item
	}
	if r := runBin(t, bin, db, "history", "1", "--dataset", "cq"); r.code != 0 ||
		!strings.Contains(r.stdout, "usefulness_2  games      3    -    withdrawn  games") {
		t.Errorf("the lead's table:\n%+v", r)
	}
	h := parseHistory(t, "games's history", as("history", "1", "--json"))
	if got := h.changes(); !slices.Equal(got, gamesRows) {
		t.Errorf("games's history:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(gamesRows, "\n"))
	}
	if r := as("history", uid); r.code != 0 || strings.Contains(r.stdout, "bo") || !strings.Contains(r.stdout, "withdrawn") {
		t.Errorf("games's table by uid: %+v", r)
	}
	if r := as("history", "2"); r.code != 0 || !strings.Contains(r.stdout, "You have no label history on item 2") {
		t.Errorf("games's history of a request they never labelled: %+v", r)
	}

	// A pair: games's own history names it by its blind id, with the side
	// games saw; the lead's by its uid, from the first system's side.
	if err := os.WriteFile(filepath.Join(dir, "trio.jsonl"), []byte(trioPairs(1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, bin, db, "import", "--dataset", "trio", filepath.Join(dir, "trio.jsonl")); r.code != 0 {
		t.Fatalf("import the trio: %+v", r)
	}
	j := judgeTrio(t, db, "games")
	shareDB(db)
	for _, row := range tsvRows(t, as("export", "--format", "labels", "--dataset", "trio")) {
		blind, seen := row[0], row[3]
		h := parseHistory(t, "games's history of "+blind, as("history", blind, "--json"))
		if len(h) != 1 || h[0].Item != blind || h[0].New == nil || *h[0].New != seen || h[0].Old != nil {
			t.Errorf("games's history of %s (seen %s): %+v", blind, seen, h)
		}
		lh := parseHistory(t, "the lead's history of "+blind, runBin(t, bin, db, "history", blind, "--json"))
		if len(lh) != 1 || !strings.HasPrefix(lh[0].Item, "req-") || lh[0].New == nil ||
			*lh[0].New != guidelines.Compare.NameOf("preference", j.stored["games"][lh[0].Item]) {
			t.Errorf("the lead's history of %s: %+v, stored %v", blind, lh, j.stored["games"])
		}
		if r := as("history", lh[0].Item); r.code == 0 || !strings.Contains(r.stderr, "no item") {
			t.Errorf("games named a pair by its systems, and it was not as if there were none: %+v", r)
		}
	}

	// Over SSH with games's key: their own rows only (a server keeps the
	// database to its own user: last).
	signer, pub := sshKey(t, dir, "games")
	if r := runBin(t, bin, db, "annotators", "games", "--key-file", pub); r.code != 0 {
		t.Fatalf("games's key: %+v", r)
	}
	srv := startServe(t, db)
	c, err := sshDial(t, srv.addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if got := parseHistory(t, "games over SSH", sshRun(t, c, "", "history 1 --dataset cq --json")).changes(); !slices.Equal(got, gamesRows) {
		t.Errorf("games's history over SSH:\n%s", strings.Join(got, "\n"))
	}

	// Refused: no such item, and no such dataset, locally and over SSH
	// with games's key; nothing written.
	before := dbBytes(t, db)
	for _, args := range [][]string{{"history", "nope"}, {"history", "1", "--dataset", "nope"}, {"history"}} {
		if r := runBin(t, bin, db, args...); r.code == 0 || r.stderr == "" {
			t.Errorf("%v: %+v", args, r)
		}
		if r := sshRun(t, c, "", strings.Join(args, " ")); r.code == 0 || r.stderr == "" || r.stdout != "" {
			t.Errorf("games over SSH %v: %+v", args, r)
		}
	}
	if r := runBin(t, bin, db, "history", "nope"); !strings.Contains(r.stderr, `no item "nope" in any dataset`) {
		t.Errorf("an unknown item: %+v", r)
	}
	if dbBytes(t, db) != before {
		t.Error("a refused history changed the database")
	}
}
