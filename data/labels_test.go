package data_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// allLabels lists every label as "uid unit annotator value" lines.
func allLabels(t *testing.T, st *store.Store) string {
	t.Helper()
	var b strings.Builder
	err := storetest.ReadLabels(t, st, 0).EachLabel(context.Background(), func(r store.LabelRow) error {
		fmt.Fprintln(&b, r.Item, r.Unit, r.Annotator, r.Value)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func exportLabels(t *testing.T, st *store.Store) string {
	t.Helper()
	var b bytes.Buffer
	if err := data.WriteLabels(context.Background(), storetest.ReadLabels(t, st, 0), &b, nil); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func merge(t *testing.T, st *store.Store, file, dataset string) (store.MergeStats, error) {
	t.Helper()
	res, err := demotest.Import(context.Background(), st, storetest.Lead(t, st), strings.NewReader(file), "labels.tsv",
		data.Options{Format: data.FormatAuto, Dataset: dataset})
	if err == nil && res.Format != data.FormatLabels {
		t.Fatalf("detected %s", res.Format)
	}
	return res.Merge, err
}

func TestMergeLabelsFromAnotherDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	laptop := demotest.At(t, time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC))
	demotest.KeyHIT(t, laptop, "ana", 1, storetest.All2)
	demotest.KeyHIT(t, laptop, "bo", 1, storetest.All2)
	demotest.KeyHIT(t, laptop, "bo", 2, map[string]int{"question": 1}) // started, not finished
	file := exportLabels(t, laptop)

	server := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	demotest.KeyHIT(t, server, "cy", 1, storetest.All2)
	got, err := merge(t, server, file, "")
	if err != nil {
		t.Fatal(err)
	}
	n := strings.Count(file, "\n") - 1
	demo := strings.Count(datatest.DemoFile(t, "demo/demo-labels.tsv"), "\n") - 1 +
		strings.Count(datatest.DemoFile(t, "demo/conversations/demo-ratings.tsv"), "\n") - 1 +
		strings.Count(datatest.DemoFile(t, "demo/nuggets/demo-judgements.tsv"), "\n") - 1 +
		strings.Count(datatest.DemoFile(t, "demo/clarilm/demo-necessity-labels.tsv"), "\n") - 1 +
		strings.Count(datatest.DemoFile(t, "demo/clarilm/demo-pairs-labels.tsv"), "\n") - 1
	if got.Added != n-demo || got.Same != demo || got.Changed+got.KeptNewer != 0 || got.Finished != 2 {
		t.Fatalf("first merge %+v, want %d added, %d already there and 2 HITs finished", got, n-demo, demo)
	}
	if !strings.Contains(allLabels(t, server), allLabels(t, laptop)[:40]) {
		t.Fatal("merged labels missing")
	}
	// The labels keep the times they were keyed at on the laptop.
	if again := exportLabels(t, server); !strings.Contains(again, strings.Split(file, "\n")[1]) {
		t.Fatalf("merged row changed:\n%s\nnot in\n%s", strings.Split(file, "\n")[1], again)
	}

	// Twice is once: nothing added, nothing in the history.
	before := storetest.DataFingerprint(t, storetest.DB(t, server))
	got, err = merge(t, server, file, "")
	if err != nil || got.Added+got.Changed+got.KeptNewer != 0 || got.Same != n || got.Finished != 0 {
		t.Fatalf("second merge %+v %v", got, err)
	}
	if storetest.DataFingerprint(t, storetest.DB(t, server)) != before {
		t.Fatal("merging the same file twice changed the database")
	}

	// Pane 1 now has ana, bo and cy, agreeing: it is complete, and a fourth
	// annotator is given pane 2 (bo's open HIT there holds one place of three).
	ds, _ := server.DatasetByName(ctx, data.DemoDataset)
	dee, _ := server.EnsureAnnotator(ctx, "dee")
	id, ok, _, err := server.NextHIT(ctx, ds.ID, dee.ID, 0)
	if err != nil || !ok || id != storetest.ItemAt(t, server, ds.ID, 2).ID {
		t.Fatalf("next HIT for dee: %d %v %v, want pane 2", id, ok, err)
	}
	// bo resumes pane 2 on the server where the laptop left it.
	bo, _ := server.EnsureAnnotator(ctx, "bo")
	h, err := server.LoadHIT(ctx, storetest.ItemAt(t, server, ds.ID, 2).ID, bo.ID)
	if err != nil || !h.Started || h.Finished || h.Labels["question"] != 1 {
		t.Fatalf("bo's pane 2 on the server: %+v %v", h, err)
	}
}

func TestMergeNewestWins(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	demotest.KeyHIT(t, st, "ana", 1, map[string]int{"question": 2})
	uid := storetest.ItemAt(t, st, 1, 1).UID
	row := func(label, updated string) string {
		return data.LabelsHeader + "\n" + uid + "\tquestion\tana\t" + label + "\t2026-11-01T00:00:00.000Z\t" + updated + "\t4.0\n"
	}
	// Older than the stored label (keyed 2026-11-21): the stored one stays.
	got, err := merge(t, st, row("0", "2026-11-20T00:00:00Z"), "")
	if err != nil || got.KeptNewer != 1 || labelOf(t, st, "ana") != 2 {
		t.Fatalf("older label: %+v %v, label %d", got, err, labelOf(t, st, "ana"))
	}
	// Newer: it wins, and the history says so.
	got, err = merge(t, st, row("0", "2026-11-22T10:00:00+01:00"), "")
	if err != nil || got.Changed != 1 || labelOf(t, st, "ana") != 0 {
		t.Fatalf("newer label: %+v %v", got, err)
	}
	hist, _ := st.History(ctx, storetest.ItemAt(t, st, 1, 1).ID)
	last := hist[len(hist)-1]
	if last.Source != "merge" || *last.Old != 2 || *last.New != 0 || last.At != "2026-11-22T09:00:00.000Z" {
		t.Fatalf("history %+v", last)
	}
	// A file without times counts as newest.
	noTimes := data.RatingsHeader + "\n" + uid + "\tquestion\tana\t1\n"
	if got, err = merge(t, st, noTimes, ""); err != nil || got.Changed != 1 || labelOf(t, st, "ana") != 1 {
		t.Fatalf("file without times: %+v %v", got, err)
	}
	if got, err = merge(t, st, noTimes, ""); err != nil || got.Same != 1 {
		t.Fatalf("again: %+v %v", got, err)
	}
}

// The demo's labels: three demo annotators finished every pane of the
// second half, one pane went to five and is still tied, and the first half
// is left for the user.
func TestDemoLabels(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC))
	db := storetest.DB(t, st)
	// The demo conversations: five, the last two rated by three demo
	// annotators with a majority on every unit, the first three left for
	// the user; every picture has a preview.
	var convs, rated, previews, urls int
	err := db.QueryRow(`SELECT count(*), sum(open = 0 AND tied = 0 AND finished = 3),
		(SELECT count(*) FROM item_images WHERE preview IS NOT NULL), (SELECT count(*) FROM item_images WHERE preview IS NULL AND problem = '')
		FROM items WHERE dataset_id = (SELECT id FROM datasets WHERE name = ?)`, data.DemoConversations).Scan(&convs, &rated, &previews, &urls)
	if err != nil || convs != 5 || rated != 2 || previews != 11 || urls != 1 {
		t.Fatalf("demo conversations: %d, %d rated, %d previews, %d links; %v", convs, rated, previews, urls, err)
	}
	var panes, complete, tied, tiedUnits, firstHalf int
	err = db.QueryRow(`SELECT count(*), sum(open = 0 AND tied = 0 AND finished = 3),
		sum(open = 0 AND tied > 0 AND finished = 5), sum(tied), sum(seq <= 20 AND finished > 0)
		FROM items WHERE dataset_id = (SELECT id FROM datasets WHERE name = 'demo') AND (seq > 20 OR finished > 0)`).Scan(&panes, &complete, &tied, &tiedUnits, &firstHalf)
	if err != nil || panes != 20 || complete != 19 || tied != 1 || tiedUnits != 1 || firstHalf != 0 {
		t.Fatalf("%d panes labelled: %d complete, %d tied after five (%d units), %d in the first half; %v",
			panes, complete, tied, tiedUnits, firstHalf, err)
	}
	ds, _ := st.DatasetByName(ctx, data.DemoDataset)
	me, _ := st.EnsureAnnotator(ctx, "newcomer")
	if id, ok, _, err := st.NextHIT(ctx, ds.ID, me.ID, 0); err != nil || !ok || id != storetest.ItemAt(t, st, ds.ID, 1).ID {
		t.Fatalf("a new annotator starts at %d (%v %v), want pane 1", id, ok, err)
	}
}

func labelOf(t *testing.T, st *store.Store, name string) int {
	t.Helper()
	an, _ := st.EnsureAnnotator(context.Background(), name)
	l, err := st.Labels(context.Background(), storetest.ItemAt(t, st, 1, 1).ID, an.ID)
	if err != nil {
		t.Fatal(err)
	}
	return l["question"]
}

func TestMergeRefusesBadRowsAndChangesNothing(t *testing.T) {
	t.Parallel()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	demotest.KeyHIT(t, st, "ana", 1, map[string]int{"question": 2})
	uid := storetest.ItemAt(t, st, 1, 1).UID   // 5 answers
	short := storetest.ItemAt(t, st, 1, 4).UID // python: 3 answers
	row := func(f ...string) string { return strings.Join(f, "\t") + "\n" }
	good := row(uid, "answer_set", "bo", "1", "", "", "") // comes first, and must not stay
	for body, want := range map[string]string{
		row("0123456789abcdef", "question", "bo", "1", "", "", ""): "labels.tsv:3: no dataset has item 0123456789abcdef",
		row(uid, "question", "bo", "3", "", "", ""):                `labels.tsv:3: label "3" is not one of 0, 1, 2`,
		row(uid, "clarity", "bo", "1", "", "", ""):                 `labels.tsv:3: unit "clarity" is not one of question, answer_set`,
		row(short, "landing_4", "bo", "1", "", "", ""):             "labels.tsv:3: the pane has 3 candidate answers, so no landing_4",
		row(uid, "question", "b\x1b[2Jo", "1", "", "", ""):         "labels.tsv:3: annotator",
		row(uid, "question", "bo", "1", "yesterday", "", ""):       `labels.tsv:3: created_at "yesterday" is not a time`,
		row(uid, "question", "bo", "1", "", "2026-13-01", ""):      `labels.tsv:3: updated_at "2026-13-01" is not a time`,
		row(uid, "question", "bo", "1", "", "", "-2"):              `labels.tsv:3: seconds "-2" is outside 0 to 86400 (one day)`,
		row(uid, "question", "bo", "1", "", "", "NaN"):             `labels.tsv:3: seconds "NaN" is not a number`,
		row(uid, "question", "bo"):                                 "labels.tsv:3: 3 fields, want 7",
	} {
		before := storetest.DataFingerprint(t, storetest.DB(t, st))
		_, err := merge(t, st, data.LabelsHeader+"\n"+good+body, "")
		if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "\x1b") {
			t.Errorf("%q: error %v, want %q", body, err, want)
		}
		if storetest.DataFingerprint(t, storetest.DB(t, st)) != before {
			t.Errorf("%q: a refused merge changed the database", body)
		}
	}
}

func TestMergeFindsItemsByDataset(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.At(t, time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC))
	b := []byte(datatest.DemoFile(t, "demo/demo.tsv"))
	if _, err := demotest.Import(ctx, st, storetest.Lead(t, st), bytes.NewReader(b), "copy.tsv", data.Options{}); err != nil {
		t.Fatal(err)
	}
	uid := storetest.ItemAt(t, st, 1, 1).UID
	file := data.RatingsHeader + "\n" + uid + "\tquestion\tana\t2\n"
	if _, err := merge(t, st, file, ""); err == nil || !strings.Contains(err.Error(), "say which with --dataset") {
		t.Fatalf("ambiguous uid: %v", err)
	}
	if _, err := merge(t, st, file, "copy"); err != nil {
		t.Fatal(err)
	}
	copyDS, _ := st.DatasetByName(ctx, "copy")
	an, _ := st.EnsureAnnotator(ctx, "ana")
	if l, _ := st.Labels(ctx, storetest.ItemAt(t, st, copyDS.ID, 1).ID, an.ID); l["question"] != 2 {
		t.Fatalf("label went elsewhere: %v", l)
	}
	if _, err := merge(t, st, file, "nope"); err == nil || !strings.Contains(err.Error(), `dataset "nope"`) {
		t.Fatalf("unknown dataset: %v", err)
	}
}
