package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// clariqRows are ClariQ-shaped rows, a request's questions apart in the
// file, their labels a release's.
const clariqRows = "topic_id\tinitial_request\tquestion_id\tquestion\tclarification_need\tusefulness\n" +
	"101\tTell me about defender\tQ00001\tdo you mean the game\t3\t2\n" +
	"102\tyoutube kids\tQ00003\tfor what age\t2\t1\n" +
	"101\tTell me about defender\tQ00002\tdo you mean the car\t3\t3\n" +
	"102\tyoutube kids\tQ00004\ton which device\t2\t\n"

// clariqStudy imports the ClariQ rows under the protocol as the dataset
// clariq, and returns each request's uid by topic_id.
func clariqStudy(t *testing.T, tm team) map[string]string {
	t.Helper()
	proto := tm.file(t, "clariq.toml", datatest.ClariQByTopic("clariq-lab"))
	if r := tm.run(t, "", "", "import", "--protocol", proto, "--dataset", "clariq", tm.file(t, "clariq.tsv", clariqRows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	return map[string]string{"101": datatest.ProtocolUID("101"), "102": datatest.ProtocolUID("102")}
}

// clariqRowsByTopic reads clariqRows as a person would: each topic's
// rows in file order, each [question_id, question].
func clariqRowsByTopic() map[string][][2]string {
	out := map[string][][2]string{}
	for _, line := range strings.Split(strings.TrimSpace(clariqRows), "\n")[1:] {
		c := strings.Split(line, "\t")
		out[c[0]] = append(out[c[0]], [2]string{c[2], c[3]})
	}
	return out
}

// checkTexts holds every row of a --with-text export of the clariq
// dataset to the data file: a request's need beside its request's text,
// each question's usefulness beside that question's text and
// question_id.
func checkTexts(t *testing.T, what, out string, byUID map[string]string, wantRows int) {
	t.Helper()
	requests := map[string]string{"101": "Tell me about defender", "102": "youtube kids"}
	topicOf := map[string]string{}
	for topic, uid := range byUID {
		topicOf[uid] = topic
	}
	rows := clariqRowsByTopic()
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != wantRows+1 || !strings.HasSuffix(lines[0], "\ttext\ttext_2\trow_id") {
		t.Fatalf("%s: %d rows, want %d:\n%s", what, len(lines)-1, wantRows, out)
	}
	for _, l := range lines[1:] {
		c := strings.Split(l, "\t")
		topic, unit := topicOf[c[0]], c[1]
		text, text2, rowID := c[len(c)-3], c[len(c)-2], c[len(c)-1]
		want := [3]string{requests[topic], "", ""}
		var n int
		if _, err := fmt.Sscanf(unit, "usefulness_%d", &n); err == nil {
			want = [3]string{requests[topic], rows[topic][n-1][1], rows[topic][n-1][0]}
		}
		if topic == "" || [3]string{text, text2, rowID} != want {
			t.Errorf("%s: %s of request %s says %q, %q, %q; the file %q", what, unit, topic, text, text2, rowID, want)
		}
	}
}

// Issue 43 point 8: the exports of a grouped protocol can be read alone.
// --with-text gives a request's unit its request's text (not its
// topic_id), and each question's unit that question's text and its
// question_id, in the labels and gold exports; for a lead, an annotator's
// own labels (--as) and over SSH with the annotator's key. The file
// merges back as it is.
func TestGroupedExportsReadAlone(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	byUID := clariqStudy(t, tm)
	labels := tm.run(t, "", "", "export", "--dataset", "clariq", "--with-text")
	if labels.code != 0 {
		t.Fatal(labels.stderr)
	}
	checkTexts(t, "the lead's labels", labels.stdout, byUID, 5)
	gold := tm.run(t, "", "", "export", "--format", "gold", "--dataset", "clariq", "--with-text")
	if gold.code != 0 {
		t.Fatal(gold.stderr)
	}
	checkTexts(t, "gold", gold.stdout, byUID, 5)

	// ana's own labels, merged by her under the requests' ids.
	mine := "item\tunit\tannotator\tlabel\n101\tneed\tana\t4\n101\tusefulness_1\tana\t1\n101\tusefulness_2\tana\t3\n"
	if r := tm.run(t, "ana", "", "import", "--format", "labels", tm.file(t, "ana.tsv", mine)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	own := tm.run(t, "ana", "", "export", "--dataset", "clariq", "--with-text")
	checkTexts(t, "ana's labels", own.stdout, byUID, 3)

	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	overSSH := sshRun(t, c, "", "export --dataset clariq --with-text")
	if overSSH.code != 0 {
		t.Fatal(overSSH.stderr)
	}
	checkTexts(t, "ana's labels over SSH", overSSH.stdout, byUID, 3)

	// The file with its texts merges as it is: nothing new.
	before := tm.fingerprint(t)
	r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "with-text.tsv", labels.stdout))
	if r.code != 0 || !strings.Contains(r.stderr, "0 added, 0 changed, 5 already present") {
		t.Errorf("a --with-text labels file merged: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("merging an export into its own database changed it")
	}
}

// A protocol file kept without row_id gives its rows' texts, and gains
// row_id when the file is kept again with it (a change nothing stored
// depends on); row_id that is no column, or on rows not grouped, is
// refused at its line.
func TestRowIDAddedToAKeptFile(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	without := strings.Replace(datatest.ClariQByTopic("clariq-lab"), "row_id = \"question_id\"\n", "", 1)
	if r := tm.run(t, "", "", "import", "--protocol", tm.file(t, "c0.toml", without), "--dataset", "clariq",
		tm.file(t, "clariq.tsv", clariqRows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	r := tm.run(t, "", "", "export", "--format", "gold", "--dataset", "clariq", "--with-text")
	if !strings.Contains(r.stdout, "\tusefulness_2\t3\timported\t3:1\t\tTell me about defender\tdo you mean the car\t\n") {
		t.Errorf("without row_id:\n%s", r.stdout)
	}
	if r := tm.run(t, "", "", "protocols", "add", tm.file(t, "c1.toml", datatest.ClariQByTopic("clariq-lab"))); r.code != 0 {
		t.Fatalf("row_id added to the kept file: %+v", r)
	}
	r = tm.run(t, "", "", "export", "--format", "gold", "--dataset", "clariq", "--with-text")
	checkTexts(t, "gold after row_id", r.stdout, map[string]string{"101": datatest.ProtocolUID("101"), "102": datatest.ProtocolUID("102")}, 5)
	for _, c := range []struct{ old, new, want string }{
		{`row_id = "question_id"`, `row_id = "qid"`, `:12: item.row_id: "qid" is not a column of item.header`},
		{`row_id = "question_id"`, `row_id = "usefulness"`, `:12: item.row_id: "usefulness" is a column holding known labels`},
		{"group = \"topic_id\"\n", "", `item.row_id names each of a group's rows, but rows are not grouped (item.group)`},
	} {
		bad := tm.file(t, "bad.toml", strings.Replace(strings.Replace(datatest.ClariQByTopic("clariq-lab"), `name = "clariq-lab"`, `name = "clariq-x"`, 1), c.old, c.new, 1))
		if r := tm.run(t, "", "", "protocols", "add", bad); r.code == 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: %+v; want %q", c.new, r, c.want)
		}
	}
}

// Issue 43 point 9: a file names an item by the dataset's own id (its
// protocol file's id column, ClariQ's topic_id), not only by the uid
// nothing shows before it has labels: a bench run and a labels merge,
// locally and over SSH. An id nothing has, and a name that is one item's
// uid and another's id, are refused at file:line, the database as it was.
func TestItemsNamedByTheirOwnID(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	byUID := clariqStudy(t, tm)
	run := "item\tunit\tlabel\n101\tneed\t3\n101\tusefulness_2\t2\n102\tusefulness_1\t1\n"
	if r := tm.run(t, "", "", "bench", "add", "--kind", "labels", "--name", "sys", tm.file(t, "run.tsv", run)); r.code != 0 ||
		!strings.Contains(r.stderr, `labels run "sys" → dataset "clariq": 3 predictions`) {
		t.Fatalf("a run naming requests by topic_id: %+v", r)
	}
	var scores struct {
		Runs []struct {
			Name   string
			ByType map[string]map[string]*float64 `json:"by_type"`
			N      map[string]int                 `json:"by_type_items"`
		}
	}
	b := tm.run(t, "", "", "bench", "--json", "--dataset", "clariq")
	if err := json.Unmarshal([]byte(b.stdout), &scores); err != nil || len(scores.Runs) != 1 {
		t.Fatalf("bench --json: %v %+v", err, b)
	}
	// The release's gold: need 3 (right), usefulness_2 of 101 is 3 (the
	// run says 2), usefulness_1 of 102 is 1 (right).
	if acc := scores.Runs[0].ByType["need"]["accuracy"]; acc == nil || *acc != 1 || scores.Runs[0].N["usefulness"] != 2 ||
		*scores.Runs[0].ByType["usefulness"]["accuracy"] != 0.5 {
		t.Errorf("the run's scores: %+v", scores.Runs[0])
	}

	merged := "item\tunit\tannotator\tlabel\n102\tneed\tbo\t1\n102\tusefulness_1\tbo\t2\n102\tusefulness_2\tbo\t3\n"
	if r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "bo.tsv", merged)); r.code != 0 ||
		!strings.Contains(r.stderr, "3 added") {
		t.Fatalf("a labels file naming a request by topic_id: %+v", r)
	}
	out := tm.run(t, "", "", "export", "--dataset", "clariq").stdout
	if !strings.Contains(out, byUID["102"]+"\tusefulness_2\tbo\t3\t") {
		t.Errorf("bo's merged labels are not on request 102:\n%s", out)
	}

	srv := startServe(t, tm.db)
	c, err := sshDial(t, srv.addr, tm.keyFor(t, "cy"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if r := sshRun(t, c, "item\tunit\tannotator\tlabel\n101\tneed\tcy\t2\n", "import --format labels -"); r.code != 0 || !strings.Contains(r.stderr, "1 added") {
		t.Errorf("cy's labels over SSH, by topic_id: %+v", r)
	}

	before := tm.fingerprint(t)
	for _, c := range []struct{ what, kind, body, want string }{
		{"an id no request has", "run", "item\tunit\tlabel\n101\tneed\t3\n103\tneed\t2\n",
			`:3: unknown item "103" in dataset "clariq" (neither an item's uid nor its topic_id)`},
		{"an id no request has", "labels", "item\tunit\tannotator\tlabel\n103\tneed\tbo\t2\n", `:2: no dataset has item 103`},
	} {
		args := []string{"import", "--format", "labels"}
		if c.kind == "run" {
			args = []string{"bench", "add", "--kind", "labels", "--name", "other"}
		}
		r := tm.run(t, "", "", append(args, tm.file(t, "bad.tsv", c.body))...)
		if r.code == 0 || !strings.Contains(r.stderr, "bad.tsv"+c.want) {
			t.Errorf("%s (%s): %+v; want %q", c.what, c.kind, r, c.want)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused file changed the database")
	}
}

// A name that is one item's uid and another item's own id is refused at
// its line in a run and in a labels merge, naming the other's uid; each
// item is still named by the other way.
func TestUIDOrIDIsRefused(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	clariqStudy(t, tm)
	twin := datatest.ProtocolUID("101") // request 101's uid, as request "…"'s topic_id
	rows := "topic_id\tinitial_request\tquestion_id\tquestion\tclarification_need\tusefulness\n" +
		twin + "\ta request named by a uid\tQ00009\tdo you mean it\t\t\n"
	if r := tm.run(t, "", "", "import", "--format", "clariq-lab", "--dataset", "clariq", tm.file(t, "twin.tsv", rows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	before := tm.fingerprint(t)
	want := fmt.Sprintf(`:2: item %q is one item's uid and another item's own id (uid %s): write the uid of the one you mean`,
		twin, datatest.ProtocolUID(twin))
	for _, args := range [][]string{
		{"bench", "add", "--kind", "labels", "--name", "twin", tm.file(t, "run.tsv", "item\tunit\tlabel\n"+twin+"\tneed\t3\n")},
		{"import", "--format", "labels", tm.file(t, "labels.tsv", "item\tunit\tannotator\tlabel\n"+twin+"\tneed\tbo\t3\n")},
	} {
		r := tm.run(t, "", "", args...)
		if r.code == 0 || !strings.Contains(r.stderr, want) || strings.Count(r.stderr, "\n") > 1 {
			t.Errorf("%v: %+v; want %q", args[:2], r, want)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused name changed the database")
	}
	// Each named the other way: the twin by its uid.
	r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "ok.tsv",
		"item\tunit\tannotator\tlabel\n"+datatest.ProtocolUID(twin)+"\tneed\tbo\t3\n101\tneed\tbo\t1\n"))
	if r.code != 0 || !strings.Contains(r.stderr, "2 added") {
		t.Errorf("each request by a name that is one's alone: %+v", r)
	}
	docs, _ := os.ReadFile(filepath.Join("..", "..", "docs", "protocols.md"))
	if !strings.Contains(string(docs), "a name that is one item's uid and another item's own id is refused at its line") {
		t.Error("docs/protocols.md does not say how a name that could be either is resolved")
	}
}
