package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/term"
	"github.com/claritty/claritty/display"
	"github.com/spf13/cobra"
)

// progressEvery is how often the progress line is redrawn: often enough to
// be seen moving, seldom enough to cost the work nothing.
const progressEvery = 100 * time.Millisecond

// progressLine is the one line long work (import, merge, export, backup,
// agree --ratings) keeps redrawn on a terminal's stderr: what is done of
// the total where known, the rate and the time left. Only the command's
// own words and numbers go into it, never a file's text. Its stop clears
// it, so the summary printed next takes its place. A nil *progressLine
// (stderr no terminal, or --quiet) draws nothing and counts nothing.
type progressLine struct {
	w     io.Writer
	verb  string       // what the command is doing: "import", "merge" …
	total int64        // bytes expected; 0: not known
	done  func() int64 // bytes done so far
	width int          // the terminal's columns; 0: not known
	start time.Time
	quit  chan struct{}
	wg    sync.WaitGroup
	once  sync.Once
	final int64 // bytes done when the line stopped (finish)
}

// newProgress starts a progress line when the command's stderr is a
// terminal and --quiet was not given; else it returns nil.
func (g *globals) newProgress(cmd *cobra.Command, verb string, total int64, done func() int64) *progressLine {
	width, ok := g.stderrTerminal(cmd)
	if !ok {
		return nil
	}
	p := &progressLine{w: cmd.ErrOrStderr(), verb: verb, total: total, done: done, width: width,
		start: time.Now(), quit: make(chan struct{})}
	p.draw() // at once, before any of the work
	p.wg.Add(1)
	go p.run()
	return p
}

// readProgress starts a progress line counting the bytes read of the
// input file f (path - is standard input), toward its size where that is
// known. Input typed at the terminal gets none: the line would break into
// what is being typed.
func (g *globals) readProgress(cmd *cobra.Command, verb string, f io.Reader, path string) (io.Reader, *progressLine) {
	var total int64
	if path == "-" {
		in := cmd.InOrStdin()
		if inf, ok := in.(*os.File); ok && term.IsTerminal(inf.Fd()) {
			return f, nil
		}
		total = sizeOf(in) // f wraps it
	} else {
		total = sizeOf(f)
	}
	cr := &countingReader{r: f}
	return cr, g.newProgress(cmd, verb, total, cr.n.Load)
}

// stderrTerminal says whether the command's stderr is a terminal, and its
// width where known. Over SSH the session decides: a command run without
// a pty has none. --quiet says there is none.
func (g *globals) stderrTerminal(cmd *cobra.Command) (width int, ok bool) {
	if g.quiet {
		return 0, false
	}
	if g.remote != nil {
		return g.remote.ptyWidth, g.remote.pty
	}
	f, isFile := cmd.ErrOrStderr().(*os.File)
	if !isFile || !term.IsTerminal(f.Fd()) {
		return 0, false
	}
	width, _, _ = term.GetSize(f.Fd())
	return width, true
}

// outputTerminal says whether the command's standard output is a
// terminal: a progress line on stderr would break into what it shows.
func (g *globals) outputTerminal(cmd *cobra.Command) bool {
	if g.remote != nil {
		return g.remote.pty
	}
	f, isFile := cmd.OutOrStdout().(*os.File)
	return isFile && term.IsTerminal(f.Fd())
}

// run redraws the line every progressEvery, until stop.
func (p *progressLine) run() {
	defer p.wg.Done()
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		select {
		case <-p.quit:
			return
		case <-t.C:
			p.draw()
		}
	}
}

// draw rewrites the line in place: back to its start, the text, and the
// rest of the row cleared (a shorter line leaves nothing of a longer one).
func (p *progressLine) draw() {
	line := progressFit(p.verb, p.done(), p.total, time.Since(p.start), p.width)
	if p.width > 1 && len(line) > p.width-1 {
		line = line[:p.width-1] // the cursor never wraps to a new row
	}
	fmt.Fprintf(p.w, "\r%s\x1b[K", line)
}

// stop ends the line and clears it, so what is printed next (the summary,
// or an error) starts at the row's beginning.
func (p *progressLine) stop() {
	if p == nil {
		return
	}
	p.once.Do(func() {
		close(p.quit)
		p.wg.Wait()
		p.final = p.done()
		p.draw() // where it ended, for a typescript to keep
		fmt.Fprint(p.w, "\r\x1b[K")
	})
}

// finish stops the line and leaves in its place what the work came to:
// "export: 26.0 MB written to labels.tsv in 2.2s". An export or a backup
// says nothing when it succeeds, so on a terminal its line would end in an
// empty row, where an import's ends in the import's own summary. Called
// once the output is in place; nothing when no line was drawn (a pipe,
// --quiet), so what those print is unchanged. began is when the command's
// work began: a backup to a stream draws a second line for its copy.
func (p *progressLine) finish(verb, dest string, began time.Time) {
	if p == nil {
		return
	}
	p.stop()
	fmt.Fprintf(p.w, "%s: %s written to %s in %s\n", verb, byteSize(p.final), display.Clean(dest),
		time.Since(began).Round(100*time.Millisecond))
}

// progressText is the line's text: "import [#####-----]  41% 12.0 MB of
// 29.3 MB, 3.1 MB/s, 6s left", or without a total what is done and the
// rate. Once all of a file is read, the work left is writing it.
func progressText(verb string, done, total int64, elapsed time.Duration) string {
	return progressFit(verb, done, total, elapsed, 0)
}

// progressFit is progressText for a terminal width columns wide (0: any),
// dropping first the bar, then the amount, so the rate and the time left
// stay on a narrow screen: at 40 columns the bar and the amount alone
// filled the line. What still does not fit, draw cuts.
func progressFit(verb string, done, total int64, elapsed time.Duration, width int) string {
	// A rate needs a moment's work to mean anything.
	rate := 0.0
	if elapsed >= progressEvery {
		rate = float64(done) / elapsed.Seconds()
	}
	if total <= 0 {
		line := fmt.Sprintf("%s: %s", verb, byteSize(done))
		if rate > 0 {
			line += fmt.Sprintf(", %s/s", byteSize(int64(rate)))
		}
		return line
	}
	done = min(done, total)
	frac := float64(done) / float64(total)
	const bar = 20
	filled := int(frac * bar)
	var tail string
	switch {
	case done == total:
		// All read: the rate would only fall while the rest is written.
		tail = ", finishing"
	case rate > 0:
		left := time.Duration(float64(total-done) / rate * float64(time.Second))
		tail = fmt.Sprintf(", %s/s, %s left", byteSize(int64(rate)), left.Round(time.Second))
	}
	pct := int(frac * 100)
	amount := fmt.Sprintf(" %s of %s", byteSize(done), byteSize(total))
	for _, line := range []string{
		fmt.Sprintf("%s [%s%s] %3d%%%s%s", verb, strings.Repeat("#", filled), strings.Repeat("-", bar-filled), pct, amount, tail),
		fmt.Sprintf("%s %d%%%s%s", verb, pct, amount, tail),
	} {
		if width <= 1 || len(line) <= width-1 {
			return line
		}
	}
	return fmt.Sprintf("%s %d%%%s", verb, pct, tail)
}

// byteSize is n bytes in the largest unit that keeps it readable.
func byteSize(n int64) string {
	const k = 1000
	switch {
	case n >= k*k*k:
		return fmt.Sprintf("%.1f GB", float64(n)/(k*k*k))
	case n >= k*k:
		return fmt.Sprintf("%.1f MB", float64(n)/(k*k))
	case n >= k:
		return fmt.Sprintf("%.1f kB", float64(n)/k)
	}
	return fmt.Sprintf("%d B", n)
}

// afterProgress is stderr for what a command prints while its progress
// line may be up: the line is stopped and cleared first, so what is
// printed takes its place rather than joining it.
type afterProgress struct {
	w io.Writer
	p *progressLine
}

func (a *afterProgress) Write(b []byte) (int, error) {
	a.p.stop()
	return a.w.Write(b)
}

// countingReader counts the bytes read through it, for a progress line
// read from another goroutine.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// countingWriter counts the bytes written through it.
type countingWriter struct {
	w io.Writer
	n atomic.Int64
}

func (c *countingWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n.Add(int64(n))
	return n, err
}

// sizeOf is a file's size when it is a regular file (what a progress
// line counts toward); 0 for a pipe, a terminal or anything unknown.
func sizeOf(r any) int64 {
	f, ok := r.(*os.File)
	if !ok {
		return 0
	}
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return 0
	}
	return fi.Size()
}

// fileSize is the size of the file at path, 0 if there is none (yet).
func fileSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}
