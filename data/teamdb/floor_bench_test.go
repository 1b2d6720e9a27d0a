package teamdb

import (
	"bufio"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkMergeFloor is what this engine (modernc.org/sqlite, SQLite
// translated to Go) costs to write BenchmarkMergeRatio's rows at the least,
// against the sqlite3 shell's .import of the same file: the floor under
// the merge's ratio. Each run reads the labels file and writes its rows in
// one transaction, a prepared statement a row, into a new database:
//   - shell: the shell's own table and unique index (floor-cpu-ratio is
//     this over the shell's CPU: the engine alone, the same work);
//   - merge: the two rows a merged label must write, a labels row (keyed
//     by item, unit and annotator, no rowid) and its history row (a rowid
//     table with its (item, unit) index), with no keys, triggers or
//     lookups (floor2-cpu-ratio);
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
		oneCPU += floorWrite(b, labels, floorShell)
		twoCPU += floorWrite(b, labels, floorMerge)
	}
	b.ReportMetric(float64(countRows(b, labels)), "labels")
	b.ReportMetric(shellCPU.Seconds()/float64(b.N), "shell-cpu-s")
	b.ReportMetric(oneCPU.Seconds()/float64(b.N), "floor-cpu-s")
	b.ReportMetric(twoCPU.Seconds()/float64(b.N), "floor2-cpu-s")
	b.ReportMetric(oneCPU.Seconds()/shellCPU.Seconds(), "floor-cpu-ratio")
	b.ReportMetric(twoCPU.Seconds()/shellCPU.Seconds(), "floor2-cpu-ratio")
}

// A floor's schema and the statements one row of the labels file runs.
type floorShape struct {
	schema  []string
	inserts []string
	row     func(f []string, ids *floorIDs) [][]any
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
	inserts: []string{`INSERT INTO labels VALUES (?, ?, ?, ?, ?, ?, ?)`},
	row: func(f []string, _ *floorIDs) [][]any {
		return [][]any{{f[0], f[1], f[2], f[3], f[4], f[5], f[6]}}
	},
}

// floorMerge is the store's labels and label_history columns (store's
// schema, less the keys and triggers), a row in each.
var floorMerge = floorShape{
	schema: []string{`CREATE TABLE labels (item_id INTEGER NOT NULL, unit TEXT NOT NULL, annotator_id INTEGER NOT NULL,
			value INTEGER NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, seconds REAL, text TEXT,
			first_value INTEGER, PRIMARY KEY (item_id, unit, annotator_id)) WITHOUT ROWID`,
		`CREATE TABLE label_history (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, unit TEXT NOT NULL,
			annotator_id INTEGER NOT NULL, old_value INTEGER, new_value INTEGER, actor_id INTEGER NOT NULL,
			at TEXT NOT NULL, source TEXT NOT NULL DEFAULT 'tui', old_text TEXT, new_text TEXT)`,
		`CREATE INDEX label_history_item ON label_history (item_id, unit)`},
	inserts: []string{`INSERT INTO labels (item_id, unit, annotator_id, value, created_at, updated_at, seconds, first_value)
			VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?4)`,
		`INSERT INTO label_history (item_id, unit, annotator_id, new_value, actor_id, at, source) VALUES (?, ?, ?, ?, 1, ?, 'merge')`},
	row: func(f []string, ids *floorIDs) [][]any {
		item, ann := ids.id(ids.items, f[0]), ids.id(ids.annotators, f[2])
		var secs any
		if f[6] != "" {
			secs = f[6]
		}
		return [][]any{{item, f[1], ann, f[3], f[4], f[5], secs}, {item, f[1], ann, f[3], f[5]}}
	},
}

// floorWrite writes the labels file's rows in shape into a new database
// and says the CPU time this process spent on it.
func floorWrite(b *testing.B, file string, shape floorShape) time.Duration {
	ctx := context.Background()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(b.TempDir(), "floor.db")+
		"?_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_pragma=cache_size(-262144)")
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, q := range shape.schema {
		if _, err := db.ExecContext(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	cpu := processCPU(b)
	in, err := os.Open(file)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	stmts := make([]*sql.Stmt, len(shape.inserts))
	for i, q := range shape.inserts {
		if stmts[i], err = tx.PrepareContext(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	ids := &floorIDs{items: map[string]int64{}, annotators: map[string]int64{}}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for first := true; sc.Scan(); first = false {
		f := strings.Split(sc.Text(), "\t")
		if first || len(f) < 7 {
			continue // the header
		}
		for i, args := range shape.row(f, ids) {
			if _, err := stmts[i].ExecContext(ctx, args...); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := sc.Err(); err != nil {
		b.Fatal(err)
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	return processCPU(b) - cpu
}
