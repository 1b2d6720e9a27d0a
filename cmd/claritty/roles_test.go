package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// team is a database as a team leaves it after some work: the demo data
// imported by the lead (this process's OS user), annotators ana, bo and cy
// and an adjudicator eve. bo and cy finished pane 1; ana finished pane 2
// and has pane 1 open, with one label keyed.
type team struct {
	db, dir      string
	pane1, pane2 store.Item
	lead         string
}

// The team is built once per test process; each test gets its own copy,
// c.db in a folder of its own (the demo conversations' pictures are not
// in it).
func newTeam(t testing.TB) team {
	t.Helper()
	ctx := context.Background()
	db := storetest.BuiltPath(t, "team", func(ctx context.Context, st *store.Store) error {
		return buildTeam(t, ctx, st)
	})
	tm := team{db: db, dir: filepath.Dir(db), lead: osUser()}
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tm.pane1, tm.pane2 = demoPane(t, st, 1), demoPane(t, st, 2)
	return tm
}

// buildTeam does the team's work on a new database.
func buildTeam(t testing.TB, ctx context.Context, st *store.Store) error {
	lead, err := st.Actor(ctx, osUser(), "")
	if err != nil || lead.Role != store.RoleLead {
		return fmt.Errorf("lead %+v %v", lead, err)
	}
	if err := data.LoadDemo(ctx, st, lead); err != nil {
		return err
	}
	people := map[string]store.Annotator{}
	for name, role := range map[string]string{"ana": store.RoleAnnotator, "bo": store.RoleAnnotator,
		"cy": store.RoleAnnotator, "eve": store.RoleAdjudicator} {
		if people[name], err = st.SetRole(ctx, lead, name, role); err != nil {
			return err
		}
	}
	pane1, pane2 := demoPane(t, st, 1), demoPane(t, st, 2)
	keyHIT(t, st, pane1, people["bo"], 0)
	keyHIT(t, st, pane1, people["cy"], 0)
	keyHIT(t, st, pane2, people["ana"], 2)
	two := 2
	_, err = st.SetLabel(ctx, store.LabelChange{ItemID: pane1.ID, AnnotatorID: people["ana"].ID,
		Unit: "answer_set", Value: &two})
	return err
}

// demoPane is the demo dataset's pane seq.
func demoPane(t testing.TB, st *store.Store, seq int) store.Item {
	t.Helper()
	ctx := context.Background()
	ds, err := st.DatasetByName(ctx, data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	var found store.Item
	st.EachItem(ctx, ds.ID, func(it store.Item) error {
		if it.Seq == seq {
			found = it
		}
		return nil
	})
	if found.ID == 0 {
		t.Fatalf("the demo has no pane %d", seq)
	}
	return found
}

// keyHIT labels every unit of a pane as one annotator, finishing the HIT.
func keyHIT(t testing.TB, st *store.Store, it store.Item, who store.Annotator, v int) {
	t.Helper()
	units := guidelines.MIMICS.Units(it.Shape(0))
	for i, u := range units {
		if _, err := st.SetLabel(context.Background(), store.LabelChange{ItemID: it.ID, AnnotatorID: who.ID,
			Unit: u, Value: &v, Finish: i == len(units)-1}); err != nil {
			t.Fatal(err)
		}
	}
}

// file writes a file into the team's folder.
func (tm team) file(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(tm.dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// fingerprint hashes every row of every table of the database.
func (tm team) fingerprint(t testing.TB) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+tm.db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name`)
	if err != nil {
		t.Fatal(err)
	}
	var tables []string
	for rows.Next() {
		var n string
		rows.Scan(&n)
		tables = append(tables, n)
	}
	rows.Close()
	return storetest.Fingerprint(t, db, tables...)
}

// run runs the binary on the team's database as who (--as, which the lead
// running the tests may use), with stdin.
func (tm team) run(t testing.TB, who, stdin string, args ...string) result {
	t.Helper()
	if who != "" {
		args = append([]string{"--as", who}, args...)
	}
	cmd := exec.Command(binary(t), append([]string{"--db", tm.db}, args...)...)
	cmd.Stdin = strings.NewReader(stdin)
	return run(t, cmd)
}

// refused checks a refusal as the table promises it: non-zero exit, one
// line naming the role needed and who can grant it, nothing changed.
func (tm team) refused(t *testing.T, who, need string, args ...string) {
	t.Helper()
	before := tm.fingerprint(t)
	r := tm.run(t, who, "", args...)
	msg := strings.TrimRight(r.stderr, "\n")
	if r.code == 0 || strings.Contains(msg, "\n") || !strings.Contains(msg, "not allowed") ||
		!strings.Contains(msg, "needs the "+need+" role") || !strings.Contains(msg, "leads: "+tm.lead) {
		t.Errorf("%s %v: want one line refusing it for want of the %s role, got %+v", who, args, need, r)
	}
	if r.stdout != "" {
		t.Errorf("%s %v: refused, yet wrote %q", who, args, r.stdout)
	}
	if tm.fingerprint(t) != before {
		t.Errorf("%s %v: refused, yet the database changed", who, args)
	}
}

const (
	serpLine      = `{"queryContext":{"originalQuery":"jaguar"},"webPages":{"value":[{"name":"n","url":"https://x.example","snippet":"s"}]}}`
	clarimmLine   = `{"id": "c1", "topic": "lighthouse", "facet": "visiting", "turns": [{"question": "Which?", "answer": "Visiting."}]}`
	nuggetsLine   = `{"id": "q9", "query": "golden gate", "nuggets": [{"id": "n1", "text": "1937", "weight": 3}]}`
	candidateLine = `{"id": "ct-001", "answer": "It opened in 1937.", "system": "sneaky"}`
	necessityLine = `{"id": "r1", "request": "I need a visa", "facets": ["country"]}`
	pairsLine     = `{"id": "p1", "request": "I need a visa", "outputs": {"a": "Which country?", "b": "Sure."}}`
)

// Row "import panes, results, conversations, nuggets, requests, pairs":
// leads only.
func TestImportIsForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	files := map[string]string{
		"panes.tsv": data.ManualHeader() + "\n" + jaguarRow + "\n", "serp.jsonl": serpLine + "\n",
		"convs.jsonl": clarimmLine + "\n", "gold.jsonl": nuggetsLine + "\n", "answers.jsonl": candidateLine + "\n",
		"requests.jsonl": necessityLine + "\n", "pairs.jsonl": pairsLine + "\n",
	}
	for _, who := range []string{"ana", "eve"} {
		for name, body := range files {
			tm.refused(t, who, "lead", "import", tm.file(t, name, body))
		}
	}
	if r := tm.run(t, "", "", "import", tm.file(t, "panes.tsv", files["panes.tsv"])); r.code != 0 {
		t.Fatalf("the lead's import: %+v", r)
	}
}

// Row "policy": leads change it; anyone may read it.
func TestPolicyIsForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "policy", "--min", "1", "--max", "1")
		tm.refused(t, who, "lead", "policy", "--lease", "1h")
		tm.refused(t, who, "lead", "policy", "--withhold-below", "1") // 1 would show them every figure
		tm.refused(t, who, "lead", "policy", "--gold", "dawid-skene", "--allow-unconverged")
		tm.refused(t, who, "lead", "policy", "--gold", "dawid-skene")
		if r := tm.run(t, who, "", "policy"); r.code != 0 || !strings.Contains(r.stdout, "min 3, max 5") {
			t.Errorf("%s reading the policy: %+v", who, r)
		}
	}
	if r := tm.run(t, "", "", "policy", "--min", "1", "--max", "1"); r.code != 0 || !strings.Contains(r.stdout, "min 1, max 1") {
		t.Fatalf("the lead's policy: %+v", r)
	}
}

// Row "bench add": leads only.
func TestBenchAddIsForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	run := tm.file(t, "oracle.tsv", tm.pane1.UID+" question 2\n")
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "bench", "add", "--kind", "labels", "--name", "oracle", run)
		tm.refused(t, who, "lead", "bench", "add", "--kind", "nuggets", "--name", "sneaky",
			tm.file(t, "a.jsonl", candidateLine+"\n"))
		tm.refused(t, who, "lead", "bench", "add", "--kind", "questions", "--name", "asker",
			tm.file(t, "q.tsv", tm.pane1.UID+"\tWhich one?\n"))
		tm.refused(t, who, "lead", "bench", "add", "--kind", "labels", "--name", "judge", "--dataset", data.DemoPairs,
			tm.file(t, "judge.run", "cmp-01 preference ask-first\n"))
		// An arena-hard judgment file and nuggetizer assignments, each
		// naming a pair or an answer the demo has: refused for the role,
		// not for the file.
		tm.refused(t, who, "lead", "bench", "add", "--kind", "arena-judgments", "--name", "arena",
			tm.file(t, "arena.jsonl", `{"uid": "cmp-01", "model": "ask-first", "baseline": "answer-first", "games": [{"score": "A>B"}, {"score": "B>A"}]}`+"\n"))
		tm.refused(t, who, "lead", "bench", "add", "--kind", "nugget-assignments", "--name", "assessor",
			tm.file(t, "assign.jsonl", demoAssignments(t, tm)+"\n"))
	}
}

// demoAssignments is one nuggetizer assignment line for the demo's answer
// ct-001@clarify, every nugget as the dataset has it, all supported.
func demoAssignments(t *testing.T, tm team) string {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	d, err := st.DatasetByName(ctx, data.DemoNuggets)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := st.AnswerRows(ctx, d.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.Intent == "ct-001" && r.System == "clarify" {
			var ns []string
			for _, text := range r.NuggetTexts {
				ns = append(ns, fmt.Sprintf(`{"text": %q, "assignment": "support"}`, text))
			}
			return fmt.Sprintf(`{"qid": "ct-001", "run_id": "clarify", "nuggets": [%s]}`, strings.Join(ns, ", "))
		}
	}
	t.Fatal("no demo answer ct-001@clarify")
	return ""
}

// Row "roles": leads only, keys and settings included; nobody raises
// their own rights, not with --as either.
func TestRolesAreForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	key := tm.file(t, "k.pub", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHxY4Vm6kz3r2sQnJ4yXcVb1lOa2qGQ5Z3x8Y1r9T0aN ana@laptop\n")
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "annotators", "bo", "--role", "adjudicator")
		tm.refused(t, who, "lead", "annotators", who, "--role", "lead")
		tm.refused(t, who, "lead", "annotators", who, "--key-file", key)
		tm.refused(t, who, "lead", "annotators", "--keys")
		tm.refused(t, who, "lead", "annotators", "--adjudicators-see", "pseudonyms")
	}
	if r := tm.run(t, "ana", "", "annotators"); r.code != 0 || !strings.Contains(r.stdout, "eve") {
		t.Fatalf("ana listing the team: %+v", r)
	}
}

// Row "adjudicate --refer-below": leads only.
func TestReferIsForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "adjudicate", "--refer-below", "0.9")
	}
}

// Row "backup": leads only, and nothing is written for anyone else.
func TestBackupIsForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	out := filepath.Join(tm.dir, "copy.db")
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "backup", "--out", out)
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s's refused backup left %s", who, out)
		}
	}
	if r := tm.run(t, "", "", "backup", "--out", out); r.code != 0 {
		t.Fatalf("the lead's backup: %+v", r)
	}
	fi, err := os.Stat(out)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("backup file: %v %v", fi, err)
	}
	r := runBin(t, binary(t), out, "export", "--format", "labels")
	orig := tm.run(t, "", "", "export", "--format", "labels")
	if r.code != 0 || r.stdout != orig.stdout || strings.Count(r.stdout, "\n") < 100 {
		t.Fatalf("the backup's labels differ from the database's: %d vs %d lines", strings.Count(r.stdout, "\n"), strings.Count(orig.stdout, "\n"))
	}
	// Streamed to standard output it is the same database.
	r = tm.run(t, "", "", "backup", "--out", "-")
	streamed := tm.file(t, "streamed.db", r.stdout)
	if r.code != 0 || runBin(t, binary(t), streamed, "export", "--format", "labels").stdout != orig.stdout {
		t.Fatalf("streamed backup: %+v", r.stderr)
	}
}

// Row "per-unit votes, majority, gold": leads only; --as gives nobody more.
func TestGoldIsForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "export", "--format", "gold")
		tm.refused(t, who, "lead", "export", "--format", "mimics-manual")
		tm.refused(t, who, "lead", "export", "--format", "clarimm-gold", "--dataset", data.DemoConversations)
		tm.refused(t, who, "lead", "export", "--format", "nugget-judgements", "--dataset", data.DemoNuggets)
		tm.refused(t, who, "lead", "export", "--format", "necessity-gold", "--dataset", data.DemoNecessity)
		tm.refused(t, who, "lead", "export", "--format", "pairs-gold", "--dataset", data.DemoPairs)
		// Each kind's own release under the kind's name is gold too.
		for _, kind := range []string{"mimics", "clarimm", "nuggets", "necessity", "compare"} {
			tm.refused(t, who, "lead", "export", "--format", kind)
		}
	}
	if r := tm.run(t, "", "", "export", "--format", "gold", "--include-incomplete"); r.code != 0 || !strings.Contains(r.stdout, tm.pane1.UID) {
		t.Fatalf("the lead's gold export: %+v", r)
	}
}

// Row "aggregate figures": a lead, every item but those they have open;
// below the lead, only the items the reader can no longer be given (they
// finished it, or it wants nobody more); the per-unit majority list only
// for a lead.
func TestAgreementLeavesOutOpenItemsAndMajorities(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	type report struct {
		Pooled   struct{ Items, Ratings int }
		Majority *[]struct{ Item, Unit string }
	}
	read := func(who string) report {
		r := tm.run(t, who, "", "agree", "--json", "--bootstrap", "0")
		var rep report
		if r.code != 0 || json.Unmarshal([]byte(r.stdout), &rep) != nil {
			t.Fatalf("%s agree: %+v", who, r)
		}
		return rep
	}
	lead, ana, eve := read(""), read("ana"), read("eve")
	if lead.Majority == nil || ana.Majority != nil || eve.Majority != nil {
		t.Fatalf("majority lists: lead %v, ana %v, eve %v", lead.Majority != nil, ana.Majority != nil, eve.Majority != nil)
	}
	// Which items each may see, read straight from the database.
	shown := func(who string) map[string]bool {
		db, err := sql.Open("sqlite", "file:"+tm.db+"?mode=ro")
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		rows, err := db.Query(`SELECT i.uid FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.name = ?
			AND (i.open = 0 OR EXISTS (SELECT 1 FROM hits h JOIN annotators a ON a.id = h.annotator_id
				WHERE h.item_id = i.id AND a.name = ? AND h.finished_at IS NOT NULL))`, data.DemoDataset, who)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]bool{}
		for rows.Next() {
			var uid string
			rows.Scan(&uid)
			out[uid] = true
		}
		return out
	}
	units := func(items map[string]bool) (n int) {
		for _, m := range *lead.Majority {
			if items[m.Item] {
				n++
			}
		}
		return n
	}
	anas, eves := shown("ana"), shown("eve")
	if anas[tm.pane1.UID] || !anas[tm.pane2.UID] || ana.Pooled.Items != units(anas) || eve.Pooled.Items != units(eves) ||
		ana.Pooled.Items == lead.Pooled.Items {
		t.Fatalf("units: lead %d, ana %d (of %d on the %d panes she may see), eve %d (of %d on %d)",
			lead.Pooled.Items, ana.Pooled.Items, units(anas), len(anas), eve.Pooled.Items, units(eves), len(eves))
	}
	// The tables for people come from the kept table of patterns: the
	// same units, ana's open pane left out there too.
	for who, want := range map[string]report{"": lead, "ana": ana, "eve": eve} {
		r := tm.run(t, who, "", "agree", "--bootstrap", "0")
		var units int
		for _, line := range strings.Split(r.stdout, "\n") {
			if f := strings.Fields(line); len(f) > 1 && f[0] == "pooled" {
				units, _ = strconv.Atoi(f[1])
				break
			}
		}
		if r.code != 0 || units != want.Pooled.Items {
			t.Fatalf("%q's agree tables count %d pooled units, their JSON %d: %+v", who, units, want.Pooled.Items, r)
		}
	}
	for _, who := range []string{"ana", "eve"} {
		for _, args := range [][]string{{"stats", "--json"}, {"bench", "--json"}, {"agree"},
			{"stats", "--dataset", data.DemoPairs}, {"stats", "--dataset", data.DemoNecessity, "--json"}} {
			if r := tm.run(t, who, "", args...); r.code != 0 {
				t.Errorf("%s %v: %+v", who, args, r)
			}
		}
	}
}

// Row "export --format labels": one's own labels, all of them for a lead.
func TestLabelsExportIsOwnLabels(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	annotators := func(who string, args ...string) map[string]int {
		r := tm.run(t, who, "", append([]string{"export"}, args...)...)
		if r.code != 0 {
			t.Fatalf("%s export: %+v", who, r)
		}
		n := map[string]int{}
		for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n")[1:] {
			n[strings.Split(l, "\t")[2]]++
		}
		return n
	}
	own := len(guidelines.MIMICS.Units(tm.pane2.Shape(0))) + 1 // pane 2, and pane 1's answer set
	if got := annotators("ana", "--format", "labels"); len(got) != 1 || got["ana"] != own {
		t.Fatalf("ana's export holds %v, want her %d labels", got, own)
	}
	if got := annotators("eve", "--format", "labels"); len(got) != 0 {
		t.Fatalf("eve's export holds %v", got)
	}
	if got := annotators("ana", "--format", "clarimm-ratings", "--dataset", data.DemoConversations); len(got) != 0 {
		t.Fatalf("ana's ratings export holds %v", got)
	}
	if got := annotators("", "--format", "labels"); got["bo"] == 0 || got["cy"] == 0 || got["ana"] != own || len(got) < 6 {
		t.Fatalf("the lead's export holds %v", got)
	}
}

// Row "import --format labels": rows under one's own name only (a lead's
// any), and the history names who acted apart from whose label it is.
func TestLabelsImportIsOwnRows(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	row := func(who, label string) string {
		return data.LabelsHeader + "\n" + tm.pane1.UID + "\tquestion\t" + who + "\t" + label + "\t\t\t\n"
	}
	for _, who := range []string{"ana", "eve"} {
		before := tm.fingerprint(t)
		r := tm.run(t, who, "", "import", "--format", "labels", tm.file(t, "bo.tsv", row("bo", "2")))
		if r.code == 0 || !strings.Contains(r.stderr, "bo.tsv:2: this label is bo's") ||
			!strings.Contains(r.stderr, "needs the lead role") || tm.fingerprint(t) != before {
			t.Fatalf("%s merging bo's label: %+v", who, r)
		}
		r = tm.run(t, who, "", "import", "--format", "labels", tm.file(t, "new.tsv", row("mallory", "2")))
		if r.code == 0 || !strings.Contains(r.stderr, "this label is mallory's") || tm.fingerprint(t) != before {
			t.Fatalf("%s merging a new name's label: %+v", who, r)
		}
	}
	// ana's own row, from standard input, changes her own label.
	if r := tm.run(t, "ana", row("ana", "1"), "import", "--format", "labels", "-"); r.code != 0 {
		t.Fatalf("ana merging her own label: %+v", r)
	}
	// The lead merges bo's; the history says the lead did it, to bo's label.
	if r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "bo.tsv", row("bo", "2"))); r.code != 0 {
		t.Fatalf("the lead merging bo's label: %+v", r)
	}
	db, _ := sql.Open("sqlite", "file:"+tm.db+"?mode=ro")
	defer db.Close()
	var annotator, actor string
	err := db.QueryRow(`SELECT a.name, x.name FROM label_history h JOIN annotators a ON a.id = h.annotator_id
		JOIN annotators x ON x.id = h.actor_id WHERE h.source = 'merge' ORDER BY h.id DESC LIMIT 1`).Scan(&annotator, &actor)
	if err != nil || annotator != "bo" || actor != tm.lead {
		t.Fatalf("history of the merge: annotator %q, actor %q (%v)", annotator, actor, err)
	}
}

// Flags have an owner: an annotator sees and withdraws only their own; a
// lead or adjudicator lists everyone's and upholds or clears them with a
// reason; every step is in the flag's history.
func TestFlagsHaveAnOwner(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	ctx := context.Background()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	ana, _ := st.EnsureAnnotator(ctx, "ana")
	if err := st.AddFlag(ctx, tm.pane2.ID, ana.ID, "broken", "answers \x1b[31mmissing"); err != nil {
		t.Fatal(err)
	}
	st.Close()
	if r := tm.run(t, "bo", "", "flags"); r.code != 0 || strings.TrimSpace(r.stdout) != "No flags." {
		t.Fatalf("bo sees others' flags: %+v", r)
	}
	if r := tm.run(t, "ana", "", "flags"); r.code != 0 || !strings.Contains(r.stdout, "answers ␛[31mmissing") {
		t.Fatalf("ana's own flags: %+v", r)
	}
	tm.refused(t, "bo", "adjudicator or lead", "flags", "clear", "1", "--reason", "looks fine")
	tm.refused(t, "bo", "adjudicator or lead", "flags", "clear", "99", "--reason", "no such flag")
	// Nor may bo withdraw ana's flag, or read its history.
	for _, args := range [][]string{{"flags", "withdraw", "1"}, {"flags", "history", "1"}} {
		before := tm.fingerprint(t)
		if r := tm.run(t, "bo", "", args...); r.code == 0 || !strings.Contains(r.stderr, "not allowed") || r.stdout != "" {
			t.Errorf("bo %v: %+v", args, r)
		}
		if tm.fingerprint(t) != before {
			t.Errorf("bo %v: refused, yet the database changed", args)
		}
	}
	tm.refused(t, "ana", "adjudicator or lead", "flags", "uphold", "1", "--reason", "mine")
	if r := tm.run(t, "eve", "", "flags", "uphold", "1"); r.code == 0 || !strings.Contains(r.stderr, "--reason") {
		t.Fatalf("uphold without a reason: %+v", r)
	}
	if r := tm.run(t, "eve", "", "flags", "uphold", "1", "--reason", "no answers at all"); r.code != 0 {
		t.Fatalf("the adjudicator upholds: %+v", r)
	}
	if r := tm.run(t, "ana", "", "flags", "withdraw", "1"); r.code == 0 || !strings.Contains(r.stderr, "only an open flag") {
		t.Fatalf("withdrawing an upheld flag: %+v", r)
	}
	r := tm.run(t, "", "", "flags", "history", "1")
	if r.code != 0 || !strings.Contains(r.stdout, "flag ") || !strings.Contains(r.stdout, "uphold  "+tm.lead) || !strings.Contains(r.stdout, "no answers at all") {
		t.Fatalf("history: %+v", r)
	}
	r = tm.run(t, "", "", "export", "--format", "mimics-manual", "--include-incomplete")
	if r.code != 0 || !strings.Contains(r.stderr, "1 flagged (left out") || strings.Contains(r.stdout, tm.pane2.Query+"\t") {
		t.Fatalf("the release keeps an upheld flag's pane: %+v", r.stderr)
	}
	if r := tm.run(t, "", "", "flags", "clear", "1", "--reason", "fixed upstream"); r.code != 0 {
		t.Fatalf("the lead clears: %+v", r)
	}
	r = tm.run(t, "", "", "export", "--format", "mimics-manual", "--include-incomplete")
	if r.code != 0 || !strings.Contains(r.stderr, "0 flagged") || !strings.Contains(r.stdout, tm.pane2.Query+"\t") {
		t.Fatalf("a cleared flag's pane is still left out: %+v", r.stderr)
	}
}

// TestTrainingIsForLeads: practice and gold checks come only from a lead,
// the training policy and standings change only by a lead, and the quality
// report is for leads and adjudicators; a refusal changes nothing.
func TestTrainingIsForLeads(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	manual := tm.file(t, "practice.tsv", data.ManualHeader()+"\n"+
		"jaguar\tWhich one?\tcar\tcat\t\t\t\t2\t2\t2\t2\t\t\t\n")
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "import", "--practice", "--dataset", data.DemoDataset, manual)
		tm.refused(t, who, "lead", "import", "--gold-check", "--dataset", data.DemoDataset, manual)
		tm.refused(t, who, "lead", "policy", "--qualify", "3")
		tm.refused(t, who, "lead", "policy", "--check-rate", "0.1")
		tm.refused(t, who, "lead", "annotators", "bo", "--waive")
		tm.refused(t, who, "lead", "annotators", "bo", "--reset")
		tm.refused(t, who, "lead", "annotators", "bo", "--resume")
	}
	tm.refused(t, "ana", "adjudicator or lead", "annotators", "--quality")
	tm.refused(t, "ana", "adjudicator or lead", "annotators", "--quality", "--json")
	if r := tm.run(t, "eve", "", "annotators", "--quality", "--json"); r.code != 0 || !strings.Contains(r.stdout, `"annotator": "bo"`) {
		t.Fatalf("an adjudicator reads the quality report: %+v", r)
	}
	if r := tm.run(t, "", "", "import", "--practice", "--dataset", data.DemoDataset, manual); r.code != 0 {
		t.Fatalf("the lead imports practice: %+v", r)
	}
	if r := tm.run(t, "", "", "policy", "--qualify", "1", "--pass", "0.5"); r.code != 0 || !strings.Contains(r.stdout, "qualify after 1 practice HIT at") {
		t.Fatalf("the lead sets qualification: %+v", r)
	}
	// A lead's list shows where each stands; an annotator's does not.
	if r := tm.run(t, "", "", "annotators"); !strings.Contains(r.stdout, "practising: round 1") {
		t.Fatalf("the lead's list: %+v", r)
	}
	if r := tm.run(t, "ana", "", "annotators"); r.code != 0 || strings.Contains(r.stdout, "practising") {
		t.Fatalf("an annotator's list: %+v", r)
	}
	if r := tm.run(t, "", "", "annotators", "bo", "--waive"); r.code != 0 || !strings.Contains(r.stderr, "qualified (waived)") {
		t.Fatalf("the lead waives: %+v", r)
	}
}

// A lead's referral names the dataset's items in its kind's words (a
// necessity dataset's are requests), not panes.
func TestReferNamesTheKindsItems(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	r := tm.run(t, "", "", "adjudicate", "--dataset", data.DemoNecessity, "--refer-below", "1")
	if r.code != 0 || !strings.Contains(r.stderr, "request") || strings.Contains(r.stderr, "pane") {
		t.Fatalf("adjudicate --refer-below on %s: %+v", data.DemoNecessity, r)
	}
}
