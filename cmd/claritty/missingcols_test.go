package main

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
)

// A data file that lacks columns names every one it lacks: a protocol
// file's row short of fields (flat or grouped), a MIMICS row short of more
// than five, and a labels file without its label column, in its header or
// in a row; by the CLI and, for a lead's import and an annotator's merge,
// over SSH. Nothing is kept.
func TestMissingColumnsAreAllNamed(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	flat := tm.file(t, "flat.toml", flatProtocol)
	clariq := tm.file(t, "clariq.toml", datatest.ClariQByTopic("clariq-lab"))
	if r := tm.run(t, "", "", "protocols", "add", flat); r.code != 0 {
		t.Fatal(r.stderr)
	}
	shortFlat := "id\trequest\task\tuse\nr1\thello\n"
	shortClariQ := strings.SplitN(clariqRows, "\n", 2)[0] + "\n101\tTell me about defender\n"
	noLabel := "item\tunit\tannotator\n" + tm.pane1.UID + "\tquestion\tana\n"
	labelShort := "item\tunit\tannotator\tlabel\n" + tm.pane1.UID + "\tquestion\tana\n"
	const flatWant = `d.tsv:2: 2 tab-separated fields, the header has 4 (columns "ask", "use" are missing)`
	before := tm.fingerprint(t)
	for _, c := range []struct {
		args []string
		body string
		want string
	}{
		{[]string{"import", "--protocol", flat}, shortFlat, flatWant},
		{[]string{"import", "--format", "flat"}, shortFlat, flatWant},
		{[]string{"import"}, shortFlat, flatWant}, // the header finds the kept protocol
		{[]string{"import", "--protocol", clariq, "--dataset", "clariq"}, shortClariQ,
			`d.tsv:2: 2 tab-separated fields, the header has 6 (columns "question_id", "question", "clarification_need", "usefulness" are missing)`},
		{[]string{"import", "--format", "mimics-manual"}, data.ManualHeader() + "\njaguar\tWhich jaguar?\n",
			`d.tsv:2: 2 fields, want 14 (truncated or damaged line?): columns "option_1", "option_2", "option_3", "option_4", "option_5", ` +
				`"question_label", "options_overall_label", "option_label_1", "option_label_2", "option_label_3", "option_label_4", "option_label_5" are missing`},
		{[]string{"import", "--format", "labels"}, noLabel,
			`d.tsv:1: this is not a labels file: column "label" is missing; the header must start with item, unit, annotator, label`},
		{[]string{"import"}, noLabel, `d.tsv:1: missing or unknown header: no format claritty reads starts with "item", "unit", "annotator" (3 columns); ` +
			`it is nearly the labels header: column "label" is missing`},
		{[]string{"agree", "--ratings"}, noLabel,
			`d.tsv:1: the header must start with item, unit, annotator, label (or a KIND-ratings export's: its items' name, unit, annotator, rating), tab-separated: column "label" is missing`},
		{[]string{"import"}, labelShort, `d.tsv:2: 3 fields, want 4 like the header: column "label" is missing`},
		{[]string{"agree", "--ratings"}, labelShort, `d.tsv:2: 3 fields, want 4 like the header: column "label" is missing`},
	} {
		r := tm.run(t, "", "", append(c.args, tm.file(t, "d.tsv", c.body))...)
		msg := strings.TrimRight(r.stderr, "\n")
		if r.code == 0 || strings.Contains(msg, "\n") || !strings.Contains(msg, c.want) {
			t.Errorf("%v: exit %d, %q; want %q", c.args, r.code, msg, c.want)
		}
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused import changed the database")
	}

	srv := startServe(t, tm.db)
	lead, err := sshDial(t, srv.addr, tm.keyFor(t, tm.lead))
	if err != nil {
		t.Fatal(err)
	}
	defer lead.Close()
	ana, err := sshDial(t, srv.addr, tm.keyFor(t, "ana"))
	if err != nil {
		t.Fatal(err)
	}
	defer ana.Close()
	before = tm.fingerprint(t)
	if r := sshRun(t, lead, shortFlat, "import --format flat --dataset f -"); r.code == 0 ||
		!strings.Contains(r.stderr, `-:2: 2 tab-separated fields, the header has 4 (columns "ask", "use" are missing)`) {
		t.Errorf("a lead's short row over SSH: %+v", r)
	}
	if r := sshRun(t, ana, labelShort, "import -"); r.code == 0 || !strings.Contains(r.stderr, `-:2: 3 fields, want 4 like the header: column "label" is missing`) {
		t.Errorf("an annotator's labels without a label over SSH: %+v", r)
	}
	if r := sshRun(t, ana, noLabel, "import --format labels -"); r.code == 0 || !strings.Contains(r.stderr, `-:1: this is not a labels file: column "label" is missing`) {
		t.Errorf("an annotator's labels header without a label over SSH: %+v", r)
	}
	if tm.fingerprint(t) != before {
		t.Error("a refused import over SSH changed the database")
	}
}
