package main

import (
	"strings"
	"testing"
	"time"
)

// On a narrow terminal the line gives up its bar, then the amount, and
// keeps the rate and the time left: at 40 columns the bar and the amount
// alone filled it, cut before the numbers a person waits on.
func TestProgressLineFitsANarrowTerminal(t *testing.T) {
	for _, c := range []struct {
		width int
		want  string
	}{
		{100, "import [#####---------------]  25% 500.0 kB of 2.0 MB, 500.0 kB/s, 3s left"},
		{60, "import 25% 500.0 kB of 2.0 MB, 500.0 kB/s, 3s left"},
		{40, "import 25%, 500.0 kB/s, 3s left"},
	} {
		got := progressFit("import", 500_000, 2_000_000, time.Second, c.width)
		if got != c.want || len(got) > c.width-1 {
			t.Errorf("at %d columns: %q, want %q", c.width, got, c.want)
		}
	}
	if got, want := progressFit("import", 500_000, 2_000_000, time.Second, 0), progressText("import", 500_000, 2_000_000, time.Second); got != want {
		t.Errorf("at any width: %q, want progressText's %q", got, want)
	}
	if got := progressFit("merge", 2_000_000, 2_000_000, time.Second, 40); !strings.HasSuffix(got, ", finishing") || len(got) > 39 {
		t.Errorf("all read at 40 columns: %q", got)
	}
}
