package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/claritty/claritty/agreement"
)

// The stress test runs this test binary again as worker processes: with
// CLARITTY_STRESS_DB set, TestMain labels instead of testing.
func TestMain(m *testing.M) {
	if db := os.Getenv("CLARITTY_STRESS_DB"); db != "" {
		if err := stressWorker(db, os.Getenv("CLARITTY_STRESS_NAME"), os.Getenv("CLARITTY_STRESS_LOG")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var stressUnits = []string{"question", "answer_set", "landing_1", "landing_2"}

// stressWorker labels HITs as one annotator until the deadline, logging
// every label it keyed ("item unit value") once SetLabel returned.
func stressWorker(db, name, logPath string) error {
	secs, _ := strconv.Atoi(os.Getenv("CLARITTY_STRESS_SECONDS"))
	deadline := time.Now().Add(time.Duration(secs) * time.Second)
	ctx := context.Background()
	st, err := Open(ctx, db)
	if err != nil {
		return err
	}
	defer st.Close()
	a, err := st.EnsureAnnotator(ctx, name)
	if err != nil {
		return err
	}
	log, err := os.Create(logPath)
	if err != nil {
		return err
	}
	defer log.Close()
	rng := rand.New(rand.NewPCG(uint64(a.ID), 1))
	for time.Now().Before(deadline) {
		id, ok, _, err := st.NextHIT(ctx, 1, a.ID, 0)
		if err != nil {
			return err
		}
		if !ok {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		truth := int(id % 3)
		for i, u := range stressUnits {
			v := truth
			if rng.Float64() < 0.35 {
				v = rng.IntN(3)
			}
			ch := LabelChange{ItemID: id, AnnotatorID: a.ID, Unit: u, Value: &v, Finish: i == len(stressUnits)-1}
			if _, err := st.SetLabel(ctx, ch); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			fmt.Fprintf(log, "%d %s %d\n", id, u, v)
		}
	}
	return nil
}

// Eight processes label one database at once: nobody sees "database is
// locked", no item is given to more annotators than its policy asks for,
// and every label a worker keyed is in the database exactly as keyed.
// CLARITTY_STRESS_SECONDS=60 runs it for the full minute.
func TestEightProcessesShareOneDatabase(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("starts eight processes")
	}
	secs := os.Getenv("CLARITTY_STRESS_SECONDS")
	if secs == "" {
		secs = "6"
	}
	n, _ := strconv.Atoi(secs)
	st := openTemp(t)
	seed(t, st, 40*n) // more than eight workers finish in the time

	dir := t.TempDir()
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^$")
			cmd.Env = append(os.Environ(), "CLARITTY_STRESS_DB="+st.Path(), "CLARITTY_STRESS_SECONDS="+secs,
				fmt.Sprintf("CLARITTY_STRESS_NAME=w%d", w), fmt.Sprintf("CLARITTY_STRESS_LOG=%s/w%d.log", dir, w))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs[w] = fmt.Errorf("worker %d: %v: %s", w, err, out)
			}
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	checkLabelsAsKeyed(t, st, dir)
	checkNeverOverAssigned(t, st)
	checkFree(t, st)
}

// checkFree checks that every item's counters and free mark say what they
// should: finished counts its finished HITs, open follows the policy, and
// free is NULL for an item nobody has had, else open and wanting more
// annotators than it has HITs in progress (a HIT given back holds no place).
func checkFree(t *testing.T, st *Store) {
	t.Helper()
	var badCounts int
	st.db.QueryRow(`SELECT count(*) FROM items i JOIN datasets d ON d.id = i.dataset_id
		WHERE i.finished != (SELECT count(*) FROM hits h WHERE h.item_id = i.id AND h.finished_at IS NOT NULL)
		OR i.open != (i.finished < d.min_annotators OR (i.tied > 0 AND i.finished < d.max_annotators))`).Scan(&badCounts)
	if badCounts != 0 {
		t.Fatalf("%d items' counters are wrong", badCounts)
	}
	var wrong, free int
	err := st.db.QueryRow(`SELECT count(*) FILTER (WHERE free IS NOT CASE
			WHEN NOT EXISTS (SELECT 1 FROM hits h WHERE h.item_id = i.id) THEN NULL
			ELSE (open = 1 AND (CASE WHEN finished < d.min_annotators THEN d.min_annotators - finished ELSE 1 END)
				> (SELECT count(*) FROM hits h WHERE h.item_id = i.id AND h.finished_at IS NULL AND h.given_back_at IS NULL)) END),
		count(*) FILTER (WHERE free = 1)
		FROM items i JOIN datasets d ON d.id = i.dataset_id`).Scan(&wrong, &free)
	if err != nil || wrong != 0 {
		t.Fatalf("%d items' free marks are wrong (%v)", wrong, err)
	}
	t.Logf("%d items free", free)
}

func checkLabelsAsKeyed(t *testing.T, st *Store, dir string) {
	t.Helper()
	keyed := map[string]string{}
	logs, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	for _, p := range logs {
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimSuffix(filepath.Base(p), ".log")
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			f := strings.Fields(sc.Text())
			keyed[name+" "+f[0]+" "+f[1]] = f[2]
		}
		f.Close()
	}
	rows, err := st.db.Query(`SELECT a.name, l.item_id, l.unit, l.value FROM labels l JOIN annotators a ON a.id = l.annotator_id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	stored := 0
	for rows.Next() {
		var name, unit string
		var item, v int
		rows.Scan(&name, &item, &unit, &v)
		stored++
		if want, ok := keyed[fmt.Sprintf("%s %d %s", name, item, unit)]; !ok || want != strconv.Itoa(v) {
			t.Errorf("stored %s %d %s = %d, keyed %q", name, item, unit, v, want)
		}
	}
	if stored != len(keyed) || stored == 0 {
		t.Errorf("%d labels stored, %d keyed", stored, len(keyed))
	}
	t.Logf("%d labels keyed by 8 processes", stored)
}

// checkNeverOverAssigned: an item has more than min finished annotators only
// if the first ones left a unit without a majority, and never more than max.
func checkNeverOverAssigned(t *testing.T, st *Store) {
	t.Helper()
	// Annotators of each item in the order they finished (their last label).
	rows, err := st.db.Query(`SELECT item_id, annotator_id FROM label_history
		GROUP BY item_id, annotator_id ORDER BY item_id, max(id)`)
	if err != nil {
		t.Fatal(err)
	}
	order := map[int64][]int64{}
	for rows.Next() {
		var item, ann int64
		rows.Scan(&item, &ann)
		order[item] = append(order[item], ann)
	}
	rows.Close()
	held := 0
	for item, anns := range order {
		if len(anns) > DefaultPolicy.Max {
			t.Errorf("item %d has %d annotators", item, len(anns))
		}
		if len(anns) > DefaultPolicy.Min && !tiedAmong(t, st, item, anns[:len(anns)-1]) {
			t.Errorf("item %d went to a %dth annotator with no tie among the first", item, len(anns))
		}
		held += len(anns)
	}
	var open int
	st.db.QueryRow(`SELECT count(*) FROM hits WHERE finished_at IS NULL`).Scan(&open)
	t.Logf("%d items touched, %d HITs, %d left open at the deadline", len(order), held, open)
}

func tiedAmong(t *testing.T, st *Store, item int64, anns []int64) bool {
	for _, u := range stressUnits {
		votes := make([]int, 3)
		for _, a := range anns {
			var v int
			if err := st.db.QueryRow(`SELECT value FROM labels WHERE item_id = ? AND annotator_id = ? AND unit = ?`,
				item, a, u).Scan(&v); err != nil {
				t.Fatal(errors.Join(err, fmt.Errorf("item %d annotator %d %s", item, a, u)))
			}
			votes[v]++
		}
		if agreement.Majority(votes) < 0 {
			return true
		}
	}
	return false
}
