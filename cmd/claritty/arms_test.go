package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/claritty/claritty/store"
)

// armsRunName is the labels run the arms tests register: a name no
// screen or output below the lead may show on a dataset with arms.
const armsRunName = "gpt-judge"

// armsPlace is a database, in a folder every user may use, with a
// dataset "study" of six MIMICS panes (two answers each, and the
// released labels, so the run is scored against gold), run armsRunName
// labelling every unit 1, and the arms of spec set by the lead; the
// folder, the binary and the database are returned.
func armsPlace(t *testing.T, spec string) (dir, bin, db string) {
	t.Helper()
	dir, bin, db = sharedPlace(t)
	rows := make([]string, 6)
	for i := range rows {
		rows[i] = fmt.Sprintf("query%d\tWhich one?\tone\ttwo\t\t\t\t2\t1\t2\t0\t\t\t", i)
	}
	if r := runBin(t, bin, db, "import", "--dataset", "study", writePanes(t, dir, "study.tsv", rows...)); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	var run strings.Builder
	run.WriteString("item unit label\n")
	for _, uid := range itemUIDs(t, db) {
		for _, u := range []string{"question", "answer_set", "landing_1", "landing_2"} {
			fmt.Fprintf(&run, "%s %s 1\n", uid, u)
		}
	}
	runFile := filepath.Join(dir, "judge.tsv")
	if err := os.WriteFile(runFile, []byte(run.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runBin(t, bin, db, "bench", "add", "--kind", "labels", "--name", armsRunName, runFile); r.code != 0 {
		t.Fatalf("bench add: %+v", r)
	}
	setArms(t, db, "study", spec)
	return dir, bin, db
}

// itemUIDs are the uids of the database's items, in order.
func itemUIDs(t *testing.T, db string) []string {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rows, err := conn.Query(`SELECT uid FROM items ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var uid string
		if err := rows.Scan(&uid); err != nil {
			t.Fatal(err)
		}
		out = append(out, uid)
	}
	return out
}

// setArms gives the dataset the arms of spec as its lead (this OS user).
// Part A's policy --arms sets them from the command line; the store's
// SetArms is what it calls.
func setArms(t *testing.T, db, dataset, spec string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lead, err := st.Actor(ctx, osUser(), "")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, dataset)
	if err != nil {
		t.Fatal(err)
	}
	arms, err := store.ParseArms(spec)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetArms(ctx, lead, ds.ID, arms, store.GoldFromBlind); err != nil {
		t.Fatal(err)
	}
}

// Below the lead nothing of a run reaches a reader of a dataset with arms:
// not bench, bench --json, export --format bench, stats or the HTML
// report, run by an annotator (another OS user) or an adjudicator (--as),
// nor an annotator's commands over SSH; the lead sees the run in each.
func TestNoRunBelowTheLeadOnADatasetWithArms(t *testing.T) {
	t.Parallel()
	setpriv, games := otherUser(t)
	dir, bin, db := armsPlace(t, "blind=1, after:"+armsRunName+"=1")
	for _, p := range []struct{ name, role string }{{"games", "annotator"}, {"eve", "adjudicator"}} {
		if r := runBin(t, bin, db, "annotators", p.name, "--role", p.role); r.code != 0 {
			t.Fatalf("add %s: %+v", p.name, r)
		}
	}
	shareDB(db)
	reads := [][]string{
		{"bench", "--dataset", "study"}, {"bench", "--json", "--dataset", "study"},
		{"export", "--format", "bench", "--dataset", "study"},
		{"stats", "--dataset", "study"}, {"stats", "--json", "--dataset", "study"},
		{"report", "--dataset", "study"},
	}
	for _, args := range reads {
		lead := runBin(t, bin, db, args...)
		if lead.code != 0 {
			t.Fatalf("the lead's %v: %+v", args, lead)
		}
		if args[0] == "bench" || args[0] == "export" || args[0] == "report" {
			if !strings.Contains(lead.stdout, armsRunName) {
				t.Errorf("the lead's %v does not show the run:\n%s", args, lead.stdout)
			}
		}
		before := dbBytes(t, db)
		annotator := run(t, asUser(context.Background(), setpriv, games.Uid, games.Gid, dir, bin, db, args...))
		adjudicator := runBin(t, bin, db, append([]string{"--as", "eve"}, args...)...)
		for who, r := range map[string]result{"an annotator": annotator, "an adjudicator": adjudicator} {
			if r.code != 0 {
				t.Errorf("%s's %v: %+v", who, args, r)
			}
			if strings.Contains(r.stdout+r.stderr, armsRunName) {
				t.Errorf("%s's %v shows the run:\n%s%s", who, args, r.stdout, r.stderr)
			}
		}
		if dbBytes(t, db) != before {
			t.Errorf("%v below the lead changed the database", args)
		}
	}

	// Over SSH, with an annotator's key.
	signer, pub := sshKey(t, dir, "sam")
	if r := runBin(t, bin, db, "annotators", "sam", "--role", "annotator", "--key-file", pub); r.code != 0 {
		t.Fatalf("sam's key: %+v", r)
	}
	srv := startServe(t, db)
	c, err := sshDial(t, srv.addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, args := range reads {
		if args[0] == "report" {
			continue // over SSH the report is written to a file of the server's
		}
		r := sshRun(t, c, "", strings.Join(args, " "))
		if r.code != 0 || strings.Contains(r.stdout+r.stderr, armsRunName) {
			t.Errorf("sam's %v over SSH: %+v", args, r)
		}
	}
}

// Over SSH, an annotator's session shows what the HIT screen shows them:
// a blind arm's never the run's label or name, an after: arm's the run's
// label only once they keyed their own, on the step that then waits for
// → or enter; the first and the final label are both kept.
func TestSSHArmsSessions(t *testing.T) {
	t.Parallel()
	dir, bin, db := armsPlace(t, "blind=1, after:"+armsRunName+"=1")
	srv := startServe(t, db)
	session := func(name string) *terminal {
		t.Helper()
		signer, pub := sshKey(t, dir, name)
		if r := runBin(t, bin, db, "annotators", name, "--role", "annotator", "--key-file", pub); r.code != 0 {
			t.Fatalf("%s's key: %+v", name, r)
		}
		c, err := sshDial(t, srv.addr, signer)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		term := terminalRunning(t, c, 100, 30, "--dataset study")
		term.waitFor(t, "Step I")
		return term
	}
	// bea searches first: the blind arm (the first named on a tie).
	bea := session("bea")
	io.WriteString(bea.in, "\r")
	bea.waitFor(t, "Label the clarifying question")
	io.WriteString(bea.in, "2")
	bea.waitFor(t, "Label the candidate answer set")
	io.WriteString(bea.in, "1")
	bea.waitFor(t, "Landing page")
	if s := ansi.Strip(bea.screen.String()); strings.Contains(s, "suggested") || strings.Contains(s, armsRunName) {
		t.Fatalf("the blind arm's session shows the run:\n%s", s)
	}

	sam := session("sam")
	io.WriteString(sam.in, "\r")
	sam.waitFor(t, "Label the clarifying question")
	if s := ansi.Strip(sam.screen.String()); strings.Contains(s, "suggested") {
		t.Fatalf("the after: arm sees the run's label before keying:\n%s", s)
	}
	io.WriteString(sam.in, "2")
	sam.waitFor(t, "suggested: 1 Fair")
	sam.waitFor(t, "a label key changes yours")
	io.WriteString(sam.in, "0")
	sam.waitFor(t, "Label the candidate answer set")
	item := studyItem(t, db, 1)
	waitLabels(t, db, item, "sam", 1, false)
	if final, first := firstAndFinal(t, db, item, "sam", "question"); final != 0 || first != 2 {
		t.Errorf("sam's question label: final %d first %d, want 0 and 2", final, first)
	}
	if s := ansi.Strip(sam.screen.String()); strings.Contains(s, armsRunName) {
		t.Fatalf("the after: arm's session names the run:\n%s", s)
	}
}

// firstAndFinal are an annotator's final and first keyed label of a unit.
func firstAndFinal(t *testing.T, db string, item int64, name, unit string) (final, first int) {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	err = conn.QueryRow(`SELECT l.value, coalesce(l.first_value, l.value) FROM labels l JOIN annotators a ON a.id = l.annotator_id
		WHERE l.item_id = ? AND a.name = ? AND l.unit = ?`, item, name, unit).Scan(&final, &first)
	if err != nil {
		t.Fatal(err)
	}
	return final, first
}

// studyItem is the id of item seq of dataset study.
func studyItem(t *testing.T, db string, seq int) int64 {
	t.Helper()
	conn, err := sql.Open("sqlite", "file:"+db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var id int64
	err = conn.QueryRow(`SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.name = 'study' AND i.seq = ?`, seq).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// tmuxRunning runs command in a new w×h tmux window of a server of its
// own, killed when the test ends; it skips without tmux.
func tmuxRunning(t *testing.T, command string, w, h int) screenOverSSH {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		if os.Getenv("CLARITTY_SSH_CLIENT") == "required" {
			t.Fatal("tmux not installed, and CLARITTY_SSH_CLIENT=required")
		}
		t.Skip("tmux not installed")
	}
	sock := filepath.Join(t.TempDir(), "tmux.sock")
	s := screenOverSSH{tmux: func(args ...string) string {
		out, _ := exec.Command("tmux", append([]string{"-S", sock}, args...)...).CombinedOutput()
		return string(out)
	}}
	t.Cleanup(func() { s.tmux("kill-server") })
	s.tmux("new-session", "-d", "-x", strconv.Itoa(w), "-y", strconv.Itoa(h), command+"; sleep 30")
	return s
}

// lacks fails the test where the screen, as the terminal draws it, has
// any of texts.
func (s screenOverSSH) lacks(t *testing.T, who string, texts ...string) {
	t.Helper()
	screen := s.tmux("capture-pane", "-p")
	for _, text := range texts {
		if strings.Contains(screen, text) {
			t.Fatalf("%s's screen shows %q:\n%s", who, text, screen)
		}
	}
}

// The test, in tmux, at 100×30 and at 40×12: the built binary's
// TUI as three annotators of a dataset with a blind, an after: and a
// before: arm, drawn in that order. The blind annotator (over SSH) never
// sees the run's name or its label; the after: annotator (over SSH) sees
// the label only once they keyed their own; the before: annotator (the
// binary on this machine, the lead acting as them) from the start.
func TestTmuxArmsScreens(t *testing.T) {
	for _, size := range []struct{ w, h int }{{100, 30}, {40, 12}} {
		t.Run(fmt.Sprintf("%dx%d", size.w, size.h), func(t *testing.T) {
			_, bin, db := armsPlace(t, "blind=1, after:"+armsRunName+"=1, before:"+armsRunName+"=1")
			run := []string{"suggested", armsRunName}
			for _, who := range []string{"bea", "sam", "cy"} {
				if r := runBin(t, bin, db, "annotators", who, "--role", "annotator"); r.code != 0 {
					t.Fatalf("add %s: %+v", who, r)
				}
			}

			bea := sshInTmux(t, bin, db, "bea", "study", size.w, size.h) // blind: the first drawn
			bea.wait(t, "● I")
			bea.lacks(t, "bea", run...)
			bea.keys("Enter")
			bea.wait(t, "● II")
			bea.lacks(t, "bea", run...)
			bea.keys("2")
			bea.wait(t, "● III")
			bea.lacks(t, "bea", run...)
			bea.keys("1")
			bea.wait(t, "● IV")
			bea.lacks(t, "bea", run...)

			sam := sshInTmux(t, bin, db, "sam", "study", size.w, size.h) // after:
			sam.wait(t, "● I")
			sam.keys("Enter")
			sam.wait(t, "● II")
			sam.lacks(t, "sam", run...)
			sam.keys("2")
			sam.wait(t, "suggested: 1 Fair")
			sam.wait(t, "goes on")
			sam.lacks(t, "sam", armsRunName)
			sam.keys("Enter")
			sam.wait(t, "● III")
			sam.lacks(t, "sam", run...)

			cy := tmuxRunning(t, strings.Join([]string{bin, "--db", db, "--as", "cy", "--dataset", "study"}, " "), size.w, size.h) // before:
			cy.wait(t, "● I")
			cy.lacks(t, "cy", run...)
			cy.keys("Enter")
			cy.wait(t, "● II")
			cy.wait(t, "suggested: 1 Fair")
			cy.lacks(t, "cy", armsRunName, "goes on")
		})
	}
}
