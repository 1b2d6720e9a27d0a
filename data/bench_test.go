package data

import (
	"context"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store/storetest"
)

// BenchmarkImportClick compares claritty's import of a MIMICS-Click-sized
// file with the sqlite3 shell's .import of the same rows into a table of the
// same columns and a unique index over the pane's text (what claritty's
// content-derived id stands for). Run both in one go and compare rows/s:
//
//	go test ./data -run '^$' -bench ImportClick -benchtime 3x
func BenchmarkImportClick(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "click.tsv")
	if err := datatest.WriteClickFile(file, datatest.ClickRows); err != nil {
		b.Fatal(err)
	}
	b.Run("claritty", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			st := storetest.Open(b)
			res, err := testImportFile(context.Background(), st, lead(b, st), file, Options{})
			if err != nil || res.Items != datatest.ClickRows {
				b.Fatalf("%+v %v", res, err)
			}
		}
		b.ReportMetric(float64(datatest.ClickRows*b.N)/b.Elapsed().Seconds(), "rows/s")
	})
	b.Run("sqlite3-shell", func(b *testing.B) {
		if _, err := exec.LookPath("sqlite3"); err != nil {
			b.Skip("sqlite3 shell not installed")
		}
		for i := 0; i < b.N; i++ {
			shellImport(b, file)
		}
		b.ReportMetric(float64(datatest.ClickRows*b.N)/b.Elapsed().Seconds(), "rows/s")
	})
	// ratio: the two in turn, claritty then the shell, b.N times each, so
	// both see the same load; the metric is claritty's time over the
	// shell's. `-count 3` gives three ratios.
	b.Run("ratio", func(b *testing.B) { importRatio(b, file, context.Background()) })
	// ratio-cli: the same under a context that a signal cancels, as the
	// claritty command imports (main.go): the SQLite driver watches such a
	// context with a goroutine for each statement it runs under it.
	b.Run("ratio-cli", func(b *testing.B) {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		defer stop()
		importRatio(b, file, ctx)
	})
}

// importRatio imports the file with claritty under ctx and with the shell,
// in turn b.N times, and reports the ratio of the times.
func importRatio(b *testing.B, file string, ctx context.Context) {
	if _, err := exec.LookPath("sqlite3"); err != nil {
		b.Skip("sqlite3 shell not installed")
	}
	var ours, shell, oursCPU, shellCPU time.Duration
	for i := 0; i < b.N; i++ {
		start, cpu := time.Now(), processCPU(b)
		st := storetest.Open(b)
		if res, err := testImportFile(ctx, st, lead(b, st), file, Options{}); err != nil || res.Items != datatest.ClickRows {
			b.Fatalf("%+v %v", res, err)
		}
		ours += time.Since(start)
		oursCPU += processCPU(b) - cpu
		start = time.Now()
		shellCPU += shellImport(b, file)
		shell += time.Since(start)
	}
	b.ReportMetric(ours.Seconds()/shell.Seconds(), "ratio")
	// The CPU each spent, over the same: on a machine others load, a
	// steadier figure than the times (ours counts every core it used).
	b.ReportMetric(oursCPU.Seconds()/shellCPU.Seconds(), "cpu-ratio")
}

// processCPU is the CPU time this process has spent, user and system.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// shellImport is the sqlite3 shell's .import of the file into a table of
// the same columns with a unique index over the pane's text; it returns
// the CPU time the shell spent.
func shellImport(b *testing.B, file string) time.Duration {
	db := filepath.Join(b.TempDir(), "shell.db")
	// Dot-commands must start their line, so the script is built by lines.
	script := strings.Join([]string{
		"CREATE TABLE click (query TEXT, question TEXT, option_1 TEXT, option_2 TEXT, option_3 TEXT," +
			" option_4 TEXT, option_5 TEXT, impression_level TEXT, engagement_level TEXT, option_cctr_1 TEXT," +
			" option_cctr_2 TEXT, option_cctr_3 TEXT, option_cctr_4 TEXT, option_cctr_5 TEXT);",
		"CREATE UNIQUE INDEX click_pane ON click (query, question, option_1, option_2, option_3, option_4, option_5);",
		".mode tabs",
		".import --skip 1 " + file + " click",
	}, "\n")
	cmd := exec.Command("sqlite3", db)
	cmd.Stdin = strings.NewReader(script)
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("sqlite3: %v %s", err, out)
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
}

// BenchmarkReadClick reads the same file with no database behind the reader:
// the share of an import that is parsing and checking.
func BenchmarkReadClick(b *testing.B) {
	dir := b.TempDir()
	file := filepath.Join(dir, "click.tsv")
	if err := datatest.WriteClickFile(file, datatest.ClickRows); err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		f, err := os.Open(file)
		if err != nil {
			b.Fatal(err)
		}
		lr := newLineReader(f, file)
		lr.next() // the header
		if err := readMIMICS(lr, FormatClick, nopSink{}, "", false); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
}
