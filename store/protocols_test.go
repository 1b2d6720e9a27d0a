package store

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// shippedAs is MIMICS-Duo's Task 2 protocol file under another name (the
// process knows each name once).
func shippedAs(t *testing.T, name string) (*guidelines.ProtocolFile, []byte) {
	t.Helper()
	s, err := guidelines.FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	text := bytes.Replace(s.Text, []byte(`name = "mimics-duo-quality"`), []byte(`name = "`+name+`"`), 1)
	f, err := guidelines.ParseProtocolFile(name, text)
	if err != nil {
		t.Fatal(err)
	}
	return f, text
}

// A lead's protocol file is kept in the database: its kind's datasets
// take labels of its units on its scale and no others, the same file again
// changes nothing, an annotator may not add one, and a later open knows
// the kind.
func TestAddProtocol(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	f, text := shippedAs(t, "store-test-quality")
	ana, err := st.SetRole(ctx, lead, "ana", RoleAnnotator)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, ana, f, text); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator's protocol: %v", err)
	}
	if st.Kinds().Known("store-test-quality") {
		t.Fatal("a refused protocol's kind is known")
	}
	if err := st.AddProtocol(ctx, lead, f, text); err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, lead, f, text); err != nil {
		t.Fatalf("the same file again: %v", err)
	}
	im, err := st.BeginImport(ctx, lead, "duo", "store-test-quality", "store-test-quality")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	// An item as the file kinds' import (to come) will add it.
	res, err := st.db.Exec(`INSERT INTO items (dataset_id, uid, seq, query, question, option_1, option_2)
		SELECT id, 'u1', 1, 'q', 'Which?', 'a', 'b' FROM datasets WHERE name = 'duo'`)
	if err != nil {
		t.Fatal(err)
	}
	item, _ := res.LastInsertId()
	ins := `INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at) VALUES (?, ?, ?, ?, 'now', 'now')`
	for _, c := range []struct {
		unit  string
		value int
		ok    bool
	}{{"answer_quality_2", 5, true}, {"pane_quality", 1, true}, {"pane_quality", 0, false}, {"question", 2, false}} {
		if _, err := st.db.Exec(ins, item, c.unit, ana.ID, c.value); (err == nil) != c.ok {
			t.Errorf("%s = %d on a %s item: %v", c.unit, c.value, f.Name, err)
		}
	}
	if st.UnitIndex("answer_quality_5") < 0 || st.UnitIndex("pane_quality") < 0 {
		t.Error("the kind's units are not among Units")
	}
	st.Close()
	again, err := Open(ctx, st.path)
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	kept, err := again.Protocols(ctx)
	if err != nil || !bytes.Equal(kept.Text("store-test-quality"), text) {
		t.Errorf("kept protocols: %v %v", kept, err)
	}
	ds, err := again.DatasetByName(ctx, "duo")
	if err != nil || ds.Kind != "store-test-quality" {
		t.Errorf("the dataset after reopening: %+v %v", ds, err)
	}
	// The kept rows hold the file's label columns: a lead's gold reading
	// has them, an annotator's figures do not.
	if _, err := again.db.Exec(`INSERT INTO item_rows (item_id, pos, line) VALUES (?, 1, 'q	Which?	a	b				5	4				3
')`, item); err != nil {
		t.Fatal(err)
	}
	gold, err := again.ReadGold(ctx, lead, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := gold.ItemRows(ctx)
	gold.Close()
	if err != nil || len(rows[item]) != 1 {
		t.Errorf("a lead's rows: %v %v", rows, err)
	}
	fig, err := again.ReadFigures(ctx, ana, ds.ID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = fig.ItemRows(ctx)
	fig.Close()
	if !errors.Is(err, ErrNotAllowed) {
		t.Errorf("an annotator's rows: %v", err)
	}
}

// A database keeps at most MaxProtocols protocol files: the next is
// refused, and nothing of it is kept.
func TestProtocolsAreBounded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	for i := range MaxProtocols {
		f, text := shippedAs(t, fmt.Sprintf("bound-%d", i))
		if err := st.AddProtocol(ctx, lead, f, text); err != nil {
			t.Fatalf("protocol %d: %v", i, err)
		}
	}
	f, text := shippedAs(t, "bound-last")
	if err := st.AddProtocol(ctx, lead, f, text); err == nil || !strings.Contains(err.Error(), "the most it may") {
		t.Fatalf("one past the bound: %v", err)
	}
	kept, err := st.Protocols(ctx)
	if err != nil || len(kept.Kept()) != MaxProtocols {
		t.Fatalf("%d kept, %v", len(kept.Kept()), err)
	}
}

// A kept protocol file changes when nothing stored is orphaned: its text
// may (titles, guideline, label names); a unit that holds labels may not
// go, nor a value
// a label has leave its scale, nor the item's columns change, nor a
// condition while labels are stored. A refused change keeps the old file.
func TestChangedProtocol(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	f, text := shippedAs(t, "store-change-quality")
	im, err := st.BeginProtocolImport(ctx, lead, "duo", "", f, text)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.AddFileItem(FileItem{UID: "0123456789abcdef", Query: "q", Question: "Which?", Options: [5]string{"a", "b"},
		Rows: []string{"q\tWhich?\ta\tb\n"}}, UnitLabel{Unit: "pane_quality", Annotator: "rel", Value: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	change := func(old, new string) ([]byte, error) {
		changed := bytes.Replace(text, []byte(old), []byte(new), 1)
		if bytes.Equal(changed, text) {
			t.Fatalf("%q is not in the file", old)
		}
		g, err := guidelines.ParseProtocolFile("changed", changed)
		if err != nil {
			t.Fatal(err)
		}
		return changed, st.AddProtocol(ctx, lead, g, changed)
	}
	for _, c := range []struct{ what, old, new string }{
		{"a unit with labels goes", "unit = \"pane_quality\"", "unit = \"overall\""},
		{"a stored value leaves the scale", "values = [1, 2, 3, 4, 5]", "values = [2, 3, 4, 5, 6]"},
		{"the item's columns", `id = ["query", "question", "option_1"`, `id = ["question", "query", "option_1"`},
	} {
		if _, err := change(c.old, c.new); !errors.Is(err, ErrProtocolChanged) {
			t.Errorf("%s: %v", c.what, err)
		}
	}
	// A scale turned upside down (its names, or its values, in the other
	// order) would read every stored label the other way.
	for _, c := range []struct{ what, old, new, want string }{
		{"the names inverted", `names = ["very poor", "poor", "fair", "good", "excellent"]`, `names = ["excellent", "good", "fair", "poor", "very poor"]`,
			`scale "quality", on which unit pane_quality holds labels: "excellent" was the name of value 5 and is value 1's in the new file`},
		{"the values inverted", "values = [1, 2, 3, 4, 5]\nkeys = [\"1\", \"2\", \"3\", \"4\", \"5\"]\nnames = [\"very poor\", \"poor\", \"fair\", \"good\", \"excellent\"]",
			"values = [5, 4, 3, 2, 1]\nkeys = [\"5\", \"4\", \"3\", \"2\", \"1\"]\nnames = [\"excellent\", \"good\", \"fair\", \"poor\", \"very poor\"]",
			`scale "quality", on which unit pane_quality holds labels: its values run [5 4 3 2 1] from the lowest up in the new file, [1 2 3 4 5] in the kept one`},
		{"one name moved", `"fair", "good"`, `"good", "fine"`, `"good" was the name of value 4 and is value 3's`},
	} {
		if _, err := change(c.old, c.new); !errors.Is(err, ErrProtocolChanged) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %s", c.what, err, c.want)
		}
	}
	if kept, _ := st.Protocols(ctx); !bytes.Equal(kept.Text("store-change-quality"), text) {
		t.Fatal("a refused change was kept")
	}
	// A change that comes with an import rolled back is no change, in the
	// database or in this process.
	titled := bytes.Replace(text, []byte("The pane as a whole"), []byte("Rolled back"), 1)
	h, err := guidelines.ParseProtocolFile("titled", titled)
	if err != nil {
		t.Fatal(err)
	}
	im, err = st.BeginProtocolImport(ctx, lead, "duo", "", h, titled)
	if err != nil {
		t.Fatal(err)
	}
	im.Rollback()
	if got := st.Protocol("store-change-quality").Step("pane_quality").Title; got != "The pane as a whole" {
		t.Errorf("after a rolled-back change the step reads %q", got)
	}
	if _, err := change(`"very poor"`, `"awful"`); err != nil {
		t.Fatalf("a label's new name: %v", err)
	}
	renamed, err := change("The pane as a whole", "The whole pane")
	if err != nil {
		t.Fatalf("a change of a step's title: %v", err)
	}
	if kept, _ := st.Protocols(ctx); !bytes.Equal(kept.Text("store-change-quality"), renamed) {
		t.Error("the changed file is not kept")
	}
	if got := st.Protocol("store-change-quality").Step("pane_quality").Title; got != "The whole pane" {
		t.Errorf("the kind's step reads %q", got)
	}
}

// A file another process changed is read at this process's next look
// (any dataset lookup), its kind replaced with the database's file.
func TestProtocolChangedElsewhereIsRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	f, text := shippedAs(t, "store-elsewhere-quality")
	if err := st.AddProtocol(ctx, lead, f, text); err != nil {
		t.Fatal(err)
	}
	changed := bytes.Replace(text, []byte("The pane as a whole"), []byte("Elsewhere"), 1)
	// What another process's AddProtocol leaves in the file.
	if _, err := st.db.Exec(`UPDATE protocols SET text = ?, added_at = '2999-01-01T00:00:00.000Z' WHERE name = ?`,
		string(changed), "store-elsewhere-quality"); err != nil {
		t.Fatal(err)
	}
	if got := st.Protocol("store-elsewhere-quality").Step("pane_quality").Title; got != "The pane as a whole" {
		t.Fatalf("before a look: %q", got)
	}
	if _, err := st.Datasets(ctx); err != nil {
		t.Fatal(err)
	}
	if got := st.Protocol("store-elsewhere-quality").Step("pane_quality").Title; got != "Elsewhere" {
		t.Errorf("after a look, the step reads %q", got)
	}
}

// A file a database kept before today's rules for new files (a key the
// adjudication screen uses, a name a terminal acts on) still opens: the
// database is the team's work, and the rules are for what comes in.
func TestKeptFileOfOlderRulesOpens(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	f, text := shippedAs(t, "store-kept-older")
	if err := st.AddProtocol(ctx, lead, f, text); err != nil {
		t.Fatal(err)
	}
	older := bytes.Replace(text, []byte(`keys = ["1", "2", "3", "4", "5"]`), []byte(`keys = ["1", "2", "3", "4", "x"]`), 1)
	older = bytes.Replace(older, []byte(`"very poor"`), []byte(`"very \u001b[31mpoor"`), 1)
	if _, err := guidelines.ParseProtocolFile("older", older); err == nil {
		t.Fatal("today's rules take the older file")
	}
	// As an older claritty left it; this process reads it at its next
	// look, as a process that opens the database reads it.
	if _, err := st.db.Exec(`UPDATE protocols SET text = ?, added_at = '2999-01-01T00:00:00.000Z' WHERE name = ?`,
		string(older), "store-kept-older"); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Datasets(ctx); err != nil {
		t.Fatalf("a database keeping a file of older rules: %v", err)
	}
	p := st.Protocol("store-kept-older")
	if v, ok := p.ValueOfKey("pane_quality", "x"); !ok || v != 5 {
		t.Errorf("the kept key x: %d %v", v, ok)
	}
	if got := p.Describe("pane_quality", 1); got != "1 very ␛[31mpoor" {
		t.Errorf("the kept name is drawn %q", got)
	}
}
