package store

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/guidelines"
)

// The triggers of migration 0026 hold every write, whatever route: a
// written unit's label has words within its max_chars, a scale unit's has
// none; the same of a decision; and a merge puts them back after it.
func TestTextTriggers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	lead := testLead(t, st)
	f, err := guidelines.ParseProtocolFile("written.toml", []byte(datatest.Written))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, lead, f, []byte(datatest.Written)); err != nil {
		t.Fatal(err)
	}
	im, err := st.BeginImport(ctx, lead, "w", "written", "written")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := im.Commit(); err != nil {
		t.Fatal(err)
	}
	res, err := st.db.Exec(`INSERT INTO items (dataset_id, uid, seq, query, question) SELECT id, 'u1', 1, 'q', 'jaguar' FROM datasets WHERE name = 'w'`)
	if err != nil {
		t.Fatal(err)
	}
	item, _ := res.LastInsertId()
	long := strings.Repeat("é", 61)
	for _, c := range []struct {
		unit  string
		value int
		text  any
		ok    bool
	}{
		{"need", 1, nil, true}, {"need", 0, "words", false},
		{"ask", 0, "Do you mean the car?", true}, {"ask", 0, nil, false}, {"ask", 0, long, false}, {"ask", 1, "the car?", false},
	} {
		for _, table := range []string{"labels", "adjudications"} {
			q := `INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, text) VALUES (?, ?, ?, ?, 'now', 'now', ?)`
			if table == "adjudications" {
				q = `INSERT INTO adjudications (item_id, unit, adjudicator_id, value, at, text) VALUES (?, ?, ?, ?, 'now', ?)`
			}
			_, err := st.db.Exec(q, item, c.unit, lead.ID, c.value, c.text)
			if (err == nil) != c.ok {
				t.Errorf("%s: %s = %d with text %v: %v", table, c.unit, c.value, c.text, err)
			}
			st.db.Exec(`DELETE FROM `+table+` WHERE item_id = ?`, item)
		}
	}
	if _, err := st.db.Exec(`INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, text) VALUES (?, 'ask', ?, 0, 'now', 'now', 'the car?')`, item, lead.ID); err != nil {
		t.Fatal(err)
	}
	for _, upd := range []string{`UPDATE labels SET text = NULL WHERE unit = 'ask'`, `UPDATE labels SET text = '` + long + `' WHERE unit = 'ask'`} {
		if _, err := st.db.Exec(upd); err == nil {
			t.Errorf("%s: allowed", upd)
		}
	}
}
