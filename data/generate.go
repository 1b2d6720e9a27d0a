package data

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/claritty/claritty/store"
)

// ClickRows is the size of the MIMICS-Click release.
const ClickRows = 414362

// WriteClickFile writes n generated rows (for benchmarks) in MIMICS-Click format: distinct
// panes with 2–5 answers, a mix of generic and specific questions.
func WriteClickFile(path string, n int) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	fmt.Fprintln(w, clickHeader)
	levels := []string{"low", "medium", "high"}
	for i := 0; i < n; i++ {
		q := fmt.Sprintf("generated query %d", i)
		question := "Select one to refine your search"
		if i%3 != 0 {
			question = fmt.Sprintf("Which %s are you looking for?", q)
		}
		answers := 2 + i%4
		opts := make([]string, 5)
		cctr := make([]string, 5)
		for j := 0; j < answers; j++ {
			opts[j] = fmt.Sprintf("%s option %d", q, j+1)
			cctr[j] = fmt.Sprintf("%.3f", float64((i+j)%7)/7)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\n", q, question,
			opts[0], opts[1], opts[2], opts[3], opts[4], levels[i%3], i%11, cctr[0], cctr[1], cctr[2], cctr[3], cctr[4])
	}
	if err := w.Flush(); err != nil {
		return err
	}
	return f.Close()
}

// Team is what BuildTeam made.
type Team struct {
	Dataset    string        // the dataset's name
	Panes      int           // panes imported
	Labelled   int           // panes every annotator finished
	Labels     int           // labels merged
	Annotators []string      // the team, by name
	Merge      time.Duration // merging the labels, from BeginMerge to Commit
}

// BuildTeam builds a database shaped like a team's after weeks of work, for
// benchmarks: panes generated Click-shaped panes (WriteClickFile, into dir),
// imported as dataset "click", and annotators annotators ("ann1", …) who
// have each finished every pane but the last twentieth, merged through
// the labels merge (store.Merger) as whole HITs. Each unit has a true label
// that each annotator gives with probability 0.7 (else any of the three),
// so some units tie and their panes still want a fourth annotator, as in
// real work. The same arguments build the same labels.
func BuildTeam(ctx context.Context, st *store.Store, lead store.Annotator, dir string, panes, annotators int) (Team, error) {
	team := Team{Dataset: "click", Panes: panes, Labelled: panes - panes/20}
	file := filepath.Join(dir, "click.tsv")
	if err := WriteClickFile(file, panes); err != nil {
		return team, err
	}
	if _, err := ImportFile(ctx, st, lead, file, Options{Dataset: team.Dataset}); err != nil {
		return team, err
	}
	ds, err := st.DatasetByName(ctx, team.Dataset)
	if err != nil {
		return team, err
	}
	for i := range annotators {
		team.Annotators = append(team.Annotators, fmt.Sprintf("ann%d", i+1))
	}
	var items []store.ItemRef
	var uids []string
	err = st.EachItem(ctx, ds.ID, func(it store.Item) error {
		if len(items) < team.Labelled {
			items = append(items, store.ItemRef{ID: it.ID, DatasetID: ds.ID, Kind: ds.Kind,
				Question: it.Question, Answers: it.AnswerCount()})
			uids = append(uids, it.UID)
		}
		return nil
	})
	if err != nil {
		return team, err
	}
	began := time.Now()
	m, err := st.BeginMerge(ctx, lead, team.Dataset)
	if err != nil {
		return team, err
	}
	defer m.Rollback()
	rng := rand.New(rand.NewPCG(uint64(panes), uint64(annotators)))
	start := time.Date(2026, 10, 1, 9, 0, 0, 0, time.UTC)
	for i, ref := range items {
		at := store.FormatTime(start.Add(time.Duration(i) * time.Second))
		for _, unit := range refUnits(ref) {
			truth := rng.IntN(3)
			for _, who := range team.Annotators {
				v := truth
				if rng.Float64() >= 0.7 {
					v = rng.IntN(3)
				}
				secs := 2 + 10*rng.Float64()
				err := m.Add(store.MergedLabel{Item: ref, Unit: unit, Annotator: who, Value: v,
					CreatedAt: at, UpdatedAt: at, Seconds: &secs})
				if err != nil {
					return team, fmt.Errorf("pane %s: %w", uids[i], err)
				}
				team.Labels++
			}
		}
	}
	_, err = m.Commit(hitComplete)
	team.Merge = time.Since(began)
	return team, err
}
