package main

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
)

// Every built-in kind's own release is reachable under the kind's name:
// export --format KIND writes the same bytes as its release format, and
// refuses a dataset of another kind.
func TestExportUnderTheKindsName(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, c := range []struct{ kind, format, dataset string }{
		{"mimics", "mimics-manual", data.DemoDataset},
		{"clarimm", "clarimm-gold", data.DemoConversations},
		{"nuggets", "nugget-judgements", data.DemoNuggets},
		{"necessity", "necessity-gold", data.DemoNecessity},
		{"compare", "pairs-gold", data.DemoPairs},
	} {
		own := tm.run(t, "", "", "export", "--format", c.format, "--dataset", c.dataset)
		byKind := tm.run(t, "", "", "export", "--format", c.kind, "--dataset", c.dataset)
		if own.code != 0 || byKind.code != 0 || own.stdout != byKind.stdout || own.stdout == "" {
			t.Errorf("export --format %s: exit %d %q, want %s's %q", c.kind, byKind.code, byKind.stderr, c.format, own.stdout)
		}
	}
	if r := tm.run(t, "", "", "export", "--format", "clarimm", "--dataset", data.DemoDataset); r.code == 0 {
		t.Errorf("export --format clarimm of a MIMICS dataset: %+v", r)
	}
}

// A flag that does not apply to the format asked for names every format
// it applies to: a protocol file's kind too, where it applies there.
func TestFlagNamesEveryFormatItAppliesTo(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	r := tm.run(t, "", "", "export", "--format", "clarimm", "--include-unresolved", "--dataset", data.DemoConversations)
	if r.code == 0 || !strings.Contains(r.stderr, "--include-unresolved applies to --format mimics-manual, mimics or a protocol's name") {
		t.Errorf("--include-unresolved on clarimm: %+v", r)
	}
	r = tm.run(t, "", "", "export", "--format", "gold", "--provisional")
	if r.code == 0 || strings.Contains(r.stderr, "protocol") {
		t.Errorf("--provisional on gold: %+v", r)
	}
}

// Named for its kind, a release writes the first dataset of that kind
// when none is named, as nuggets, necessity and compare always did.
func TestKindsNameFindsItsDataset(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	for _, c := range []struct{ kind, format, dataset string }{
		{"clarimm", "clarimm-gold", data.DemoConversations},
		{"nuggets", "nugget-judgements", data.DemoNuggets},
	} {
		byKind := tm.run(t, "", "", "export", "--format", c.kind)
		own := tm.run(t, "", "", "export", "--format", c.format, "--dataset", c.dataset)
		if byKind.code != 0 || byKind.stdout != own.stdout {
			t.Errorf("export --format %s without --dataset: exit %d %q", c.kind, byKind.code, byKind.stderr)
		}
	}
}

// A shipped protocol's own export, asked before any of its data is in the
// database, says to import it first rather than calling the format unknown.
func TestShippedProtocolExportBeforeItsData(t *testing.T) {
	t.Parallel()
	tm := newTeam(t)
	r := tm.run(t, "", "", "export", "--format", "mimics-duo-quality")
	if r.code == 0 || !strings.Contains(r.stderr, "no dataset holds mimics-duo-quality items yet") {
		t.Errorf("export --format mimics-duo-quality on the demo: %+v", r)
	}
	// Asked of a dataset of another kind (a renamed copy's, say), it names
	// the dataset's kind.
	r = tm.run(t, "", "", "export", "--format", "mimics-duo-quality", "--dataset", "demo")
	if r.code == 0 || !strings.Contains(r.stderr, `dataset "demo" holds mimics items, not mimics-duo-quality items`) {
		t.Errorf("export --format mimics-duo-quality --dataset demo: %+v", r)
	}
	if r := tm.run(t, "", "", "export", "--format", "no-such-kind"); r.code == 0 || !strings.Contains(r.stderr, `unknown export format "no-such-kind"`) {
		t.Errorf("an unknown protocol's name: %+v", r)
	}
}
