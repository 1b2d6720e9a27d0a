package main

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/kinds"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/tui"
)

// BenchmarkFirstFrame measures what `claritty` does before its first frame
// on a database of 400,000 panes: open the file, pick the dataset and the
// annotator, find their first unfinished HIT, load it and render it.
//
//	go test ./cmd/claritty -run '^$' -bench FirstFrame -benchtime 20x
func BenchmarkFirstFrame(b *testing.B) {
	const panes = 400000
	dir := b.TempDir()
	file := filepath.Join(dir, "panes.tsv")
	if err := datatest.WriteClickFile(file, panes); err != nil {
		b.Fatal(err)
	}
	g := &globals{db: filepath.Join(dir, "c.db")}
	ctx := context.Background()
	st, err := g.open(ctx)
	if err != nil {
		b.Fatal(err)
	}
	me, err := st.Actor(ctx, osUser(), "") // the first user: a lead
	if err != nil {
		b.Fatal(err)
	}
	if _, err := demotest.ImportFile(ctx, st, me, file, data.Options{}); err != nil {
		b.Fatal(err)
	}
	if _, err := st.SetRole(ctx, me, "ana", store.RoleAnnotator); err != nil {
		b.Fatal(err)
	}
	st.Close()
	g.as = "ana" // the lead (this process's user) acting as ana
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		frame := firstFrame(b, g)
		if !strings.Contains(frame, "HIT 1 / 400000") {
			b.Fatalf("the first frame shows no HIT:\n%s", frame)
		}
	}
}

func firstFrame(b *testing.B, g *globals) string {
	ctx := context.Background()
	st, err := g.open(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	an, err := g.actor(ctx, st)
	if err != nil {
		b.Fatal(err)
	}
	if err := fillIfEmpty(ctx, st, an); err != nil {
		b.Fatal(err)
	}
	ds, err := datasetFor(ctx, st, "")
	if err != nil {
		b.Fatal(err)
	}
	set, err := kinds.Open(ctx, st)
	if err != nil {
		b.Fatal(err)
	}
	m, err := tui.New(ctx, tui.Config{Store: st, Dataset: ds, Annotator: an, Kinds: set})
	if err != nil {
		b.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	runCmd(m, m.Init())
	return m.View().Content
}

// runCmd runs a command to completion, feeding its messages back into the
// model, as the program would before the first frame.
func runCmd(m tea.Model, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msg := cmd()
	v := reflect.ValueOf(msg)
	if v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeOf(tea.Cmd(nil)) {
		for i := 0; i < v.Len(); i++ {
			runCmd(m, v.Index(i).Interface().(tea.Cmd))
		}
		return
	}
	if msg != nil {
		_, next := m.Update(msg)
		runCmd(m, next)
	}
}

// BenchmarkQueueFilter reads one window of a 400,000-pane queue: as it
// is, filtered by a state, and found by text (each with its count, as the
// queue screen reads them when a filter changes).
func BenchmarkQueueFilter(b *testing.B) {
	const panes = 400000
	dir := b.TempDir()
	file := filepath.Join(dir, "panes.tsv")
	if err := datatest.WriteClickFile(file, panes); err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	st, err := (&globals{db: filepath.Join(dir, "c.db")}).open(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	me, err := st.Actor(ctx, osUser(), "")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := demotest.ImportFile(ctx, st, me, file, data.Options{}); err != nil {
		b.Fatal(err)
	}
	ds, err := st.Datasets(ctx)
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		f    store.QueueFilter
	}{{"none", store.QueueFilter{}}, {"state", store.QueueFilter{Status: store.StatusInProgress}}, {"todo", store.QueueFilter{Status: store.StatusTodo}}, {"text", store.QueueFilter{Text: "query 1234"}}} {
		b.Run(c.name, func(b *testing.B) {
			for range b.N {
				if c.f.On() {
					if _, err := st.QueueCount(ctx, ds[0].ID, me.ID, c.f); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := st.Queue(ctx, ds[0].ID, me.ID, c.f, 0, 22); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
