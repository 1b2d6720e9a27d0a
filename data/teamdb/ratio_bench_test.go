package teamdb

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store"
)

// mergePanes is the team size BenchmarkMergeRatio merges:
// $CLARITTY_MERGE_PANES, or 63,000 panes (about 928,000 labels, the size
// of the merge issue 48 measured from outside).
func mergePanes(b *testing.B) int {
	s := os.Getenv("CLARITTY_MERGE_PANES")
	if s == "" {
		return 63000
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 100 {
		b.Fatalf("CLARITTY_MERGE_PANES: %q is not a number of panes (at least 100)", s)
	}
	return n
}

// BenchmarkMergeRatio compares a team's first merge with the sqlite3
// shell's .import of the same rows. The team database's labels are
// exported (export --format labels) and merged (import --format labels's
// path) into a database holding the same panes and no labels; the shell
// imports the same file into a table of the file's columns with a unique
// index over (item, unit, annotator). That index is the fair comparison:
// it is the label's identity, which the merge must keep too (its labels'
// key, so a file merged twice adds nothing); without it the shell would
// only append rows. The two run in turn, b.N times each, so both see the
// same load; ratio is the merge's time over the shell's (ratio-noindex:
// over the shell's import into the table with no index), cpu-ratio the
// CPU time of each (this process's during the merge, the shell's own),
// steadier than wall time on a machine others share. With
// $CLARITTY_MERGE_KEEP a folder, labels.tsv and panes.db are left there.
//
//	go test ./data/teamdb -run '^$' -bench MergeRatio -benchtime 3x
func BenchmarkMergeRatio(b *testing.B) {
	n := mergePanes(b)
	ctx := context.Background()
	dir := b.TempDir()
	if keep := os.Getenv("CLARITTY_MERGE_KEEP"); keep != "" {
		dir = keep // the labels file and the panes' database stay, for a merge by the binary
	}
	labels := filepath.Join(dir, "labels.tsv")
	exportLabels(b, Cached(b, n), labels)
	panes := panesOnly(b, n, dir)
	rows := countRows(b, labels)
	var ourCPU, shellCPU time.Duration
	shell := func(index bool) time.Duration {
		if _, err := exec.LookPath("sqlite3"); err != nil {
			b.Skip("sqlite3 shell not installed")
		}
		start := time.Now()
		cpu := shellImportLabels(b, labels, index)
		if index {
			shellCPU += cpu
		}
		return time.Since(start)
	}
	merge := func() time.Duration {
		// Under a context that can be cancelled, as the CLI's (it stops on
		// Ctrl-C): the driver watches such a context with a goroutine per
		// statement, which context.Background never showed.
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		db := copyFile(b, panes, filepath.Join(b.TempDir(), "team.db"))
		cpu := processCPU(b)
		defer func() { ourCPU += processCPU(b) - cpu }()
		start := time.Now()
		st, err := store.Open(ctx, db)
		if err != nil {
			b.Fatal(err)
		}
		lead, err := st.Actor(ctx, Lead(), "")
		if err != nil {
			b.Fatal(err)
		}
		res, err := data.ImportFile(ctx, st, lead, labels, data.Options{Format: data.FormatLabels, Formats: []data.Format{data.LabelsFormat()}})
		if err != nil {
			b.Fatal(err)
		}
		if err := st.Close(); err != nil {
			b.Fatal(err)
		}
		took := time.Since(start)
		if res.Merge.Added != rows {
			b.Fatalf("merged %d labels of %d", res.Merge.Added, rows)
		}
		return took
	}
	var ours, indexed, plain time.Duration
	for range b.N {
		ours += merge()
		indexed += shell(true)
		plain += shell(false)
	}
	b.ReportMetric(float64(rows), "labels")
	b.ReportMetric(float64(rows*b.N)/ours.Seconds(), "labels/s")
	b.ReportMetric(ours.Seconds()/float64(b.N), "merge-s")
	b.ReportMetric(indexed.Seconds()/float64(b.N), "shell-s")
	b.ReportMetric(ours.Seconds()/indexed.Seconds(), "ratio")
	b.ReportMetric(ours.Seconds()/plain.Seconds(), "ratio-noindex")
	b.ReportMetric(ourCPU.Seconds()/float64(b.N), "merge-cpu-s")
	b.ReportMetric(shellCPU.Seconds()/float64(b.N), "shell-cpu-s")
	b.ReportMetric(ourCPU.Seconds()/shellCPU.Seconds(), "cpu-ratio")
}

// processCPU is the CPU time this process has used, user and system.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// exportLabels writes every label of the database at db as the lead's
// export --format labels does.
func exportLabels(b *testing.B, db, out string) {
	ctx := context.Background()
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	lead, err := st.Actor(ctx, Lead(), "")
	if err != nil {
		b.Fatal(err)
	}
	f, err := os.Create(out)
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	r, err := st.ReadLabels(ctx, lead, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	if err := data.WriteLabels(ctx, r, w, nil); err != nil {
		b.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
}

// panesOnly is a database holding the team's n panes and no labels: what
// the team's database is before its first merge.
func panesOnly(b *testing.B, n int, dir string) string {
	ctx := context.Background()
	click := filepath.Join(dir, "click.tsv")
	if err := datatest.WriteClickFile(click, n); err != nil {
		b.Fatal(err)
	}
	db := filepath.Join(dir, "panes.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	lead, err := st.Actor(ctx, Lead(), "")
	if err != nil {
		b.Fatal(err)
	}
	if _, err := data.ImportFile(ctx, st, lead, click, data.Options{Dataset: "click", Format: data.FormatClick, Formats: []data.Format{data.ClickFormat()}}); err != nil {
		b.Fatal(err)
	}
	if err := st.Close(); err != nil {
		b.Fatal(err)
	}
	return db
}

func copyFile(b *testing.B, src, dst string) string {
	in, err := os.Open(src)
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		b.Fatal(err)
	}
	if err := out.Close(); err != nil {
		b.Fatal(err)
	}
	return dst
}

// countRows counts the file's rows below its header.
func countRows(b *testing.B, path string) int {
	raw, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return strings.Count(string(raw), "\n") - 1
}

// shellImportLabels is the sqlite3 shell's .import of the labels file into
// a new database's table of the file's columns, with a unique index over
// the label's identity when index; it says the CPU time the shell used.
func shellImportLabels(b *testing.B, file string, index bool) time.Duration {
	db := filepath.Join(b.TempDir(), "shell.db")
	lines := []string{"CREATE TABLE labels (item TEXT, unit TEXT, annotator TEXT, label TEXT, created_at TEXT, updated_at TEXT, seconds TEXT);"}
	if index {
		lines = append(lines, "CREATE UNIQUE INDEX labels_key ON labels (item, unit, annotator);")
	}
	// Dot-commands must start their line, so the script is built by lines.
	lines = append(lines, ".mode tabs", ".import --skip 1 "+file+" labels")
	cmd := exec.Command("sqlite3", db)
	cmd.Stdin = strings.NewReader(strings.Join(lines, "\n"))
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("sqlite3: %v %s", err, out)
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}
