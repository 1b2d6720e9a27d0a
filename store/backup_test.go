package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// A backup taken while someone keys labels opens as a claritty database
// and holds every label committed before it began, each as the history
// says it stood; an annotator may not take one.
func TestBackupWhileKeying(t *testing.T) {
	t.Parallel()
	st := openTemp(t)
	ctx := context.Background()
	_, items, ana := seed(t, st, 300)
	lead := testLead(t, st)
	stop := make(chan struct{})
	keyed := make(chan struct{}, 1)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // another annotator keying as fast as the store takes it
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			v := i % 3
			ch := LabelChange{ItemID: items[i%len(items)], AnnotatorID: ana.ID, Unit: "question", Value: &v}
			if _, err := st.SetLabel(ctx, ch); err != nil {
				t.Error(err)
				return
			}
			select {
			case keyed <- struct{}{}:
			default:
			}
		}
	}()
	for range 50 {
		<-keyed
	}
	var before int64
	if err := st.db.QueryRow(`SELECT max(id) FROM label_history`).Scan(&before); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "backup.db")
	if err := st.Backup(ctx, ana, path); !errors.Is(err, ErrNotAllowed) {
		t.Fatalf("an annotator took a backup: %v", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a refused backup left a file: %v", err)
	}
	if err := st.Backup(ctx, lead, path); err != nil {
		t.Fatal(err)
	}
	close(stop)
	wg.Wait()

	b, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("the backup does not open: %v", err)
	}
	defer b.Close()
	var in int64
	b.db.QueryRow(`SELECT count(*) FROM label_history WHERE id <= ?`, before).Scan(&in)
	if in != before {
		t.Fatalf("the backup has %d of the %d history rows committed before it began", in, before)
	}
	// Each label in the backup is what its history last set, and every
	// history row up to before is the original's.
	if got, want := historyRows(t, b, before), historyRows(t, st, before); got != want {
		t.Fatal("the backup's history differs from the original's")
	}
	var mismatched int
	b.db.QueryRow(`SELECT count(*) FROM labels l WHERE l.value IS NOT (SELECT h.new_value FROM label_history h
		WHERE h.item_id = l.item_id AND h.unit = l.unit AND h.annotator_id = l.annotator_id ORDER BY h.id DESC LIMIT 1)`).Scan(&mismatched)
	var labels int
	b.db.QueryRow(`SELECT count(*) FROM labels`).Scan(&labels)
	if mismatched != 0 || labels < 50 {
		t.Fatalf("backup: %d labels, %d not as their history says", labels, mismatched)
	}
}

func historyRows(t *testing.T, st *Store, upTo int64) string {
	t.Helper()
	rows, err := st.db.Query(`SELECT id, item_id, unit, annotator_id, old_value, new_value, at FROM label_history
		WHERE id <= ? ORDER BY id`, upTo)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out string
	for rows.Next() {
		var id, item, ann int64
		var unit, at string
		var old, cur *int
		if err := rows.Scan(&id, &item, &unit, &ann, &old, &cur, &at); err != nil {
			t.Fatal(err)
		}
		out += fmt.Sprintln(id, item, unit, ann, deref(old), deref(cur), at)
	}
	return out
}

func deref(p *int) int {
	if p == nil {
		return -1
	}
	return *p
}
