package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// A nugget answer's uid is its intent's id and its system joined by an @
// (q1@alpha): the ids its files give it, but nothing on screen shows the
// uid. A labels run that names an answer otherwise (by its intent's id
// alone, or an answer the dataset lacks) is refused at its line with
// that rule, the database unchanged; named so, it is taken.
func TestLabelsRunSaysHowAnAnswerIsNamed(t *testing.T) {
	t.Parallel()
	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	for _, f := range []string{
		write("nuggets.jsonl", `{"query": "q one", "qid": "q1", "nuggets": [{"text": "a1", "importance": "vital"}]}`+"\n"),
		write("alpha.jsonl", `{"run_id": "alpha", "topic_id": "q1", "answer": [{"text": "alpha on q1"}]}`+"\n"),
	} {
		if r := runBin(t, bin, db, "import", "--dataset", "rag", f); r.code != 0 {
			t.Fatalf("import %s: %+v", f, r)
		}
	}
	const rule = "(a nugget answer's uid is intent@system: its intent's id or qid, an @, its system or run_id, as in q1@alpha)"
	before := dbBytes(t, db)
	for name, c := range map[string]struct{ body, want string }{
		"first": {"q1 nugget_1 full\n", `first.tsv:1: unknown item "q1": name an item by its uid, as exports give it ` + rule},
		"later": {"q1@alpha nugget_1 full\nq1@beta nugget_1 none\n", `later.tsv:2: unknown item "q1@beta" in dataset "rag" ` + rule},
	} {
		r := runBin(t, bin, db, "bench", "add", "--kind", "labels", "--name", name, write(name+".tsv", c.body))
		if r.code == 0 || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%s: %+v, want an error with %q", name, r, c.want)
		}
		if dbBytes(t, db) != before {
			t.Errorf("%s: the refused run changed the database", name)
		}
	}
	if r := runBin(t, bin, db, "bench", "add", "--kind", "labels", "--name", "ok", write("ok.tsv", "q1@alpha nugget_1 full\n")); r.code != 0 {
		t.Errorf("a run naming q1@alpha: %+v", r)
	}
}
