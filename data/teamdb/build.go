package teamdb

import (
	"context"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
)

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
// benchmarks: panes generated Click-shaped panes (datatest.WriteClickFile, into dir),
// imported as dataset "click", and annotators annotators ("ann1", …) who
// have each finished every pane but the last twentieth, merged through
// the labels merge (store.Merger) as whole HITs. Each unit has a true label
// that each annotator gives with probability 0.7 (else any of the three),
// so some units tie and their panes still want a fourth annotator, as in
// real work. The same arguments build the same labels.
func BuildTeam(ctx context.Context, st *store.Store, lead store.Annotator, dir string, panes, annotators int) (Team, error) {
	team := Team{Dataset: "click", Panes: panes, Labelled: panes - panes/20}
	file := filepath.Join(dir, "click.tsv")
	if err := datatest.WriteClickFile(file, panes); err != nil {
		return team, err
	}
	if _, err := data.ImportFile(ctx, st, lead, file, data.Options{Dataset: team.Dataset, Format: data.FormatClick, Formats: []data.Format{data.ClickFormat()}}); err != nil {
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
			items = append(items, store.ItemRef{ID: it.ID, DatasetID: ds.ID, Kind: ds.Kind, Protocol: st.Protocol(ds.Kind),
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
		for _, unit := range ref.Units() {
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
	_, err = m.Commit(store.ItemRef.Complete)
	team.Merge = time.Since(began)
	return team, err
}
