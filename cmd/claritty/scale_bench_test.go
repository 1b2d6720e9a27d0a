package main

import (
	"context"
	"fmt"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/claritty/claritty/data/teamdb"
	"github.com/claritty/claritty/store"
)

// BenchmarkScale measures what an annotator and a lead wait for on a
// database shaped like a team's after weeks of work (teamdb: Click-shaped
// panes, three annotators who finished all but the last twentieth), at
// each size of $CLARITTY_BENCH_PANES:
//
//   - first-frame/new: `claritty` before its first frame for an annotator
//     who has never had a HIT; first-frame/resume: for one with a HIT open;
//
//   - agree: `claritty agree` end to end from the database (the binary, as
//     a lead, with its 1,000 bootstrap replicates).
//
//     CLARITTY_BENCH_PANES=10000,100000,414362 go test ./cmd/claritty -run '^$' -bench Scale -benchtime 20x -timeout 60m
func BenchmarkScale(b *testing.B) {
	for _, n := range teamdb.Sizes(b) {
		b.Run(fmt.Sprintf("%d/first-frame/new", n), func(b *testing.B) { benchFirstFrame(b, n, true) })
		b.Run(fmt.Sprintf("%d/first-frame/resume", n), func(b *testing.B) { benchFirstFrame(b, n, false) })
		b.Run(fmt.Sprintf("%d/agree", n), func(b *testing.B) { benchAgree(b, n) })
	}
}

func benchFirstFrame(b *testing.B, n int, fresh bool) {
	ctx := context.Background()
	g := &globals{db: teamdb.Copy(b, n)}
	st, err := g.open(ctx)
	if err != nil {
		b.Fatal(err)
	}
	lead, err := st.Actor(ctx, teamdb.Lead(), "")
	if err != nil {
		b.Fatal(err)
	}
	var names []string
	for i := range b.N {
		name := "ann1"
		if fresh {
			name = fmt.Sprintf("new%d", i)
		}
		if _, err := st.SetRole(ctx, lead, name, store.RoleAnnotator); err != nil {
			b.Fatal(err)
		}
		names = append(names, name)
	}
	st.Close()
	g.as = "ann1"
	if !fresh {
		firstFrame(b, g) // ann1 now holds a HIT, which each frame resumes
	}
	b.ResetTimer()
	for i := range b.N {
		g.as = names[i]
		if frame := firstFrame(b, g); !strings.Contains(frame, "HIT") {
			b.Fatalf("the first frame shows no HIT:\n%s", frame)
		}
	}
}

func benchAgree(b *testing.B, n int) {
	bin, db := binary(b), teamdb.Cached(b, n)
	b.ResetTimer()
	for range b.N {
		cmd := exec.Command(bin, "--db", db, "agree", "--dataset", "click")
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "pooled") {
			b.Fatalf("agree: %v\n%s", err, out)
		}
	}
}

// BenchmarkTUIMemory runs the binary in tmux (100x30) as ann1 on a copy of
// the team database, opens the side pane, keys 20 whole HITs (waiting for
// each to be saved and the next to show) and reports the process's peak
// resident memory (VmHWM) and the wall time per HIT.
//
//	CLARITTY_BENCH_PANES=10000,100000,414362 go test ./cmd/claritty -run '^$' -bench TUIMemory -benchtime 1x -timeout 60m
func BenchmarkTUIMemory(b *testing.B) {
	if _, err := exec.LookPath("tmux"); err != nil {
		b.Skip("tmux is not installed")
	}
	bin := binary(b)
	for _, n := range teamdb.Sizes(b) {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			for range b.N {
				b.StopTimer()
				db := teamdb.Copy(b, n)
				b.StartTimer()
				peak, perHIT := keyTwentyHITs(b, bin, db)
				b.ReportMetric(float64(peak)/1024, "peak-MB")
				b.ReportMetric(float64(perHIT.Microseconds())/1000, "ms/HIT")
			}
		})
	}
}

func keyTwentyHITs(b *testing.B, bin, db string) (peakKB int, perHIT time.Duration) {
	session := fmt.Sprintf("claritty-mem-%d", time.Now().UnixNano())
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			b.Fatalf("tmux %v: %v %s", args, err, out)
		}
		return string(out)
	}
	tmux("new-session", "-d", "-s", session, "-x", "100", "-y", "30", bin+" --db "+db+" --as ann1")
	defer exec.Command("tmux", "kill-session", "-t", session).Run()
	pid := strings.TrimSpace(tmux("display-message", "-p", "-t", session, "#{pane_pid}"))
	waitFor := func(want string) string {
		deadline := time.Now().Add(2 * time.Minute)
		for time.Now().Before(deadline) {
			if screen := tmux("capture-pane", "-p", "-t", session); strings.Contains(screen, want) {
				return screen
			}
			time.Sleep(20 * time.Millisecond)
		}
		b.Fatalf("no %q on the screen:\n%s", want, tmux("capture-pane", "-p", "-t", session))
		return ""
	}
	waitFor("Step I")
	tmux("send-keys", "-t", session, "Tab")
	waitFor("pooled")
	start := time.Now()
	for range 20 {
		before := hitNumber(waitFor("Step I"))
		tmux("send-keys", "-t", session, "Enter")
		for range 7 { // question, answer set, up to five landing pages
			tmux("send-keys", "-t", session, "1")
		}
		waitFor(fmt.Sprintf("HIT %d ", before+1))
	}
	perHIT = time.Since(start) / 20
	status, err := exec.Command("cat", "/proc/"+pid+"/status").Output()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Sscanf(strings.TrimSpace(v), "%d", &peakKB)
		}
	}
	return peakKB, perHIT
}

// hitNumber reads the header's "HIT n / total".
func hitNumber(screen string) int {
	var n int
	if _, after, ok := strings.Cut(screen, "HIT "); ok {
		fmt.Sscanf(after, "%d", &n)
	}
	return n
}
