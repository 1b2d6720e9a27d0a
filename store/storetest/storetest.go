// Package storetest opens throwaway databases for other packages' tests.
package storetest

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/internal/dbimage"
)

// Open opens an empty database in the test's temporary folder (a file, not
// :memory:, which SQLite keeps per connection) and closes it at cleanup.
// It is a copy of one migrated once per test process.
func Open(t testing.TB) *store.Store {
	t.Helper()
	return Built(t, "empty", func(context.Context, *store.Store) error { return nil })
}

// Built opens a copy of the database that build makes from an empty one,
// and closes it at cleanup. build runs once per test process for each
// name, so a name must always mean the same build; every test gets its
// own copy, as if it had built it itself.
func Built(t testing.TB, name string, build func(context.Context, *store.Store) error) *store.Store {
	t.Helper()
	st, err := store.Open(context.Background(), BuiltPath(t, name, build))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// Clocked is Built on a clock that starts at start and moves one second
// each time it is read, so the times build stamps are ordered and known.
// The copy's clock goes on from where the build's stopped: the test sees
// the times it would see had it built the database itself.
func Clocked(t testing.TB, name string, start time.Time, build func(context.Context, *store.Store) error) *store.Store {
	t.Helper()
	name += "@" + start.UTC().Format(time.RFC3339Nano)
	st := Built(t, name, func(ctx context.Context, st *store.Store) error {
		clock := start
		st.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
		err := build(ctx, st)
		stopped.Store(name, clock)
		return err
	})
	v, _ := stopped.Load(name)
	clock := v.(time.Time)
	st.Now = func() time.Time { clock = clock.Add(time.Second); return clock }
	return st
}

// stopped is, for each database Clocked built, the time its clock had
// reached when the build ended.
var stopped sync.Map

// BuiltPath is Built for a test that opens the database itself (or has a
// command open it): the path of its copy, c.db in a folder of its own.
func BuiltPath(t testing.TB, name string, build func(context.Context, *store.Store) error) string {
	t.Helper()
	return dbimage.Copy(t, name, func(path string) error {
		ctx := context.Background()
		st, err := store.Open(ctx, path)
		if err != nil {
			return err
		}
		if err := build(ctx, st); err != nil {
			st.Close()
			return err
		}
		return st.Close()
	})
}

// DB is a connection pool of the test's own on st's file, as another
// process would open it, for tests that look at or set up rows no API
// shows; closed at cleanup. The store keeps its own pool to itself.
func DB(t testing.TB, st *store.Store) *sql.DB {
	t.Helper()
	u := url.URL{Path: st.Path()} // escapes what a file: URI may not hold
	db, err := sql.Open("sqlite", "file:"+u.EscapedPath()+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(ON)")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// Fingerprint hashes every row of the given tables, to tell whether a
// refused action changed anything at all.
func Fingerprint(t testing.TB, db *sql.DB, tables ...string) string {
	t.Helper()
	h := sha256.New()
	for _, tb := range tables {
		rows, err := db.Query("SELECT * FROM " + tb + " ORDER BY 1")
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			fmt.Fprintln(h, tb, vals)
		}
		rows.Close()
	}
	return fmt.Sprintf("%x", h.Sum(nil))
}

// DataFingerprint is Fingerprint of every table an import writes, to
// tell whether a refused import or merge changed anything at all.
func DataFingerprint(t testing.TB, db *sql.DB) string {
	t.Helper()
	return Fingerprint(t, db, "datasets", "items", "annotators", "labels", "label_history", "hits",
		"serp_queries", "serp_results", "item_rows", "item_images")
}

// Lead is the database's first lead, for tests that import or read gold;
// a database without one gets "lead", as its first OS user would be.
func Lead(t testing.TB, st *store.Store) store.Annotator {
	t.Helper()
	people, err := st.Annotators(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range people {
		if a.Role == store.RoleLead {
			return a
		}
	}
	a, err := st.Actor(context.Background(), "lead", "")
	if err != nil || a.Role != store.RoleLead {
		t.Fatalf("lead: %+v %v", a, err)
	}
	return a
}

// Person adds (or finds) an annotator with the given role, given by the
// database's lead.
func Person(t testing.TB, st *store.Store, name, role string) store.Annotator {
	t.Helper()
	a, err := st.SetRole(context.Background(), Lead(t, st), name, role)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// ItemAt is the item seq of a dataset.
func ItemAt(t testing.TB, st *store.Store, datasetID int64, seq int) store.Item {
	t.Helper()
	var found store.Item
	err := st.EachItem(context.Background(), datasetID, func(it store.Item) error {
		if it.Seq == seq {
			found = it
		}
		return nil
	})
	if err != nil || found.ID == 0 {
		t.Fatalf("no item %d: %v", seq, err)
	}
	return found
}

// KeyHIT labels the units of MIMICS pane seq of a dataset as the
// annotator named, the way the TUI does: one SetLabel per unit given, the
// last one finishing the HIT (if every unit of the pane is given).
func KeyHIT(t testing.TB, st *store.Store, datasetID int64, seq int, name string, values map[string]int) {
	t.Helper()
	ctx := context.Background()
	it := ItemAt(t, st, datasetID, seq)
	an, err := st.EnsureAnnotator(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	units := guidelines.MIMICS.Units(it.Shape(0))
	keyed := 0
	for _, u := range units {
		v, ok := values[u]
		if !ok {
			continue
		}
		keyed++
		_, err := st.SetLabel(ctx, store.LabelChange{ItemID: it.ID, AnnotatorID: an.ID, Unit: u, Value: &v,
			Seconds: 2, Finish: keyed == len(units)})
		if err != nil {
			t.Fatal(err)
		}
	}
}

// ReadGold is the lead's reading of everything in a dataset, closed when
// the test ends.
func ReadGold(t testing.TB, st *store.Store, datasetID int64) *store.Reading {
	t.Helper()
	return reading(t, st.ReadGold, Lead(t, st), datasetID)
}

// ReadLabels is the lead's reading of every label of a dataset (0: all).
func ReadLabels(t testing.TB, st *store.Store, datasetID int64) *store.Reading {
	t.Helper()
	return reading(t, st.ReadLabels, Lead(t, st), datasetID)
}

// ReadFigures is the reading for figures of a new annotator named name
// who has the items open open.
func ReadFigures(t testing.TB, st *store.Store, name string, datasetID int64, open ...int64) *store.Reading {
	t.Helper()
	who := Person(t, st, name, store.RoleAnnotator)
	db := DB(t, st)
	for _, id := range open {
		_, err := db.Exec(`INSERT INTO hits (item_id, annotator_id, started_at, touched_at)
			VALUES (?, ?, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`, id, who.ID)
		if err != nil {
			t.Fatal(err)
		}
	}
	return reading(t, st.ReadFigures, who, datasetID)
}

func reading(t testing.TB, open func(context.Context, store.Annotator, int64) (*store.Reading, error),
	who store.Annotator, datasetID int64) *store.Reading {
	t.Helper()
	r, err := open(context.Background(), who, datasetID)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

// All2 labels every unit of a MIMICS pane 2.
var All2 = map[string]int{"question": 2, "answer_set": 2, "landing_1": 2, "landing_2": 2, "landing_3": 2, "landing_4": 2, "landing_5": 2}

// GoldVotes keys the gold tests' HITs on a dataset of the demo panes
// whose policy asks for exactly three annotators: panes 1 and 3 all 2 by
// ana, bo and cy; pane 2 a 2-2-1 question and a three-way answer-set tie;
// pane 3 flagged by cy; pane 4 half done by ana (an open HIT, which gold
// ignores).
func GoldVotes(t testing.TB, st *store.Store, datasetID int64) {
	t.Helper()
	for _, who := range []string{"ana", "bo", "cy"} {
		KeyHIT(t, st, datasetID, 1, who, All2)
		KeyHIT(t, st, datasetID, 3, who, All2)
	}
	for _, v := range []struct {
		who               string
		question, answers int
	}{{"ana", 2, 0}, {"bo", 2, 1}, {"cy", 1, 2}} {
		KeyHIT(t, st, datasetID, 2, v.who, map[string]int{"question": v.question, "answer_set": v.answers,
			"landing_1": 2, "landing_2": 2, "landing_3": 2, "landing_4": 2})
	}
	KeyHIT(t, st, datasetID, 4, "ana", map[string]int{"answer_set": 0})
	cy, err := st.EnsureAnnotator(context.Background(), "cy")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddFlag(context.Background(), ItemAt(t, st, datasetID, 3).ID, cy.ID, "broken", ""); err != nil {
		t.Fatal(err)
	}
}

// CheckClean fails t for every problem claritty check finds in st's file.
func CheckClean(t testing.TB, st *store.Store) {
	t.Helper()
	results, err := store.CheckFile(context.Background(), st.Path())
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range results {
		if len(r.Problems) > 0 {
			t.Errorf("check %q: %v", r.Name, r.Problems)
		}
	}
}
