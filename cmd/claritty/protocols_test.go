package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// duoFiles are MIMICS-Duo's three task files and the shipped protocol
// each is known by.
var duoFiles = []struct{ file, kind string }{
	{"Task1-OfflineRating.tsv", "mimics-duo-rating"},
	{"Task2-QualityLabelling.tsv", "mimics-duo-quality"},
	{"Task3-AspectLabelling.tsv", "mimics-duo-aspects"},
}

// The three MIMICS-Duo files import as released, known by their headers
// with no --format, and export --format NAME writes each back byte for
// byte; the released label columns' means, as a plain read of the file
// gives them, are what stats says of their units.
func TestMIMICSDuoRoundTrip(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, c := range duoFiles {
		path := datatest.SharedOrSkip(t, "mimics-duo/"+c.file)
		ds := strings.TrimSuffix(c.file, ".tsv")
		if r := tm.run(t, "", "", "import", path); r.code != 0 || !strings.Contains(r.stderr, c.kind+" → dataset \""+ds+"\"") {
			t.Fatalf("import %s: %+v", c.file, r)
		}
		out := filepath.Join(tm.dir, ds+".out")
		if r := tm.run(t, "", "", "export", "--format", c.kind, "--dataset", ds, "--out", out); r.code != 0 {
			t.Fatalf("export %s: %+v", c.kind, r)
		}
		want, _ := os.ReadFile(path)
		if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
			t.Errorf("%s: export --format %s is not the file (%d bytes, the file %d)", c.file, c.kind, len(got), len(want))
		}
		checkColumnMeans(t, tm, path, ds, guidelines.Kind(c.kind))
	}
}

// checkColumnMeans holds stats' per-unit means of a dataset to a plain
// read of each label column of its file (Task 1's ratings by row of a
// query, the others by answer or pane).
func checkColumnMeans(t *testing.T, tm team, path, ds string, kind guidelines.Kind) {
	t.Helper()
	var got struct {
		Units []struct {
			Name string
			N    int
			Mean *float64
		}
	}
	r := tm.run(t, "", "", "stats", "--json", "--dataset", ds)
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("stats %s: %v %+v", ds, err, r)
	}
	means := map[string]float64{}
	for _, u := range got.Units {
		means[u.Name] = *u.Mean
	}
	shipped, err := guidelines.FindShipped(kind)
	if err != nil {
		t.Fatal(err)
	}
	cols := datatest.Columns(t, path)
	for _, st := range shipped.File.Steps {
		if st.Per == guidelines.PerRow {
			continue // Task 1: a row's rating is its pane's, by position in its query; the report test holds these
		}
		for n := 1; n <= 5; n++ {
			col, unit := strings.ReplaceAll(st.Column, "{n}", strconv.Itoa(n)), st.Unit+"_"+strconv.Itoa(n)
			if st.Per != guidelines.PerElement {
				col, unit = st.Column, st.Unit
			}
			var sum, k float64
			for _, v := range cols[col] {
				if x, err := strconv.Atoi(v); err == nil {
					sum, k = sum+float64(x), k+1
				}
			}
			if math.Abs(means[unit]-sum/k) > 1e-9 {
				t.Errorf("%s %s: stats says %v, the file's %s %v", ds, unit, means[unit], col, sum/k)
			}
			if st.Per != guidelines.PerElement {
				break
			}
		}
	}
}

// claritty protocols lists the built-in kinds and the shipped files;
// protocols show prints a file as shipped, and that file under another
// name imports Task 2 as a new kind (--protocol), kept in the database:
// a second process lists it and exports its dataset byte for byte. The
// file's header is then two protocols', and import asks which.
func TestProtocolsShowRenamedIsANewKind(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics-duo/Task2-QualityLabelling.tsv")
	tm := newTeam(t)
	list := tm.run(t, "ana", "", "protocols")
	for _, want := range []string{"mimics ", "clarimm ", "mimics-duo-quality   shipped    panes          answer_quality ×5, pane_quality"} {
		if !strings.Contains(list.stdout, want) {
			t.Errorf("protocols has no %q:\n%s", want, list.stdout)
		}
	}
	shipped, err := guidelines.FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	show := tm.run(t, "", "", "protocols", "show", "mimics-duo-quality")
	if show.code != 0 || show.stdout != string(shipped.Text) {
		t.Fatalf("protocols show: %+v", show)
	}
	mine := filepath.Join(tm.dir, "mine.toml")
	renamed := strings.Replace(show.stdout, `name = "mimics-duo-quality"`, `name = "my-quality"`, 1)
	if err := os.WriteFile(mine, []byte(renamed), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := tm.run(t, "ana", "", "import", "--protocol", mine, "--dataset", "mine", path); r.code == 0 || !strings.Contains(r.stderr, "lead") {
		t.Errorf("an annotator imported under a protocol: %+v", r)
	}
	if r := tm.run(t, "", "", "protocols"); strings.Contains(r.stdout, "my-quality") {
		t.Errorf("an annotator's refused import kept its protocol:\n%s", r.stdout)
	}
	if r := tm.run(t, "", "", "import", "--protocol", mine, "--dataset", "mine", path); r.code != 0 || !strings.Contains(r.stderr, "my-quality → dataset \"mine\": 1034 panes added") {
		t.Fatalf("import --protocol: %+v", r)
	}
	if r := tm.run(t, "", "", "protocols"); !strings.Contains(r.stdout, "my-quality           database") {
		t.Errorf("protocols after the import:\n%s", r.stdout)
	}
	if r := tm.run(t, "", "", "protocols", "show", "my-quality"); r.stdout != renamed {
		t.Errorf("protocols show my-quality: %+v", r)
	}
	out := filepath.Join(tm.dir, "mine.tsv")
	if r := tm.run(t, "", "", "export", "--format", "my-quality", "--out", out); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	want, _ := os.ReadFile(path)
	if got, _ := os.ReadFile(out); !bytes.Equal(got, want) {
		t.Errorf("export --format my-quality is not Task 2's file")
	}
	if r := tm.run(t, "", "", "import", path); r.code == 0 || !strings.Contains(r.stderr, ":1: the header of several protocols (mimics-duo-quality, my-quality): say which with --format NAME") {
		t.Errorf("an ambiguous header: %+v", r)
	}
	if r := tm.run(t, "", "", "import", "--format", "mimics-duo-quality", path); r.code != 0 {
		t.Errorf("import --format mimics-duo-quality: %+v", r)
	}
	if r := tm.run(t, "", "", "export", "--format", "mimics-duo-quality", "--dataset", "mine"); r.code == 0 || !strings.Contains(r.stderr, "holds my-quality items, not mimics-duo-quality items") {
		t.Errorf("export of another kind's dataset: %+v", r)
	}
	if r := tm.run(t, "", "", "export", "--format", "mimics-manual", "--dataset", "mine"); r.code == 0 || !strings.Contains(r.stderr, "export --format my-quality") {
		t.Errorf("a MIMICS-Manual release of a protocol kind's dataset: %+v", r)
	}
	// A change that orphans the release's labels is refused; one that
	// renames a label is kept, and a server that had the old file reads
	// the new one at its next look.
	orphaning := strings.Replace(renamed, "values = [1, 2, 3, 4, 5]", "values = [2, 3, 4, 5, 6]", 1)
	if r := tm.run(t, "", orphaning, "protocols", "add", "-"); r.code == 0 || !strings.Contains(r.stderr, "holds the label 1, which the new file's scale does not have") {
		t.Errorf("a change orphaning labels: %+v", r)
	}
	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := sshRun(t, c, "", "protocols show my-quality"); r.stdout != renamed {
		t.Fatalf("the server's file before the change: %+v", r)
	}
	changed := strings.Replace(renamed, `names = ["very poor"`, `names = ["awful"`, 1)
	if r := tm.run(t, "", changed, "protocols", "add", "-"); r.code != 0 {
		t.Errorf("a label renamed under a kept name: %+v", r)
	}
	if r := sshRun(t, c, "", "protocols show my-quality"); r.stdout != changed {
		t.Errorf("the server's file after the change: %+v", r)
	}
	builtInShown(t, tm)
}

// protocols show on a built-in kind says why it is built in, lists each
// unit type with how often it is asked and its labels, as the protocol
// has them, then its guideline; added as a file, that is refused at a
// line, nothing kept.
func builtInShown(t *testing.T, tm team) {
	t.Helper()
	for _, p := range guidelines.Protocols {
		if _, ok := guidelines.KindFile(p.Kind); ok {
			continue // it prints its shipped file (TestBuiltInKindsShowTheirFiles)
		}
		r := tm.run(t, "", "", "protocols", "show", string(p.Kind))
		if r.code != 0 || !strings.HasPrefix(r.stdout, "# "+string(p.Kind)+" is built into claritty's code") ||
			!strings.HasSuffix(r.stdout, p.Text()) {
			t.Errorf("protocols show %s: %+v", p.Kind, r)
			continue
		}
		head, _, _ := strings.Cut(r.stdout, "# Its guideline")
		asks := strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(head, "# ", "")), " "), "attention question (policy --attention-rate): ")
		if asks != (p.Attention != nil) || p.Attention != nil && !strings.Contains(strings.Join(strings.Fields(strings.ReplaceAll(head, "# ", "")), " "), p.Attention.Ask) {
			t.Errorf("protocols show %s: its attention question (asks %v):\n%s", p.Kind, p.Attention != nil, head)
		}
		for _, ty := range p.Types {
			var units []string
			for _, u := range p.AllUnits {
				n, numbered := strings.CutPrefix(u, ty+"_")
				if _, err := strconv.Atoi(n); u == ty || numbered && err == nil {
					units = append(units, u)
				}
			}
			asked := "once an item"
			if len(units) > 1 {
				asked = fmt.Sprintf("up to %d an item", len(units))
			}
			lab := p.ScaleOf(units[0])[0]
			if !regexp.MustCompile(`(?m)^#   ` + ty + ` +` + asked + ` +.*` + regexp.QuoteMeta(lab.Name)).MatchString(r.stdout) {
				t.Errorf("protocols show %s: no line for %s (%d units, first label %q):\n%s", p.Kind, ty, len(units), lab.Name, r.stdout)
			}
		}
	}
	before := tm.fingerprint(t)
	shown := tm.run(t, "", "", "protocols", "show", "mimics")
	if r := tm.run(t, "", shown.stdout, "protocols", "add", "-"); r.code == 0 || !regexp.MustCompile(`-:\d+: `).MatchString(r.stderr) {
		t.Errorf("a built-in kind's description added as a file: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("the refused file changed the database")
	}
}

// A protocol file with problems is refused with each at its line, and
// nothing is kept.
func TestProtocolsAddRefusesABadFile(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	bad := "name = \"x-y\"\ntitle = \"t\"\nitems = \"things\"\ncolour = \"red\"\n"
	r := tm.run(t, "", bad, "protocols", "add", "-")
	if r.code == 0 || !strings.Contains(r.stderr, "-:4: unknown key \"colour\"") {
		t.Errorf("a bad protocol file: %+v", r)
	}
	if l := tm.run(t, "", "", "protocols"); strings.Contains(l.stdout, "x-y") {
		t.Errorf("a refused protocol is listed:\n%s", l.stdout)
	}
}

// Over SSH a protocol comes on standard input: an annotator's is refused,
// a lead's is kept, and the data then imports under its name.
func TestProtocolsOverSSH(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	shipped, err := guidelines.FindShipped("mimics-duo-aspects")
	if err != nil {
		t.Fatal(err)
	}
	mine := strings.Replace(string(shipped.Text), `name = "mimics-duo-aspects"`, `name = "ssh-aspects"`, 1)
	srv := startServe(t, tm.db)
	ana, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	if r := sshRun(t, ana, mine, "protocols add -"); r.code == 0 || !strings.Contains(r.stderr, "lead") {
		t.Errorf("an annotator's protocols add over SSH: %+v", r)
	}
	if r := sshRun(t, ana, "", "protocols"); strings.Contains(r.stdout, "ssh-aspects") {
		t.Errorf("an annotator's refused protocol is kept:\n%s", r.stdout)
	}
	// An annotator is refused before the path is looked at; a lead's server
	// path is refused as one.
	if r := sshRun(t, ana, "", "protocols add /etc/passwd"); r.code == 0 || !strings.Contains(r.stderr, "not allowed") {
		t.Errorf("an annotator's server path over SSH: %+v", r)
	}
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	if r := sshRun(t, lead, "", "protocols add /etc/passwd"); r.code == 0 || !strings.Contains(r.stderr, "over SSH the file is on your side") {
		t.Errorf("a server path over SSH: %+v", r)
	}
	if r := sshRun(t, lead, mine, "protocols add -"); r.code != 0 {
		t.Fatalf("a lead's protocols add over SSH: %+v", r)
	}
	body := "query\tquestion\toption_1\toption_2\toption_3\toption_4\toption_5\tCoverage\tDiversity\tUnderstandability\tImportance Order\n" +
		"q\twhich?\ta\tb\t\t\t\t4\t\t\t\n"
	if r := sshRun(t, lead, body, "import --format ssh-aspects --dataset mine -"); r.code != 0 || !strings.Contains(r.stderr, "ssh-aspects → dataset \"mine\": 1 pane added") {
		t.Errorf("import under it over SSH: %+v", r)
	}
	if r := sshRun(t, ana, "", "protocols"); !strings.Contains(r.stdout, "ssh-aspects          database") {
		t.Errorf("ana's protocols over SSH:\n%+v", r)
	}
}

// readmeProtocol is the protocol file the manual writes from scratch
// (docs/protocols.md's toml block), as a reader would copy it.
func readmeProtocol(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocols.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(b), "```toml\n")
	block, _, closed := strings.Cut(rest, "```")
	if !ok || !closed {
		t.Fatal("docs/protocols.md has no toml block")
	}
	return block
}

// fleiss is Fleiss' kappa of items each rated by the same number of
// raters, from its definition: the independent reference for agree's.
func fleiss(items [][]int) float64 {
	n := float64(len(items[0]))
	total := map[int]float64{}
	var pBar float64
	for _, it := range items {
		count := map[int]float64{}
		for _, v := range it {
			count[v]++
			total[v]++
		}
		var agree float64
		for _, c := range count {
			agree += c * (c - 1)
		}
		pBar += agree / (n * (n - 1))
	}
	pBar /= float64(len(items))
	var pe float64
	for _, c := range total {
		p := c / (n * float64(len(items)))
		pe += p * p
	}
	return (pBar - pe) / (1 - pe)
}

// The README's protocol, written as it says, works as it says: imported
// with its questions, labelled by three annotators, its agreement is
// Fleiss' κ as the definition gives it, its ties go to adjudication and
// are decided, stats' mean is the labels', and the file-shaped export
// writes each question's gold, majority or decided, in the rating column.
func TestREADMEProtocolWalkthrough(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml := filepath.Join(tm.dir, "usefulness.toml")
	if err := os.WriteFile(toml, []byte(readmeProtocol(t)), 0o600); err != nil {
		t.Fatal(err)
	}
	queries := []string{"best pizza", "jaguar", "python", "flights", "salsa", "café"}
	var tsv strings.Builder
	tsv.WriteString("query\tquestion\trating\n")
	for _, q := range queries {
		tsv.WriteString(q + "\tWhat do you mean by " + q + "?\t\n")
	}
	questions := filepath.Join(tm.dir, "questions.tsv")
	if err := os.WriteFile(questions, []byte(tsv.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := tm.run(t, "", "", "import", "--protocol", toml, "--max", "3", "--min", "3", questions); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	votes := [][]int{{5, 5, 5}, {4, 4, 2}, {3, 3, 3}, {2, 3, 1}, {1, 1, 1}, {5, 4, 3}}
	ctx := context.Background()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, "questions")
	if err != nil {
		t.Fatal(err)
	}
	var labels strings.Builder
	labels.WriteString("item\tunit\tannotator\tlabel\n")
	for i := range queries {
		it := storetest.ItemAt(t, st, ds.ID, i+1)
		for a, who := range []string{"ana", "bo", "cy"} {
			fmt.Fprintf(&labels, "%s\tusefulness\t%s\t%d\n", it.UID, who, votes[i][a])
		}
	}
	if r := tm.run(t, "", labels.String(), "import", "--format", "labels", "--dataset", "questions", "-"); r.code != 0 {
		t.Fatalf("the three annotators' labels: %+v", r)
	}
	agree := tm.run(t, "", "", "agree", "--dataset", "questions", "--bootstrap", "0", "--wide")
	want := "usefulness  6      6          18       3–3     "
	line := ""
	for _, l := range strings.Split(agree.stdout, "\n") {
		if strings.HasPrefix(l, want) {
			line = l
		}
	}
	if f := strings.Fields(line); len(f) < 8 || f[7] != fmt.Sprintf("%.3f", fleiss(votes)) {
		t.Errorf("Fleiss' κ: %q, by its definition %.3f\n%s", line, fleiss(votes), agree.stdout)
	}
	eve, err := st.Actor(ctx, "eve", "")
	if err != nil {
		t.Fatal(err)
	}
	decided := map[int]int{4: 2, 6: 4} // the ties: 2 3 1 and 5 4 3
	for seq, v := range decided {
		it := storetest.ItemAt(t, st, ds.ID, seq)
		if err := st.Adjudicate(ctx, it.ID, "usefulness", &v, eve, "test"); err != nil {
			t.Fatalf("decide question %d: %v", seq, err)
		}
	}
	st.Close()
	var stats struct {
		Types []struct {
			N    int
			Mean float64
		}
	}
	if r := tm.run(t, "", "", "stats", "--json", "--dataset", "questions"); json.Unmarshal([]byte(r.stdout), &stats) != nil || len(stats.Types) != 1 {
		t.Fatalf("stats: %+v", r)
	}
	sum := 0
	for _, v := range votes {
		sum += v[0] + v[1] + v[2]
	}
	if s := stats.Types[0]; s.N != 18 || math.Abs(s.Mean-float64(sum)/18) > 1e-9 {
		t.Errorf("stats: n %d mean %v, the labels' %v", s.N, s.Mean, float64(sum)/18)
	}
	out := tm.run(t, "", "", "export", "--format", "usefulness", "--dataset", "questions")
	gold := []int{5, 4, 3, decided[4], 1, decided[6]}
	var wantOut strings.Builder
	wantOut.WriteString("query\tquestion\trating\n")
	for i, q := range queries {
		fmt.Fprintf(&wantOut, "%s\tWhat do you mean by %s?\t%d\n", q, q, gold[i])
	}
	if out.code != 0 || out.stdout != wantOut.String() {
		t.Errorf("export --format usefulness:\n%s\nwant\n%s", out.stdout, wantOut.String())
	}
	if r := tm.run(t, "", "", "export", "--format", "gold", "--dataset", "questions"); r.code != 0 || strings.Count(r.stdout, "\tusefulness\t") != 6 ||
		strings.Count(r.stdout, "\tadjudicated\t") != 2 {
		t.Errorf("export --format gold: %+v", r)
	}
}

// A labels run over a protocol file's dataset (MIMICS-Duo Task 3's
// coverage, a third of it changed) is scored against the release's gold:
// accuracy and Cohen's κ as a count of the pairs gives them.
func TestBenchLabelsRunOnAProtocolKind(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics-duo/Task3-AspectLabelling.tsv")
	tm := newTeam(t)
	if r := tm.run(t, "", "", "import", "--dataset", "aspects", path); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	var run strings.Builder
	var pred, gold []int
	for _, line := range strings.Split(tm.run(t, "", "", "export", "--format", "labels", "--dataset", "aspects").stdout, "\n") {
		f := strings.Split(line, "\t") // item, unit, annotator (the release), label, …
		if len(f) < 4 || f[1] != "coverage" || len(gold) == 60 {
			continue
		}
		g, err := strconv.Atoi(f[3])
		if err != nil {
			t.Fatalf("labels export row %q", line)
		}
		p := g
		if len(gold)%3 == 2 {
			p = 1 + g%5
		}
		fmt.Fprintf(&run, "%s coverage %d\n", f[0], p)
		pred, gold = append(pred, p), append(gold, g)
	}
	file := datatest.WriteFile(t, filepath.Join(tm.dir, "run.txt"), run.String())
	if r := tm.run(t, "", "", "bench", "add", "--kind", "labels", "--name", "judge", "--dataset", "aspects", file); r.code != 0 {
		t.Fatalf("bench add: %+v", r)
	}
	var got struct {
		Runs []struct {
			Metrics struct{ Accuracy, Kappa float64 }
			Items   int
		}
	}
	if r := tm.run(t, "", "", "bench", "--json", "--dataset", "aspects"); json.Unmarshal([]byte(r.stdout), &got) != nil || len(got.Runs) != 1 {
		t.Fatalf("bench --json: %+v", r)
	}
	same := 0
	for i := range pred {
		if pred[i] == gold[i] {
			same++
		}
	}
	m := got.Runs[0].Metrics
	if got.Runs[0].Items != 60 || math.Abs(m.Accuracy-float64(same)/60) > 1e-12 || math.Abs(m.Kappa-datatest.CohenKappa(pred, gold)) > 1e-12 {
		t.Errorf("run scored %+v; by count: accuracy %v, κ %v", got.Runs[0], float64(same)/60, datatest.CohenKappa(pred, gold))
	}
}

// A protocol file's items import as practice for a dataset of its kind,
// their label column the answers: they are counted as practice, and
// reach neither the task's items nor its labels.
func TestProtocolPracticeImport(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	toml := datatest.WriteFile(t, filepath.Join(tm.dir, "usefulness.toml"), readmeProtocol(t))
	task := datatest.WriteFile(t, filepath.Join(tm.dir, "questions.tsv"), "query\tquestion\trating\njaguar\tThe car?\t\n")
	practice := datatest.WriteFile(t, filepath.Join(tm.dir, "practice.tsv"), "query\tquestion\trating\nvim\tThe editor?\t4\nemacs\tThe editor?\t\n")
	if r := tm.run(t, "", "", "import", "--protocol", toml, task); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	r := tm.run(t, "", "", "import", "--format", "usefulness", "--practice", "--dataset", "questions", practice)
	if r.code != 0 || !strings.Contains(r.stderr, "usefulness → practice questions of dataset \"questions\": 2 added, 0 already present; 1 answer added") {
		t.Fatalf("practice import: %+v", r)
	}
	if r := tm.run(t, "", "", "export", "--format", "labels", "--dataset", "questions"); strings.Count(r.stdout, "\n") != 1 {
		t.Errorf("practice answers among the task's labels:\n%s", r.stdout)
	}
	if r := tm.run(t, "", "", "export", "--format", "usefulness", "--dataset", "questions", "--include-incomplete"); strings.Contains(r.stdout, "vim") {
		t.Errorf("a practice item in the task's export:\n%s", r.stdout)
	}
}

// policy --attention-rate: refused for a kind whose protocol asks no
// attention question, with nothing changed (not even the flags given
// beside it); refused to an annotator; shown once set.
func TestPolicyAttentionRate(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics-duo/Task2-QualityLabelling.tsv")
	tm := newTeam(t)
	if r := tm.run(t, "", "", "import", "--dataset", "duo", path); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	before := tm.fingerprint(t)
	if r := tm.run(t, "", "", "policy", "--dataset", "demo"); !strings.Contains(r.stdout, "min 3, max 5") {
		t.Fatalf("the demo's policy: %+v", r)
	}
	r := tm.run(t, "", "", "policy", "--dataset", data.DemoPairs, "--min", "2", "--attention-rate", "0.2")
	if r.code == 0 || !strings.Contains(r.stderr, "a compare item asks no attention question") {
		t.Errorf("an attention rate for compare pairs: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("the refused policy changed the database")
	}
	tm.refused(t, "ana", "lead", "policy", "--dataset", "duo", "--attention-rate", "0.2")
	r = tm.run(t, "", "", "policy", "--dataset", "duo", "--attention-rate", "0.25")
	if r.code != 0 || !strings.Contains(r.stdout, "an attention question ends 25% of HITs") {
		t.Errorf("policy --attention-rate 0.25: %+v", r)
	}
}

// policy --attention-rate on a MIMICS-Manual dataset (the demo's panes)
// is taken and shown, as for a protocol file's kind; refused to an
// annotator. A HIT then handed out at rate 1 waits for the count of the
// candidate answers its pane showed, and annotators --quality counts a
// wrong count as a missed attention question.
func TestPolicyAttentionRateOnMIMICSManual(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	tm.refused(t, "ana", "lead", "policy", "--dataset", data.DemoDataset, "--attention-rate", "0.5")
	r := tm.run(t, "", "", "policy", "--dataset", data.DemoDataset, "--attention-rate", "0.5")
	if r.code != 0 || !strings.Contains(r.stdout, "an attention question ends 50% of HITs") {
		t.Fatalf("policy --attention-rate 0.5 on MIMICS-Manual panes: %+v", r)
	}
	if r := tm.run(t, "", "", "policy", "--dataset", data.DemoDataset, "--attention-rate", "1"); r.code != 0 {
		t.Fatalf("policy --attention-rate 1: %+v", r)
	}
	ctx := t.Context()
	st, err := store.Open(ctx, tm.db)
	if err != nil {
		t.Fatal(err)
	}
	lead, err := st.Actor(ctx, tm.lead, "")
	if err != nil {
		t.Fatal(err)
	}
	dan, err := st.SetRole(ctx, lead, "dan", store.RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.DatasetByName(ctx, data.DemoDataset)
	if err != nil {
		t.Fatal(err)
	}
	item, ok, _, err := st.NextHIT(ctx, ds.ID, dan.ID, 0)
	if err != nil || !ok {
		t.Fatalf("no HIT for dan: %v", err)
	}
	it, err := st.ItemByID(ctx, item)
	if err != nil {
		t.Fatal(err)
	}
	keyHIT(t, st, it, dan, 1)
	if h, err := st.LoadHIT(ctx, item, dan.ID); err != nil || h.Finished || !h.Attention {
		t.Fatalf("dan's HIT, labelled: %+v %v", h, err)
	}
	wrong := it.AnswerCount() + 1
	if err := st.AnswerAttention(ctx, store.AttentionAnswer{ItemID: item, AnnotatorID: dan.ID, Answer: wrong}); err != nil {
		t.Fatal(err)
	}
	st.Close()
	r = tm.run(t, "", "", "annotators", "--quality", "--dataset", data.DemoDataset, "--json")
	var q struct {
		Annotators []struct {
			Annotator string `json:"annotator"`
			Asked     int    `json:"attention_questions"`
			Right     int    `json:"attention_right"`
		} `json:"annotators"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &q); err != nil {
		t.Fatalf("annotators --quality --json: %v\n%+v", err, r)
	}
	found := false
	for _, a := range q.Annotators {
		if a.Annotator == "dan" {
			found = a.Asked == 1 && a.Right == 0
		}
	}
	if !found {
		t.Errorf("dan's wrong count is not one missed attention question: %s", r.stdout)
	}
	if r := tm.run(t, "", "", "annotators", "--quality", "--dataset", data.DemoDataset); !strings.Contains(r.stdout, "attention") {
		t.Errorf("the quality table has no attention column:\n%s", r.stdout)
	}
	// The HTML report's quality table has the same count, as a figure of
	// annotators --quality --json.
	page, _ := teamReport(t, tm, "", data.DemoDataset)
	checkFigures(t, "report", page, reportDocs(t, tm, "", data.DemoDataset, true))
	if !regexp.MustCompile(`data-path="annotators/\d+/attention_questions" data-value="1"`).MatchString(page) ||
		!strings.Contains(page, "<th>attention</th>") {
		t.Error("the HTML report's quality table does not count the attention question")
	}
}

// check, a process that opens no store, recounts a protocol file's
// dataset like any other: its units are counted though no kind of theirs
// is known to the process.
func TestCheckCountsAProtocolFilesUnits(t *testing.T) {
	t.Parallel()
	path := datatest.SharedOrSkip(t, "mimics-duo/Task3-AspectLabelling.tsv")
	bin, db := binary(t), filepath.Join(t.TempDir(), "c.db")
	if r := runBin(t, bin, db, "import", path); r.code != 0 {
		t.Fatalf("import: %+v", r)
	}
	r := runBin(t, bin, db, "check")
	if r.code != 0 || !strings.Contains(r.stdout, "ok    the kept agreement table matches a recount of the settled labels") {
		t.Errorf("check: %+v", r)
	}
}

// policy --swap-rate: for a compare dataset only; refused elsewhere with
// nothing changed, and to an annotator.
func TestPolicySwapRate(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	before := tm.fingerprint(t)
	if r := tm.run(t, "", "", "policy", "--dataset", "demo", "--swap-rate", "0.1"); r.code == 0 || !strings.Contains(r.stderr, "no sides to swap") {
		t.Errorf("a swap rate for MIMICS panes: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("the refused policy changed the database")
	}
	tm.refused(t, "ana", "lead", "policy", "--dataset", "demo-pairs", "--swap-rate", "0.1")
	if r := tm.run(t, "", "", "policy", "--dataset", "demo-pairs", "--swap-rate", "0.1"); r.code != 0 || !strings.Contains(r.stdout, "swapped repeats 10%") {
		t.Errorf("policy --swap-rate 0.1: %+v", r)
	}
}

// A labels merge checks each unit against the item's own HIT, on every
// route: on a MIMICS-Duo Task 2 pane of two answers pane_quality is a
// unit (MIMICS' rule took it for a landing page past the answers) and
// answer_quality_3 is none; on a Task 1 query of two panes pane_rating_3
// is none. A refused file says file:line and leaves the database as it
// was; the lead merges bo's labels, ana merges her own with --as, and cy
// hers over SSH.
func TestLabelsMergeChecksUnitsAgainstTheItem(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	header := func(kind string) string {
		s, err := guidelines.FindShipped(guidelines.Kind(kind))
		if err != nil {
			t.Fatal(err)
		}
		return strings.Join(s.File.Item.Header, "\t") + "\n"
	}
	quality := header("mimics-duo-quality") + "jaguar\tWhich jaguar?\tcar\tcat" + strings.Repeat("\t", 17) + "\n"
	rating := header("mimics-duo-rating") + "puma\tWhich puma?\tshoes\tcat\t\t\t\t\npuma\tWhat about puma?\tbrand\tanimal\t\t\t\t\n"
	for kind, body := range map[string]string{"mimics-duo-quality": quality, "mimics-duo-rating": rating} {
		if r := tm.run(t, "", "", "import", "--format", kind, "--dataset", kind, tm.file(t, kind+".tsv", body)); r.code != 0 {
			t.Fatalf("import %s: %+v", kind, r)
		}
	}
	pane, query := duoUID(t, tm, "mimics-duo-quality"), duoUID(t, tm, "mimics-duo-rating")
	rows := func(who string, units ...string) string {
		var b strings.Builder
		b.WriteString(data.LabelsHeader + "\n")
		for _, u := range units {
			uid := pane
			if strings.HasPrefix(u, "pane_rating") {
				uid = query
			}
			fmt.Fprintf(&b, "%s\t%s\t%s\t4\t\t\t\n", uid, u, who)
		}
		return b.String()
	}
	good := []string{"answer_quality_1", "answer_quality_2", "pane_quality", "pane_rating_1", "pane_rating_2"}
	bad := map[string]string{
		"answer_quality_3": "labels.tsv:3: the item has no answer 3 (it has 2), so no answer_quality_3",
		"pane_rating_3":    "labels.tsv:3: the item has no pane 3 (it has 2), so no pane_rating_3",
	}
	srv := startServe(t, tm.db)
	cy, err := sshDial(t, srv.addr, tm.keyFor(t, "cy"))
	if err != nil {
		t.Fatal(err)
	}
	defer cy.Close()
	for _, route := range []struct {
		who   string // whose labels
		merge func(file string) result
	}{
		{"bo", func(file string) result {
			return tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "labels.tsv", file))
		}},
		{"ana", func(file string) result {
			return tm.run(t, "ana", "", "import", "--format", "labels", tm.file(t, "labels.tsv", file))
		}},
		{"cy", func(file string) result { return sshRun(t, cy, file, "import --format labels -") }},
	} {
		for unit, want := range bad {
			want = strings.Replace(want, "labels.tsv", "", 1) // over SSH the file is standard input
			before := tm.fingerprint(t)
			r := route.merge(rows(route.who, "answer_quality_1", unit))
			if r.code == 0 || !strings.Contains(r.stderr, want) {
				t.Errorf("%s's %s: %+v; want %q", route.who, unit, r, want)
			}
			if tm.fingerprint(t) != before {
				t.Errorf("%s's refused %s changed the database", route.who, unit)
			}
		}
		if r := route.merge(rows(route.who, good...)); r.code != 0 || !strings.Contains(r.stderr, "5 added") {
			t.Errorf("%s's labels of every unit the items ask: %+v", route.who, r)
		}
	}
}

// duoUID is the uid of the one item of the dataset.
func duoUID(t *testing.T, tm team, dataset string) string {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+tm.db+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var uid string
	if err := db.QueryRow(`SELECT i.uid FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.name = ?`, dataset).Scan(&uid); err != nil {
		t.Fatal(err)
	}
	return uid
}

// A shipped protocol's file, shown, changed and added without a name of
// its own, is refused (it would take the shipped protocol's place, and its
// release would no longer import); shown and added unchanged, it changes
// nothing, and the release still imports.
func TestShippedNameKeepsItsFile(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	shown := tm.run(t, "", "", "protocols", "show", "mimics-duo-quality")
	if shown.code != 0 {
		t.Fatalf("show: %+v", shown)
	}
	changed := tm.file(t, "mine.toml", strings.Replace(shown.stdout, "title = \"", "title = \"My ", 1))
	before := tm.fingerprint(t)
	r := tm.run(t, "", "", "protocols", "add", changed)
	if r.code == 0 || !strings.Contains(r.stderr, `protocol "mimics-duo-quality" is one claritty ships`) ||
		strings.Count(strings.TrimSpace(r.stderr), "\n") > 0 {
		t.Errorf("a changed file under a shipped name: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("refused, yet the database changed")
	}
	if r := tm.run(t, "", "", "protocols", "add", tm.file(t, "same.toml", shown.stdout)); r.code != 0 {
		t.Errorf("the shipped file itself: %+v", r)
	}
	path := datatest.SharedOrSkip(t, "mimics-duo/Task2-QualityLabelling.tsv")
	if r := tm.run(t, "", "", "import", "--dataset", "quality", path); r.code != 0 {
		t.Errorf("the release after: %+v", r)
	}
}

// protocols show on a built-in kind that keeps Go parts (mimics, compare,
// nuggets) prints its shipped file as it is, to a lead and over SSH to an
// annotator; added as a lead's own file, as it is or renamed, it is
// refused at the lines of its name and of each part that reads the kind's
// tables, the database unchanged; the kinds stay built in.
func TestBuiltInKindsShowTheirFiles(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	ana, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	before := tm.fingerprint(t)
	for _, k := range []guidelines.Kind{"mimics", "compare", "nuggets"} {
		f, ok := guidelines.KindFile(k)
		if !ok {
			t.Fatalf("%s has no shipped file", k)
		}
		if r := tm.run(t, "", "", "protocols", "show", string(k)); r.code != 0 || r.stdout != string(f.Text) {
			t.Errorf("protocols show %s: %+v", k, r)
		}
		if r := sshRun(t, ana, "", "protocols show "+string(k)); r.code != 0 || r.stdout != string(f.Text) {
			t.Errorf("protocols show %s over SSH: %+v", k, r)
		}
		nameLine := lineOf(t, string(f.Text), `name = "`+string(k)+`"`)
		screenLine := lineOf(t, string(f.Text), `screen = "`+f.File.Parts.Screen+`"`)
		r := tm.run(t, "", string(f.Text), "protocols", "add", "-")
		if r.code == 0 || !strings.Contains(r.stderr, fmt.Sprintf(`-:%d: name "%s" is a built-in task kind's`, nameLine, k)) {
			t.Errorf("%s's file added as a lead's own: %+v", k, r)
		}
		if r := sshRun(t, lead, string(f.Text), "protocols add -"); r.code == 0 || !strings.Contains(r.stderr, fmt.Sprintf(`-:%d: name "%s" is a built-in task kind's`, nameLine, k)) {
			t.Errorf("%s's file added over SSH by a lead: %+v", k, r)
		}
		renamed := strings.Replace(string(f.Text), `name = "`+string(k)+`"`, `name = "my-`+string(k)+`"`, 1)
		r = tm.run(t, "", renamed, "protocols", "add", "-")
		if r.code == 0 || !strings.Contains(r.stderr, fmt.Sprintf(`-:%d: parts.screen = "%s" is the %s kind's own`, screenLine, f.File.Parts.Screen, k)) {
			t.Errorf("%s's file renamed and added: %+v", k, r)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused file changed the database")
	}
	list := tm.run(t, "", "", "protocols")
	for _, k := range []string{"mimics", "compare", "nuggets"} {
		if !regexp.MustCompile(`(?m)^`+k+` +built in `).MatchString(list.stdout) || strings.Count(list.stdout, "\n"+k+" ") > 1 {
			t.Errorf("protocols lists %s otherwise than once, built in:\n%s", k, list.stdout)
		}
	}
}

// lineOf is the line (from 1) of text that starts with prefix.
func lineOf(t *testing.T, text, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("no line %q", prefix)
	return 0
}

// A grouped file naming the choice gold (which writes the item's list,
// and a grouped item has none) is refused at its line, by the CLI and
// over SSH, and the database is unchanged: before, it was kept, and
// export KIND-gold then panicked.
func TestProtocolsAddRefusesChoiceGoldWithoutAList(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	srv := startServe(t, tm.db)
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	grouped := `name = "rows"
title = "t"
items = "queries"

[item]
header = ["query", "x"]
id = ["query"]
group = "query"

[[scale]]
name = "yn"
nominal = true
values = [0, 1]
keys = ["0", "1"]
names = ["no", "yes"]

[[step]]
title = "Any good?"
unit = "good"
scale = "yn"

[[step]]
title = "Which row?"
unit = "row"
kind = "choice"
when = { unit = "good", value = 1 }

[parts]
exports = ["choice-gold"]
`
	want := `-:29: parts.exports = "choice-gold" writes a choice step's pick of the item's list`
	before := tm.fingerprint(t)
	if r := tm.run(t, "", grouped, "protocols", "add", "-"); r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("protocols add: %+v", r)
	}
	if r := sshRun(t, lead, grouped, "protocols add -"); r.code == 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("protocols add over SSH: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("the refused file changed the database")
	}
}
