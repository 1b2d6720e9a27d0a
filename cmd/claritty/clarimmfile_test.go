package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// ClariMM is a shipped protocol file: protocols show prints it, and the
// same file under another name imports the demo's conversations (their
// pictures beside the file) as a new kind, whose items are what any
// protocol file's import writes (their ids as uids, their lines kept,
// their turns' questions as options, their images previewed), and whose
// ratings, gold table and Table 1 are ClariMM's, byte for byte, once the
// demo's ratings are merged into it.
func TestClariMMRenamedIsANewKind(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	shipped, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	show := tm.run(t, "", "", "protocols", "show", "clarimm")
	if show.code != 0 || show.stdout != string(shipped.Text) {
		t.Fatalf("protocols show clarimm: %+v", show)
	}
	dir := t.TempDir()
	entries, err := os.ReadDir("../../data/demo/conversations")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join("../../data/demo/conversations", e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mine := filepath.Join(dir, "mine.toml")
	renamed := strings.Replace(show.stdout, `name = "clarimm"`, `name = "clarimm2"`, 1)
	if err := os.WriteFile(mine, []byte(renamed), 0o600); err != nil {
		t.Fatal(err)
	}
	convs := filepath.Join(dir, "demo-conversations.jsonl")
	r := tm.run(t, "", "", "import", "--protocol", mine, "--dataset", "convs2", convs)
	if r.code != 0 || !strings.Contains(r.stderr, `clarimm2 → dataset "convs2": 5 conversations added, 0 already present; 0 images show as placeholders`) {
		t.Fatalf("import --protocol: %+v", r)
	}
	if r := tm.run(t, "", "", "protocols", "show", "clarimm2"); r.stdout != renamed {
		t.Errorf("protocols show clarimm2: %+v", r)
	}
	if r := tm.run(t, "", "", "import", "--format", "labels", "--dataset", "convs2", filepath.Join(dir, "demo-ratings.tsv")); r.code != 0 {
		t.Fatalf("the demo's ratings: %+v", r)
	}
	for _, c := range [][2]string{{"clarimm-ratings", "clarimm2-ratings"}, {"clarimm-gold", "clarimm2-gold"}, {"clarimm", "clarimm2"}} {
		was := tm.run(t, "", "", "export", "--format", c[0], "--dataset", data.DemoConversations)
		now := tm.run(t, "", "", "export", "--format", c[1], "--dataset", "convs2")
		if was.code != 0 || now.code != 0 || was.stdout != now.stdout || !strings.Contains(now.stdout, "demo-skyline") {
			t.Errorf("export --format %s: exit %d %q\n%s\nwant %s's\n%s", c[1], now.code, now.stderr, now.stdout, c[0], was.stdout)
		}
	}
	// Below the lead, the renamed kind's gold is refused (the database
	// unchanged) and its ratings are one's own: ana rated none of them.
	for _, who := range []string{"ana", "eve"} {
		tm.refused(t, who, "lead", "export", "--format", "clarimm2-gold", "--dataset", "convs2")
		tm.refused(t, who, "lead", "export", "--format", "clarimm2", "--dataset", "convs2")
	}
	if r := tm.run(t, "ana", "", "export", "--format", "clarimm2-ratings", "--dataset", "convs2"); r.code != 0 || strings.Count(r.stdout, "\n") != 1 || strings.Contains(r.stdout, "demo-") {
		t.Errorf("ana's clarimm2-ratings: want the header alone, got %+v", r)
	}
	was := tm.run(t, "", "", "stats", "--dataset", data.DemoConversations)
	now := tm.run(t, "", "", "stats", "--dataset", "convs2")
	if now.code != 0 || now.stdout != was.stdout || !strings.Contains(now.stdout, "Relevance (Turn 1)") {
		t.Errorf("stats of convs2:\n%s\nwant\n%s", now.stdout, was.stdout)
	}
	checkConversationRows(t, tm.db, "convs2", convs)
	// Without its named exports a file writes none: KIND-gold is refused.
	plain := strings.NewReplacer(`name = "clarimm2"`, `name = "talks"`, `exports = ["ratings", "gold-table"]`, ``, `own = "gold-table"`, ``).Replace(renamed)
	if err := os.WriteFile(mine, []byte(plain), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := tm.run(t, "", "", "import", "--protocol", mine, "--dataset", "talks", convs); r.code != 0 {
		t.Fatalf("import --protocol talks: %+v", r)
	}
	if r := tm.run(t, "", "", "export", "--format", "talks-gold", "--dataset", "talks"); r.code == 0 || !strings.Contains(r.stderr, "protocol talks names no such export") {
		t.Errorf("export --format talks-gold: %+v", r)
	}

	// Its labels are ratings on a 1-5 scale, so the median rule is its as
	// ClariMM's, by the file, not by the kind's name.
	if r := tm.run(t, "", "", "policy", "--dataset", "convs2", "--gold", "median"); r.code != 0 {
		t.Errorf("median on clarimm2: %+v", r)
	}
	if r := tm.run(t, "", "", "policy", "--dataset", "convs2"); !strings.Contains(r.stdout, "gold label by median") {
		t.Errorf("policy of convs2: %q", r.stdout)
	}
}

// checkConversationRows holds each item of a conversation dataset to what
// a protocol file's import writes (decision 1 of issue 47): its id as its
// uid, topic and facet as query and question, its turns' questions as
// options, its line as its one item_rows row, and its images, previewed.
func checkConversationRows(t *testing.T, db, dataset, file string) {
	t.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	lines, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	sql := storetest.DB(t, st)
	for i, line := range strings.Split(strings.TrimSuffix(string(lines), "\n"), "\n") {
		var uid, query, question, option1, option4, meta, kept string
		var pos, listLen int
		var element any
		err := sql.QueryRow(`SELECT i.uid, i.query, i.question, i.option_1, i.option_4, i.meta, coalesce(i.list_len, 0), r.pos, r.element, r.line
			FROM items i JOIN item_rows r ON r.item_id = i.id JOIN datasets d ON d.id = i.dataset_id
			WHERE d.name = ? AND i.seq = ?`, dataset, i+1).Scan(&uid, &query, &question, &option1, &option4, &meta, &listLen, &pos, &element, &kept)
		if err != nil {
			t.Fatal(err)
		}
		// The line as the file has it, its line end too; no meta of its own.
		if kept != line+"\n" || pos != 1 || element != nil || listLen != 0 || meta != "{}" {
			t.Errorf("item %d: row %d (element %v) %q, list_len %d, meta %q; want line %q", i+1, pos, element, kept, listLen, meta, line)
		}
		if !strings.Contains(line, `"id": "`+uid+`"`) || !strings.Contains(line, `"topic": "`+query+`"`) ||
			!strings.Contains(line, `"facet": "`+question+`"`) || !strings.Contains(line, `"question": "`+option1+`"`) {
			t.Errorf("item %d: uid %q, query %q, question %q, option_1 %q: not the line's", i+1, uid, query, question, option1)
		}
	}
	var previews, links int
	err = sql.QueryRow(`SELECT count(*) FILTER (WHERE preview IS NOT NULL), count(*) FILTER (WHERE preview IS NULL AND problem = '')
		FROM item_images WHERE item_id IN (SELECT i.id FROM items i JOIN datasets d ON d.id = i.dataset_id WHERE d.name = ?)`, dataset).Scan(&previews, &links)
	if err != nil || previews != 11 || links != 1 {
		t.Errorf("images: %d previews, %d links, %v; want the demo's 11 and 1", previews, links, err)
	}
}

// A kind's KIND-ratings export merges back whatever its items are called:
// capitals, spaces, digits and letters past ASCII in the header's first
// column (before, only lower-case ASCII letters, spaces and dashes read
// back as a ratings header), into a second dataset of the kind, which then
// exports the same ratings.
func TestRatingsExportMergesBackWhateverItsItemsAreCalled(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	shipped, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	convs := filepath.Join(dir, "demo-conversations.jsonl")
	for _, name := range []string{"demo-conversations.jsonl", "demo-ratings.tsv"} {
		b, err := os.ReadFile(filepath.Join("../../data/demo/conversations", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for i, items := range []string{"Dialogues", "QA pairs", "réponses", "chats2"} {
		kind := "talks-" + strconv.Itoa(i)
		file := strings.NewReplacer(`name = "clarimm"`, `name = "`+kind+`"`, `items = "conversations"`, `items = "`+items+`"`).Replace(string(shipped.Text))
		mine := filepath.Join(dir, kind+".toml")
		if err := os.WriteFile(mine, []byte(file), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, d := range []string{kind + "-a", kind + "-b"} {
			if r := tm.run(t, "", "", "import", "--protocol", mine, "--dataset", d, convs); r.code != 0 {
				t.Fatalf("%s: import: %+v", items, r)
			}
		}
		if r := tm.run(t, "", "", "import", "--format", "labels", "--dataset", kind+"-a", filepath.Join(dir, "demo-ratings.tsv")); r.code != 0 {
			t.Fatalf("%s: the demo's ratings: %+v", items, r)
		}
		a := tm.run(t, "", "", "export", "--format", kind+"-ratings", "--dataset", kind+"-a")
		if a.code != 0 || !strings.HasPrefix(a.stdout, guidelines.Singular(items)+"\tunit\tannotator\trating\t") {
			t.Fatalf("%s: export: %+v", items, a)
		}
		back := tm.file(t, kind+"-ratings.tsv", a.stdout)
		if r := tm.run(t, "", "", "import", "--dataset", kind+"-b", back); r.code != 0 {
			t.Errorf("%s: its ratings merged back: %+v", items, r)
			continue
		}
		if b := tm.run(t, "", "", "export", "--format", kind+"-ratings", "--dataset", kind+"-b"); b.code != 0 || b.stdout != a.stdout {
			t.Errorf("%s: merged back, the ratings export\n%s\nwant\n%s", items, b.stdout, a.stdout)
		}
	}
}
