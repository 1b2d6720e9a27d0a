package main

import (
	"context"
	"database/sql"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// openHITOf is the HIT an annotator has open and not put off, other than
// last, and whether it is a gold check; paused says they are paused in the
// demo instead. It waits for one or the other, reading the database as
// another process.
func openHITOf(t *testing.T, conn *sql.DB, name string, last int64) (item int64, check, paused bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		err := conn.QueryRow(`SELECT EXISTS (SELECT 1 FROM standing s JOIN annotators a ON a.id = s.annotator_id
			JOIN datasets d ON d.id = s.dataset_id WHERE a.name = ? AND d.name = ? AND s.paused_at IS NOT NULL)`,
			name, data.DemoDataset).Scan(&paused)
		if err == nil && paused {
			return 0, false, true
		}
		err = conn.QueryRow(`SELECT h.item_id, d.purpose = 'check' FROM hits h JOIN annotators a ON a.id = h.annotator_id
			JOIN items i ON i.id = h.item_id JOIN datasets d ON d.id = i.dataset_id
			WHERE a.name = ? AND h.item_id != ? AND h.finished_at IS NULL AND h.given_back_at IS NULL AND h.later_at IS NULL`,
			name, last).Scan(&item, &check)
		if err == nil {
			return item, check, false
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s has no new open HIT and is not paused", name)
	return 0, false, false
}

// The dodge over SSH: an annotator's key, the TUI through a PTY. They give
// back one gold check (R y) and put off the next (z), answering every real
// HIT, and are paused; the lead's quality report, as text, JSON and in the
// HTML report, shows both checks as dodged and missed.
func TestDodgingChecksOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	puma := "puma\tWhich puma?\tshoes\tcat\t\t\t\t2\t1\t2\t0\t\t\t"
	for _, args := range [][]string{
		{"import", "--gold-check", "--dataset", data.DemoDataset, writePanes(t, tm.dir, "checks.tsv", jaguarRow, puma)},
		{"policy", "--dataset", data.DemoDataset, "--check-rate", "0.5", "--pause-below", "0.6", "--pause-after", "2"},
	} {
		if r := tm.run(t, "", "", args...); r.code != 0 {
			t.Fatalf("%v: %+v", args, r)
		}
	}
	dia := tm.keyFor(t, "dia")
	srv := startServe(t, tm.db)
	term := terminalAt(t, srv.addr, dia, 100, 30)
	st, err := store.Open(context.Background(), tm.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	conn, err := sql.Open("sqlite", "file:"+tm.db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()

	dodges := []string{"Ry", "z"}
	dodged, real := 0, 0
	var last int64
	for range 45 {
		item, check, paused := openHITOf(t, conn, "dia", last)
		if paused {
			break
		}
		last = item
		if check {
			if dodged == len(dodges) {
				t.Fatalf("a gold check again after %d dodged and %d real HITs answered: never paused", dodged, real)
			}
			io.WriteString(term.in, dodges[dodged])
			dodged++
			continue
		}
		it, err := st.ItemByID(context.Background(), item)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(term.in, "\r"+strings.Repeat("2", len(guidelines.MIMICS.Units(it.Shape(0)))))
		real++
	}
	if dodged != 2 {
		t.Fatalf("%d checks dodged and %d real HITs answered: never paused", dodged, real)
	}
	term.waitFor(t, "You are paused in demo")

	r := tm.run(t, "", "", "annotators", "--quality", "--dataset", data.DemoDataset)
	if r.code != 0 || !regexp.MustCompile(`(?m)^dia .* 0% \(0 \+ 2 dodged\)`).MatchString(r.stdout) {
		t.Fatalf("the quality report does not show dia's dodged checks:\n%s%s", r.stdout, r.stderr)
	}
	docs := reportDocs(t, tm, "", data.DemoDataset, true)
	var diaAt string
	for i, a := range docs["quality"].(map[string]any)["annotators"].([]any) {
		a := a.(map[string]any)
		if a["annotator"] != "dia" {
			continue
		}
		diaAt = "annotators/" + strconv.Itoa(i)
		if a["gold_checks"] != 0.0 || a["gold_checks_given_back"] != 1.0 || a["gold_checks_put_off"] != 1.0 ||
			a["gold_check_accuracy"] != 0.0 || a["gold_check_matched"] != 0.0 {
			t.Fatalf("dia's quality in JSON: %v", a)
		}
	}
	page, _ := teamReport(t, tm, "", data.DemoDataset)
	checkFigures(t, "report", page, docs)
	for _, f := range []string{"gold_check_accuracy", "gold_checks_given_back", "gold_checks_put_off"} {
		if !strings.Contains(page, `data-path="`+diaAt+"/"+f+`"`) {
			t.Errorf("the HTML report has no %s of dia (%s)", f, diaAt)
		}
	}
}
