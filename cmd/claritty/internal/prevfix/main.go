// Command prevfix builds the previous-release fixture of
// cmd/claritty/testdata/prev: one database with every built-in kind and a
// shipped protocol kind in it, made as users make it (the demo, imports,
// bench add and policy through the built binary; labels, adjudications,
// flags and notes through the store, as the TUI keys them), written as
// prev.sql, and every export, stats, bench, agree and history output of
// it as exports/*.golden, with exports/MANIFEST naming each golden's
// command. TestMigratesPreviousRelease re-runs the manifest on a migrated
// copy and compares bytes.
//
// It is a program, not a gated test, so that a normal go test neither
// runs nor counts it, and so that it is run on purpose, only ever at the
// commit its README names (run later, it would record the later code's
// database, not the previous release's):
//
//	go run ./cmd/claritty/internal/prevfix   (from the repository's root)
package main

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/claritty/claritty/cmd/claritty/internal/sqldump"
	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

const outDir = "cmd/claritty/testdata/prev"

// errNoRepeat is a build whose random draws gave no repeat of a facet or
// no swapped comparison.
var errNoRepeat = errors.New("the draws gave no repeated facet or no swapped pair")

// historyItems are the items whose history has a golden: set by work.
var historyItems [][2]string

func main() {
	log.SetFlags(0)
	if _, err := os.Stat("go.mod"); err != nil {
		log.Fatal("run from the repository's root")
	}
	if err := run(context.Background()); err != nil {
		log.Fatal(err)
	}
}

func run(ctx context.Context) error {
	tmp, err := os.MkdirTemp("", "prevfix")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	bin := filepath.Join(tmp, "claritty")
	if out, err := exec.Command("go", "build", "-o", bin, "./cmd/claritty").CombinedOutput(); err != nil {
		return fmt.Errorf("go build: %v\n%s", err, out)
	}
	// The policy's repeats are drawn at random: a database whose draw
	// gave none of the repeats the fixture needs is made again.
	var db string
	for attempt := 1; ; attempt++ {
		db = filepath.Join(tmp, fmt.Sprintf("build%d.db", attempt))
		err := build(ctx, bin, db, tmp)
		if err == nil {
			break
		}
		if !errors.Is(err, errNoRepeat) || attempt == 10 {
			return err
		}
	}
	var dump bytes.Buffer
	if err := sqldump.Dump(ctx, db, &dump); err != nil {
		return err
	}
	// Goldens of commands no longer in the list go with the old ones.
	if err := os.RemoveAll(filepath.Join(outDir, "exports")); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(outDir, "exports"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(outDir, "prev.sql"), dump.Bytes(), 0o644); err != nil {
		return err
	}
	// The goldens come from the dump loaded back, as the test loads it.
	loaded := filepath.Join(tmp, "loaded.db")
	if err := sqldump.Load(ctx, dump.String(), loaded); err != nil {
		return err
	}
	return writeGoldens(bin, loaded)
}

// cli runs the binary on db; a failure stops the build.
func cli(bin, db string, args ...string) (string, error) {
	cmd := exec.Command(bin, append([]string{"--db", db}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("claritty %s: %v\n%s", strings.Join(args, " "), err, errb.String())
	}
	return out.String(), nil
}

// build makes the database: the demo as a new database gets it, more
// imports and runs through the binary, and people's work through the store.
func build(ctx context.Context, bin, db, tmp string) error {
	me, err := user.LookupId(strconv.Itoa(os.Getuid()))
	if err != nil {
		return err
	}
	st, err := store.Open(ctx, db)
	if err != nil {
		return err
	}
	lead, err := st.Actor(ctx, me.Username, "")
	if err != nil {
		return err
	}
	if err := data.LoadDemo(ctx, st, lead); err != nil {
		return err
	}
	people := map[string]store.Annotator{}
	for _, p := range [][2]string{{"ana", store.RoleAnnotator}, {"bo", store.RoleAnnotator}, {"cy", store.RoleAnnotator}, {"adj", store.RoleAdjudicator}} {
		a, err := st.SetRole(ctx, lead, p[0], p[1])
		if err != nil {
			return err
		}
		people[p[0]] = a
	}
	st.Close()

	write := func(name, body string) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			log.Fatal(err)
		}
		return p
	}
	click := write("click.tsv", datatest.ClickHeader+"\n"+
		"jaguar\tWhich jaguar?\tcar\tcat\t\t\t\tmedium\t8\t1\t0\t0\t0\t0\n"+
		"python\tWhich python do you mean?\tsnake\tlanguage\tmonty\t\t\thigh\t3\t0.5\t0.25\t0.25\t0\t0\n")
	practice := write("practice.tsv", data.ManualHeader()+"\n"+
		"jaguar\tWhich jaguar?\tcar\tcat\t\t\t\t2\t1\t2\t0\t\t\t\n")
	checks := write("checks.tsv", datatest.ClariQHeader+"\n"+
		"301\tfind me sun tickets\tthe intent\t3\tF1\tfacet F1\tQ1\twhich sun?\tthe band\n")
	steps := [][]string{
		{"import", "--practice", "--dataset", "demo", practice},
		{"import", "--gold-check", "--dataset", "clariq", checks},
		{"policy", "--dataset", "demo-necessity", "--repeat-rate", "0.5", "--repeat-gap", "1"},
		{"import", "--dataset", "click", click},
		{"import", "--dataset", "clariq", write("clariq.tsv", datatest.ClariQRelease())},
		{"import", "--dataset", "study", "data/demo/clarilm/demo-necessity.jsonl"},
		{"import", "--dataset", "triaged", "data/demo/clarilm/demo-necessity.jsonl"},
		{"bench", "add", "--kind", "labels", "--name", "llm2", "--dataset", "demo-necessity", "data/demo/clarilm/demo-necessity.run"},
		{"bench", "add", "--kind", "questions", "--name", "gen2", "--dataset", "demo-necessity", "data/demo/clarilm/demo-questions.tsv"},
		{"bench", "add", "--kind", "labels", "--name", "llm", "--dataset", "study", "data/demo/clarilm/demo-necessity.run"},
		{"bench", "add", "--kind", "labels", "--name", "llm", "--dataset", "triaged", "data/demo/clarilm/demo-necessity.run"},
		{"policy", "--dataset", "study", "--arms", "blind=1, after:llm=1"},
		{"policy", "--dataset", "triaged", "--triage", "llm", "--confidence", "0", "--audit", "0.5", "--seed", "7"},
		{"policy", "--dataset", "demo-pairs", "--swap-rate", "0.5", "--repeat-gap", "1"},
		{"policy", "--dataset", "demo-conversations", "--gold", "median"},
	}
	for _, s := range steps {
		if _, err := cli(bin, db, s...); err != nil {
			return err
		}
	}
	st, err = store.Open(ctx, db)
	if err != nil {
		return err
	}
	if err := work(ctx, st, lead, people); err != nil {
		st.Close()
		return err
	}
	st.Close()
	// A pseudonymized export, as a lead shares one: the database keeps
	// the salt it drew, so its pseudonyms stay what they were.
	_, err = cli(bin, db, "export", "--format", "labels", "--pseudonymize")
	return err
}

// work is people's work on every kind: two annotators' labels, a changed
// label, a withdrawn label, adjudications, a flag and a note.
func work(ctx context.Context, st *store.Store, lead store.Annotator, people map[string]store.Annotator) error {
	raw, err := sql.Open("sqlite", "file:"+st.Path()+"?mode=ro")
	if err != nil {
		return err
	}
	defer raw.Close()
	count := func(q string, id int64) int {
		var n int
		if err := raw.QueryRowContext(ctx, q, id).Scan(&n); err != nil {
			log.Fatal(err)
		}
		return n
	}
	item := func(dataset string, seq int) store.Item {
		ds, err := st.DatasetByName(ctx, dataset)
		if err != nil {
			log.Fatal(err)
		}
		var found store.Item
		st.EachItem(ctx, ds.ID, func(it store.Item) error {
			if it.Seq == seq {
				found = it
			}
			return nil
		})
		if found.ID == 0 {
			log.Fatalf("%s has no item %d", dataset, seq)
		}
		return found
	}
	set := func(it store.Item, who, unit string, v int, finish bool) {
		if _, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: people[who].ID, Unit: unit,
			Value: &v, Seconds: 2, Finish: finish}); err != nil {
			log.Fatalf("%s %s %s=%d: %v", it.UID, who, unit, v, err)
		}
	}
	// keyAll keys every unit of a HIT, value by unit, the last one finishing it.
	keyAll := func(it store.Item, who string, units []string, value func(i int, unit string) int) {
		for i, u := range units {
			set(it, who, u, value(i, u), i == len(units)-1)
		}
	}
	for seq := 1; seq <= 2; seq++ {
		// MIMICS panes.
		it := item(data.DemoDataset, seq)
		units := guidelines.MIMICS.Units(it.Shape(0))
		keyAll(it, "ana", units, func(i int, u string) int { return 2 })
		keyAll(it, "bo", units, func(i int, u string) int { return (i + seq) % 3 })
		// ClariMM conversations.
		it = item(data.DemoConversations, seq)
		units = guidelines.ClariMM.Units(it.Shape(count(`SELECT count(*) FROM turns WHERE item_id = ?`, it.ID)))
		keyAll(it, "ana", units, func(i int, u string) int { return 1 + (i+seq)%5 })
		keyAll(it, "bo", units, func(i int, u string) int { return 1 + (i*2+seq)%5 })
		// Compare pairs.
		it = item(data.DemoPairs, seq)
		set(it, "ana", "preference", 0, true)
		set(it, "bo", "preference", seq, true)
		// Necessity: ana yes and a facet, bo no.
		it = item(data.DemoNecessity, seq)
		set(it, "ana", "necessity", 1, false)
		set(it, "ana", "facet", 4-seq, true) // facet 1; none fits on nec-02, which has none
		set(it, "bo", "necessity", 0, true)
		// Clariq, a shipped protocol file's kind.
		it = item("clariq", seq)
		set(it, "ana", "need", 2, false)
		set(it, "bo", "need", 3, false)
	}
	// Nuggets: the first answer nobody has judged, its first two nuggets,
	// not finished.
	var free int
	if err := raw.QueryRowContext(ctx, `SELECT min(i.seq) FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE d.name = ? AND NOT EXISTS (SELECT 1 FROM labels l WHERE l.item_id = i.id)`, data.DemoNuggets).Scan(&free); err != nil {
		return err
	}
	it := item(data.DemoNuggets, free)
	set(it, "ana", "nugget_1", 2, false)
	set(it, "bo", "nugget_1", 1, false)
	set(it, "ana", "nugget_2", 0, false)
	set(it, "bo", "nugget_2", 0, false)
	// A changed label (history): bo's MIMICS question on pane 1.
	set(item(data.DemoDataset, 1), "bo", "question", 2, false)
	// A withdrawn label: bo on request 3 says yes, picks a facet, then no.
	nec := item(data.DemoNecessity, 3)
	set(nec, "bo", "necessity", 1, false)
	set(nec, "bo", "facet", 4, false)
	set(nec, "bo", "necessity", 0, true)
	// The study with arms and the triaged dataset get a label each.
	set(item("study", 1), "ana", "necessity", 1, false)
	set(item("study", 1), "ana", "facet", 2, true)
	set(item("triaged", 1), "bo", "necessity", 0, true)
	// Adjudications: the lead on a MIMICS and a necessity unit, the
	// adjudicator's withdrawn on a compare pair; one changed.
	two, one, zero := 2, 1, 0
	if err := st.Adjudicate(ctx, item(data.DemoDataset, 1).ID, "question", &two, lead, "the pane asks one thing"); err != nil {
		return err
	}
	if err := st.Adjudicate(ctx, item(data.DemoDataset, 1).ID, "question", &one, lead, "on second look"); err != nil {
		return err
	}
	if err := st.Adjudicate(ctx, item(data.DemoNecessity, 1).ID, "necessity", &one, lead, ""); err != nil {
		return err
	}
	if err := st.Adjudicate(ctx, item(data.DemoPairs, 1).ID, "preference", &zero, lead, "tie on reading"); err != nil {
		return err
	}
	if err := st.Adjudicate(ctx, item(data.DemoConversations, 1).ID, "coherence", &two, lead, ""); err != nil {
		return err
	}
	historyItems = [][2]string{{data.DemoDataset, item(data.DemoDataset, 1).UID}, {data.DemoNecessity, nec.UID},
		{data.DemoPairs, item(data.DemoPairs, 1).UID}, {data.DemoConversations, item(data.DemoConversations, 1).UID}}
	// cy works through the queue of the necessity requests and the
	// compare pairs, where the policy repeats (and swaps) what cy
	// finished: repeat_labels, with facets among them.
	for _, ds := range []string{data.DemoNecessity, data.DemoPairs} {
		d, err := st.DatasetByName(ctx, ds)
		if err != nil {
			return err
		}
		for range 8 {
			id, ok, _, err := st.NextHIT(ctx, d.ID, people["cy"].ID, 0)
			if err != nil {
				return err
			}
			if !ok {
				break
			}
			it := store.Item{ID: id, UID: strconv.FormatInt(id, 10)}
			if ds == data.DemoPairs {
				set(it, "cy", "preference", 1, true)
				continue
			}
			set(it, "cy", "necessity", 1, false)
			facet := 2 // none fits
			if count(`SELECT count(*) FROM facets WHERE item_id = ?`, id) > 0 {
				facet = 3
			}
			set(it, "cy", "facet", facet, true)
		}
	}
	if count(`SELECT count(*) FROM repeat_labels WHERE unit = 'facet' AND ?1 = ?1`, 0) == 0 ||
		count(`SELECT count(*) FROM repeats WHERE swapped AND ?1 = ?1`, 0) == 0 {
		return errNoRepeat
	}
	// A flag and a note.
	if err := st.AddFlag(ctx, item(data.DemoDataset, 2).ID, people["ana"].ID, "broken", "the results page is empty"); err != nil {
		return err
	}
	return st.AddNote(ctx, item(data.DemoConversations, 2).ID, people["bo"].ID, "coherence", "turn 2 repeats turn 1")
}

// kindFormats are each dataset's kind's own export formats, by dataset.
var kindFormats = map[string][]string{
	"demo":               {"mimics", "mimics-manual"},
	"click":              {"mimics", "mimics-manual"},
	"demo-conversations": {"clarimm", "clarimm-gold", "clarimm-ratings"},
	"demo-nuggets":       {"nuggets", "nugget-judgements", "nuggetizer"},
	"demo-necessity":     {"necessity", "necessity-gold"},
	"study":              {"necessity", "necessity-gold"},
	"triaged":            {"necessity", "necessity-gold"},
	"demo-pairs":         {"compare", "pairs-gold"},
	"clariq":             {"clariq"},
}

// commands are the goldens' commands: a name and the arguments after
// --db; "--as ana" acts as an annotator.
func commands() [][]string {
	var out [][]string
	add := func(name string, args ...string) { out = append(out, append([]string{name}, args...)) }
	for _, ds := range []string{"demo", "click", "demo-conversations", "demo-nuggets", "demo-necessity", "study", "triaged", "demo-pairs", "clariq"} {
		add("export-labels-"+ds, "export", "--format", "labels", "--dataset", ds)
		add("export-labels-pseudonymize-"+ds, "export", "--format", "labels", "--pseudonymize", "--dataset", ds)
		add("export-labels-with-text-"+ds, "export", "--format", "labels", "--with-text", "--dataset", ds)
		add("export-labels-as-ana-"+ds, "--as", "ana", "export", "--format", "labels", "--dataset", ds)
		add("export-gold-"+ds, "export", "--format", "gold", "--dataset", ds)
		add("export-gold-include-incomplete-"+ds, "export", "--format", "gold", "--include-incomplete", "--dataset", ds)
		add("export-gold-with-text-"+ds, "export", "--format", "gold", "--with-text", "--dataset", ds)
		add("export-gold-as-ana-"+ds, "--as", "ana", "export", "--format", "gold", "--dataset", ds)
		for _, f := range kindFormats[ds] {
			add("export-"+f+"-"+ds, "export", "--format", f, "--dataset", ds)
			if f != "clarimm-ratings" { // a ratings file has every rating
				add("export-"+f+"-include-incomplete-"+ds, "export", "--format", f, "--include-incomplete", "--dataset", ds)
			}
			if f == "mimics-manual" || f == "clariq" {
				add("export-"+f+"-include-unresolved-"+ds, "export", "--format", f, "--include-unresolved", "--dataset", ds)
			}
		}
		add("stats-"+ds, "stats", "--dataset", ds)
		add("stats-json-"+ds, "stats", "--json", "--dataset", ds)
		add("stats-json-as-ana-"+ds, "--as", "ana", "stats", "--json", "--dataset", ds)
		add("agree-json-"+ds, "agree", "--json", "--dataset", ds)
		add("bench-json-"+ds, "bench", "--json", "--dataset", ds)
		add("policy-"+ds, "policy", "--dataset", ds)
	}
	add("export-labels", "export", "--format", "labels")
	add("export-labels-pseudonymize", "export", "--format", "labels", "--pseudonymize")
	add("export-labels-as-bo", "--as", "bo", "export", "--format", "labels")
	add("export-bench", "export", "--format", "bench")
	add("bench-json", "bench", "--json")
	add("bench", "bench")
	add("export-bench-provisional", "export", "--format", "bench", "--provisional")
	add("bench-json-provisional", "bench", "--json", "--provisional")
	add("bench-json-as-ana", "--as", "ana", "bench", "--json")
	add("flags", "flags")
	for _, h := range historyItems {
		add("history-"+h[1], "history", "--dataset", h[0], h[1])
	}
	return out
}

// writeGoldens runs every command on db and writes its golden (stdout,
// then stderr and a non-zero exit status when there are any), and the
// manifest the test reads.
func writeGoldens(bin, db string) error {
	var manifest strings.Builder
	manifest.WriteString("# golden\targuments after --db (tab-separated); written by prevfix\n")
	for _, c := range commands() {
		name, args := c[0]+".golden", c[1:]
		manifest.WriteString(name + "\t" + strings.Join(args, "\t") + "\n")
		out := golden(bin, db, args)
		if err := os.WriteFile(filepath.Join(outDir, "exports", name), out, 0o644); err != nil {
			return err
		}
	}
	return os.WriteFile(filepath.Join(outDir, "exports", "MANIFEST"), []byte(manifest.String()), 0o644)
}

// golden is what a command gives, as its golden holds it: stdout, then
// stderr and the exit status when not empty and 0, the database's path
// written as DB and a refusal's list of leads as LEADS (the OS user
// running the commands is one).
// leadList is a refusal's naming of the database's leads.
var leadList = regexp.MustCompile(`; leads: [^)]*\)`)

func golden(bin, db string, args []string) []byte {
	cmd := exec.Command(bin, append([]string{"--db", db}, args...)...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			log.Fatal(err)
		}
		code = ee.ExitCode()
	}
	if errb.Len() > 0 {
		out.WriteString("--- stderr ---\n")
		out.Write(errb.Bytes())
	}
	if code != 0 {
		fmt.Fprintf(&out, "--- exit %d ---\n", code)
	}
	return leadList.ReplaceAll(bytes.ReplaceAll(out.Bytes(), []byte(db), []byte("DB")), []byte("; leads: LEADS)"))
}
