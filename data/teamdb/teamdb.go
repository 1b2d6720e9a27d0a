// Package teamdb gives benchmarks a database shaped like a team's after
// weeks of work (BuildTeam): Click-shaped panes, three annotators who
// each finished all but the last twentieth. Building one of 414,362 panes
// takes minutes, so each size is built once into a cache folder and copied
// for each benchmark that writes to it.
package teamdb

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/store"
)

// generation names the databases BuildTeam makes: a change to what it
// builds (not to the schema, which Open migrates) takes a new one.
const generation = "g5"

// Sizes are the pane counts benchmarks run at: $CLARITTY_BENCH_PANES, a
// comma-separated list, or 10,000 (BENCHMARKS.md runs 10000,100000,414362).
func Sizes(tb testing.TB) []int {
	s := os.Getenv("CLARITTY_BENCH_PANES")
	if s == "" {
		return []int{10000}
	}
	var out []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 100 {
			tb.Fatalf("CLARITTY_BENCH_PANES: %q is not a number of panes (at least 100)", f)
		}
		out = append(out, n)
	}
	return out
}

// Lead is the name of the database's lead: the OS user who built it.
func Lead() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return "uid-" + strconv.Itoa(os.Getuid())
}

// Cached is the path of the cached team database of n panes, built now if
// it is not there yet. Open it read-only, or Copy it.
func Cached(tb testing.TB, n int) string {
	tb.Helper()
	path := cachePath(tb, n)
	if _, err := os.Stat(path); err != nil {
		Build(tb, n)
		return path
	}
	// A database built by an older claritty is brought up to this one's
	// schema once here, rather than in every copy.
	st, err := store.Open(context.Background(), path)
	if err != nil {
		tb.Fatal(err)
	}
	if err := st.Close(); err != nil {
		tb.Fatal(err)
	}
	return path
}

// cachePath is where the database of n panes is kept: $CLARITTY_BENCH_DIR,
// else a folder in the system's temporary one.
func cachePath(tb testing.TB, n int) string {
	dir := os.Getenv("CLARITTY_BENCH_DIR")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "claritty-bench")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	return filepath.Join(dir, fmt.Sprintf("team-%d-%s.db", n, generation))
}

// Build builds the team database of n panes into the cache (replacing one
// there) and says how long merging its labels took.
func Build(tb testing.TB, n int) (Team, time.Duration) {
	tb.Helper()
	path := cachePath(tb, n)
	tmp := path + ".building"
	for _, f := range []string{tmp, tmp + "-wal", tmp + "-shm"} {
		os.Remove(f)
	}
	ctx := context.Background()
	st, err := store.Open(ctx, tmp)
	if err != nil {
		tb.Fatal(err)
	}
	lead, err := st.Actor(ctx, Lead(), "")
	if err != nil {
		tb.Fatal(err)
	}
	team, err := BuildTeam(ctx, st, lead, tb.TempDir(), n, 3)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Logf("built %s: %d panes, %d labels merged in %v", path, team.Panes, team.Labels, team.Merge.Round(time.Millisecond))
	if err := st.Close(); err != nil { // checkpoints the WAL into the file
		tb.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		tb.Fatal(err)
	}
	return team, team.Merge
}

// Copy copies the cached database of n panes into the benchmark's
// temporary folder, for a benchmark that writes to it.
func Copy(tb testing.TB, n int) string {
	tb.Helper()
	src := Cached(tb, n)
	dst := filepath.Join(tb.TempDir(), "team.db")
	in, err := os.Open(src)
	if err != nil {
		tb.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		tb.Fatal(err)
	}
	if err := out.Close(); err != nil {
		tb.Fatal(err)
	}
	return dst
}
