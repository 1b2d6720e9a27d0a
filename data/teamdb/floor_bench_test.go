package teamdb

import (
	"bufio"
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkMergeFloor is what this engine (modernc.org/sqlite, SQLite
// translated to Go) costs to write BenchmarkMergeRatio's rows at the least,
// against the sqlite3 shell's .import of the same file: the floor under
// the merge's ratio. Each run reads the labels file and writes its rows in
// one transaction into a new database:
//   - shell: the shell's own table and unique index, a statement a row
//     bound straight to the driver (floor-cpu-ratio is this over the
//     shell's CPU: the engine alone, the same work);
//   - merge: the two rows a merged label must write, a labels row (keyed
//     by item, unit and annotator, no rowid) and its history row (a rowid
//     table with its (item, unit) index), with no keys, triggers or
//     lookups, written as the merge writes them (mergeRows): 64 rows a
//     statement, bound straight to the driver (floor2-cpu-ratio);
//
// both as the store opens a database (WAL, synchronous FULL). The merge's
// own cpu-ratio can come down to about floor2-cpu-ratio, not below it,
// while it writes two rows a label through this engine.
//
//	go test ./data/teamdb -run '^$' -bench MergeFloor -benchtime 1x
func BenchmarkMergeFloor(b *testing.B) {
	n := mergePanes(b)
	dir := b.TempDir()
	if keep := os.Getenv("CLARITTY_MERGE_KEEP"); keep != "" {
		dir = keep
	}
	labels := filepath.Join(dir, "labels.tsv")
	if _, err := os.Stat(labels); err != nil {
		exportLabels(b, Cached(b, n), labels)
	}
	var shellCPU, oneCPU, twoCPU time.Duration
	for range b.N {
		shellCPU += shellImportLabels(b, labels, true)
		oneCPU += floorWrite(b, labels, floorShell, 1)
		twoCPU += floorWrite(b, labels, floorMerge, floorChunk)
	}
	b.ReportMetric(float64(countRows(b, labels)), "labels")
	b.ReportMetric(shellCPU.Seconds()/float64(b.N), "shell-cpu-s")
	b.ReportMetric(oneCPU.Seconds()/float64(b.N), "floor-cpu-s")
	b.ReportMetric(twoCPU.Seconds()/float64(b.N), "floor2-cpu-s")
	b.ReportMetric(oneCPU.Seconds()/shellCPU.Seconds(), "floor-cpu-ratio")
	b.ReportMetric(twoCPU.Seconds()/shellCPU.Seconds(), "floor2-cpu-ratio")
}

// floorChunk is the rows a statement of the merge's writes (store's
// labelChunk and histChunk).
const floorChunk = 64

// A floor's schema and what one row of the labels file writes: a table's
// insert head and one row of its values (heads[i], values[i]) each.
type floorShape struct {
	schema []string
	heads  []string
	values []string
	row    func(f []string, ids *floorIDs) [][]driver.Value
}

// floorIDs numbers the file's panes and annotators as the store's ids.
type floorIDs struct{ items, annotators map[string]int64 }

func (ids *floorIDs) id(m map[string]int64, s string) int64 {
	if id, ok := m[s]; ok {
		return id
	}
	m[s] = int64(len(m) + 1)
	return m[s]
}

// floorShell is the shell's table and index, every column text.
var floorShell = floorShape{
	schema: []string{`CREATE TABLE labels (item TEXT, unit TEXT, annotator TEXT, label TEXT, created_at TEXT, updated_at TEXT, seconds TEXT)`,
		`CREATE UNIQUE INDEX labels_key ON labels (item, unit, annotator)`},
	heads:  []string{`INSERT INTO labels VALUES `},
	values: []string{`(?, ?, ?, ?, ?, ?, ?)`},
	row: func(f []string, _ *floorIDs) [][]driver.Value {
		return [][]driver.Value{{f[0], f[1], f[2], f[3], f[4], f[5], f[6]}}
	},
}

// floorMerge is the store's labels and label_history tables (their
// columns and keys, less the foreign keys and triggers) and the values the
// merge gives a new label and its history row (store/mergerows.go).
var floorMerge = floorShape{
	schema: []string{`CREATE TABLE labels (item_id INTEGER NOT NULL, unit TEXT NOT NULL, annotator_id INTEGER NOT NULL,
			value INTEGER NOT NULL CHECK (value BETWEEN 0 AND 11), created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
			seconds REAL CHECK (seconds IS NULL OR seconds >= 0), text TEXT, first_value INTEGER,
			PRIMARY KEY (item_id, unit, annotator_id)) WITHOUT ROWID`,
		`CREATE TABLE label_history (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, unit TEXT NOT NULL,
			annotator_id INTEGER NOT NULL, old_value INTEGER, new_value INTEGER, actor_id INTEGER NOT NULL,
			at TEXT NOT NULL, source TEXT NOT NULL DEFAULT 'tui', old_text TEXT, new_text TEXT)`,
		`CREATE INDEX label_history_item ON label_history (item_id, unit)`},
	heads: []string{`INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, seconds, text) VALUES `,
		`INSERT INTO label_history (item_id, unit, annotator_id, old_value, new_value, actor_id, at, source, old_text, new_text) VALUES `},
	values: []string{`(?, ?, ?, ?, ?, ?, ?, ?)`, `(?, ?, ?, ?, ?, ?, ?, 'merge', ?, ?)`},
	row: func(f []string, ids *floorIDs) [][]driver.Value {
		item, ann := ids.id(ids.items, f[0]), ids.id(ids.annotators, f[2])
		value, err := strconv.ParseInt(f[3], 10, 64)
		if err != nil {
			panic(fmt.Sprintf("label %q: %v", f[3], err))
		}
		var secs driver.Value
		if f[6] != "" {
			if secs, err = strconv.ParseFloat(f[6], 64); err != nil {
				panic(fmt.Sprintf("seconds %q: %v", f[6], err))
			}
		}
		return [][]driver.Value{{item, f[1], ann, value, f[4], f[5], secs, nil}, {item, f[1], ann, nil, value, int64(1), f[5], nil, nil}}
	},
}

// floorWrite writes the labels file's rows in shape into a new database,
// chunk rows a statement bound straight to the driver, and says the CPU
// time this process spent on it.
func floorWrite(b *testing.B, file string, shape floorShape, chunk int) time.Duration {
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(b.TempDir(), "floor.db")+
		"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=cache_size(-262144)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		b.Fatal(err)
	}
	defer conn.Close()
	for _, q := range shape.schema {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	cpu := processCPU(b)
	in, err := os.Open(file)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		b.Fatal(err)
	}
	w := newFloorWriter(shape, chunk)
	ids := &floorIDs{items: map[string]int64{}, annotators: map[string]int64{}}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	err = conn.Raw(func(dc any) error {
		for first := true; sc.Scan(); first = false {
			f := strings.Split(sc.Text(), "\t")
			if first || len(f) < 7 {
				continue // the header
			}
			if err := w.add(dc, shape.row(f, ids)); err != nil {
				return err
			}
		}
		err := w.flush(dc)
		w.close()
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
		b.Fatal(err)
	}
	return processCPU(b) - cpu
}

// floorWriter holds each table's rows until a statement's worth.
type floorWriter struct {
	shape floorShape
	chunk int
	held  [][]driver.NamedValue            // a table's values waiting
	stmts []map[int]driver.StmtExecContext // a table's statements, by rows
}

func newFloorWriter(shape floorShape, chunk int) *floorWriter {
	w := &floorWriter{shape: shape, chunk: chunk, held: make([][]driver.NamedValue, len(shape.heads))}
	for range shape.heads {
		w.stmts = append(w.stmts, map[int]driver.StmtExecContext{})
	}
	return w
}

// add holds a row for each table and writes those that reach a chunk.
func (w *floorWriter) add(dc any, rows [][]driver.Value) error {
	for t, vals := range rows {
		for _, v := range vals {
			w.held[t] = append(w.held[t], driver.NamedValue{Ordinal: len(w.held[t]) + 1, Value: v})
		}
		if len(w.held[t]) == w.chunk*len(vals) {
			if err := w.write(dc, t, w.chunk); err != nil {
				return err
			}
		}
	}
	return nil
}

// flush writes what every table holds.
func (w *floorWriter) flush(dc any) error {
	for t := range w.held {
		if n := strings.Count(w.shape.values[t], "?"); len(w.held[t]) > 0 {
			if err := w.write(dc, t, len(w.held[t])/n); err != nil {
				return err
			}
		}
	}
	return nil
}

// close lets the statements go.
func (w *floorWriter) close() {
	for _, m := range w.stmts {
		for _, st := range m {
			st.(driver.Stmt).Close()
		}
	}
}

// write inserts table t's rows held, one statement.
func (w *floorWriter) write(dc any, t, rows int) error {
	st := w.stmts[t][rows]
	if st == nil {
		q := w.shape.heads[t] + strings.TrimSuffix(strings.Repeat(w.shape.values[t]+",", rows), ",")
		s, err := dc.(driver.ConnPrepareContext).PrepareContext(context.Background(), q)
		if err != nil {
			return err
		}
		st = s.(driver.StmtExecContext)
		w.stmts[t][rows] = st
	}
	_, err := st.ExecContext(context.Background(), w.held[t])
	w.held[t] = w.held[t][:0]
	return err
}
