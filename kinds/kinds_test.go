package kinds

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/report"
	"github.com/claritty/claritty/store"
	"github.com/claritty/claritty/store/storetest"
)

// Every kind a set can hold (each built-in, each shipped protocol file's)
// has every part of a descriptor: a protocol with units, a format to
// import its datasets from, an export of its own, statistics, a run bench
// scores (each kind of run once, with its scorer), a screen. A kind missing one fails
// here: this is ARCHITECTURE.md's "write a descriptor" checklist.
func TestEveryKindHasEveryPart(t *testing.T) {
	shipped, err := guidelines.ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	all := Builtins()
	for _, f := range shipped {
		all = append(all, FromFile(f))
	}
	for _, k := range all {
		name := k.Protocol.Kind
		switch {
		case name == "" || len(k.Protocol.AllUnits) == 0:
			t.Errorf("%q: no protocol", name)
		case len(k.Formats) == 0:
			t.Errorf("%s: imports from no format", name)
		case !slices.ContainsFunc(k.Exports, func(e Export) bool { return e.Name == k.Own && e.Release && e.Write != nil }):
			t.Errorf("%s: no release of its own (Own %q)", name, k.Own)
		case k.Stats == nil:
			t.Errorf("%s: no statistics", name)
		case len(k.Runs) == 0:
			t.Errorf("%s: takes no runs", name)
		case slices.ContainsFunc(k.Runs, func(r report.BenchRun) bool { return r.Kind == "" || r.Score == nil }):
			t.Errorf("%s: a run without its kind or its scorer: %+v", name, k.Runs)
		case len(k.Runs) != len(runKindsOf(k)):
			t.Errorf("%s: a kind of run twice: %+v", name, k.Runs)
		case !k.Screen.Made():
			t.Errorf("%s: no screen", name)
		}
		for _, e := range k.Exports {
			if (e.Write == nil) == (e.Labels == nil) {
				t.Errorf("%s: export %s writes neither a release nor labels, or both", name, e.Name)
			}
		}
	}
	for _, k := range all {
		name := k.Protocol.Kind
		if !k.Screen.Made() {
			continue
		}
		if k.Protocol.Attention != nil && !k.Screen.ShowsWhole() {
			t.Errorf("%s asks an attention question, but its screen cannot show the item whole for it", name)
		}
		if got, want := k.Screen.Noun(), k.Protocol.Item(); got != want {
			t.Errorf("%s: its screen shows %ss, its protocol's items are %ss", name, got, want)
		}
	}
}

// No layer reads a kind from anywhere but the set: outside this package
// (and guidelines, which defines protocols), no code names the list of
// built-in kinds, asks whether a name is a protocol file's, keeps a table
// keyed by kind, switches on a built-in kind, registers a kind, or makes a
// protocol file's import format (which protocol files a database may
// import under is the set's to say). A layer that grows such a branch
// again fails here. A check that a dataset is of the one kind a function
// is for (d.Kind != guidelines.ClariMM.Kind) is a guard, not a dispatch.
func TestNoLayerReadsAKindFromElsewhere(t *testing.T) {
	banned := []string{"Protocols", "IsFileKindName", "FileProtocols", "RegisteredFile", "ForKind", "registerKind", "Register"}
	root := ".."
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if d.IsDir() {
			if rel == "kinds" || rel == "guidelines" || strings.HasPrefix(rel, ".") && rel != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		return auditFile(t, path, banned)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// runKindsOf are the kinds of run k takes, each once.
func runKindsOf(k *Kind) map[store.RunKind]bool {
	out := map[store.RunKind]bool{}
	for _, r := range k.Runs {
		out[r.Kind] = true
	}
	return out
}

// testSupport are packages for tests below cmd, which cannot import this
// package (it imports theirs): they offer an import the formats Set.Formats
// would.
var testSupport = []string{"../data/demotest/demotest.go"}

// auditFile reports each use in path of a banned guidelines name, and each
// map keyed by guidelines.Kind.
func auditFile(t *testing.T, path string, banned []string) error {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return err
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "guidelines" && slices.Contains(banned, n.Sel.Name) {
				t.Errorf("%s: guidelines.%s: a kind read from elsewhere than the database's set", fset.Position(n.Pos()), n.Sel.Name)
			}
			if x, ok := n.X.(*ast.Ident); ok && x.Name == "data" && n.Sel.Name == "ProtocolFormat" && !slices.Contains(testSupport, path) {
				t.Errorf("%s: data.ProtocolFormat: a protocol file's format made outside its kind", fset.Position(n.Pos()))
			}
		case *ast.MapType:
			if k, ok := n.Key.(*ast.SelectorExpr); ok && k.Sel.Name == "Kind" {
				if x, ok := k.X.(*ast.Ident); ok && x.Name == "guidelines" {
					t.Errorf("%s: a table keyed by task kind", fset.Position(n.Pos()))
				}
			}
		case *ast.CallExpr:
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "FileOf" && !slices.Contains(fileKindParts, path) {
				t.Errorf("%s: FileOf: a protocol file read whole outside its kind's own parts", fset.Position(n.Pos()))
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if isBuiltinKind(e) {
					t.Errorf("%s: a switch on task kind", fset.Position(e.Pos()))
				}
			}
		case *ast.Ident:
			if n.Name == "registerKind" || n.Name == "protocolFor" {
				t.Errorf("%s: %s", fset.Position(n.Pos()), n.Name)
			}
		}
		return true
	})
	return nil
}

// fileKindParts are the files outside this package that are a protocol
// file's kind's own parts, which FromFile names: its screen, and its
// export in the file's shape, and the named parts a file may name
// ([parts]: the dialogue and request screens, the ratings table, the
// ratings, gold table and choice gold exports). They alone read the file
// whole (FileOf); every other layer asks the kind's protocol what it can do.
var fileKindParts = []string{"../tui/kind_file.go", "../data/protoexport.go", "../data/choicegold.go",
	"../tui/conversation.go", "../report/ratingstats.go", "../data/ratingsexports.go"}

// isBuiltinKind says whether e names a built-in kind: guidelines.X.Kind.
func isBuiltinKind(e ast.Expr) bool {
	sel, ok := e.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Kind" {
		return false
	}
	inner, ok := sel.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := inner.X.(*ast.Ident)
	return ok && pkg.Name == "guidelines"
}

// Two databases open in one process whose kept protocol files share a
// name but differ each work with their own: each set has its own file,
// each imports its own file's data under it, and each one's statistics
// name its own steps.
func TestTwoDatabasesOneName(t *testing.T) {
	ctx := context.Background()
	shipped, err := guidelines.FindShipped("mimics-duo-quality")
	if err != nil {
		t.Fatal(err)
	}
	base := bytes.Replace(shipped.Text, []byte(`name = "mimics-duo-quality"`), []byte(`name = "twin"`), 1)
	other := bytes.ReplaceAll(base, []byte("pane_quality"), []byte("pane_worth"))
	var sets []*Set
	for i, text := range [][]byte{base, other} {
		st := storetest.Open(t)
		lead := storetest.Lead(t, st)
		f, err := guidelines.ParseProtocolFile("twin.toml", text)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.AddProtocol(ctx, lead, f, text); err != nil {
			t.Fatal(err)
		}
		var cells []string
		for _, c := range f.Item.Header {
			if slices.Contains(f.Item.ID, c) || slices.Contains(f.Item.Text, c) || slices.Contains(f.Item.List, c) {
				cells = append(cells, "a")
			} else {
				cells = append(cells, "")
			}
		}
		body := strings.Join(f.Item.Header, "\t") + "\n" + strings.Join(cells, "\t") + "\n"
		set, err := Open(ctx, st)
		if err != nil {
			t.Fatal(err)
		}
		formats, err := set.Formats()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := data.Import(ctx, st, lead, strings.NewReader(body), "twin.tsv", data.Options{Dataset: "twin", Format: "twin", Formats: formats}); err != nil {
			t.Fatalf("database %d: %v", i, err)
		}
		sets = append(sets, set)
		d, err := st.DatasetByName(ctx, "twin")
		if err != nil {
			t.Fatal(err)
		}
		k, err := set.Of(d)
		if err != nil {
			t.Fatal(err)
		}
		r, err := st.ReadGold(ctx, lead, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := k.Stats(ctx, r, d)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := tab.WriteText(&out); err != nil {
			t.Fatal(err)
		}
		want, not := "pane_quality", "pane_worth"
		if i == 1 {
			want, not = not, want
		}
		if !strings.Contains(out.String(), want) || strings.Contains(out.String(), not) {
			t.Errorf("database %d's statistics:\n%s", i, out.String())
		}
		if st.UnitIndex(want) < 0 || st.UnitIndex(not) >= 0 {
			t.Errorf("database %d's units: %s %d, %s %d", i, want, st.UnitIndex(want), not, st.UnitIndex(not))
		}
	}
	p0, _ := sets[0].Protocol("twin")
	p1, _ := sets[1].Protocol("twin")
	if slices.Equal(p0.AllUnits, p1.AllUnits) {
		t.Error("the two sets hold one file")
	}
	var _ store.Dataset
}

// The demo registers its runs over the datasets it names, without asking
// which kinds take them (data has no set): each is a run its dataset's
// kind takes, and the set scores them all.
func TestDemoRunsAreTheirKindsRuns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.Store(t)
	set, err := Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.Datasets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	scored := 0
	for _, d := range ds {
		runs, err := st.Runs(ctx, d.ID)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range runs {
			if !slices.Contains(set.RunKinds(d.Kind), r.Kind) {
				t.Errorf("demo run %s: a %s dataset takes no %s runs", r.Name, d.Kind, r.Kind)
			}
		}
		r := storetest.ReadGold(t, st, d.ID)
		scores, _, err := report.ScoreDataset(ctx, r, d, set.Runs(d.Kind), report.ScoreOptions{})
		if err != nil {
			t.Errorf("dataset %s: %v", d.Name, err)
		}
		scored += len(scores)
	}
	if scored == 0 {
		t.Error("the demo has no runs")
	}
}

// A database's set offers every format it may import, each once: the
// built-in kinds' in the order help lists them (labels after MIMICS's),
// then by name each protocol file's, its own and the shipped ones; a file
// of its own imports by its header under its own kind.
func TestSetFormats(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	shipped, err := guidelines.FindShipped("mimics-duo-rating")
	if err != nil {
		t.Fatal(err)
	}
	text := bytes.Replace(shipped.Text, []byte(`name = "mimics-duo-rating"`), []byte(`name = "aa-own"`), 1)
	text = bytes.Replace(text, []byte(`"offline rating"]`), []byte(`"own rating"]`), 1)
	text = bytes.ReplaceAll(text, []byte(`column = "offline rating"`), []byte(`column = "own rating"`))
	f, err := guidelines.ParseProtocolFile("aa-own.toml", text)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, lead, f, text); err != nil {
		t.Fatal(err)
	}
	set, err := Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	formats, err := set.Formats()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range formats {
		got = append(got, string(f.Name()))
	}
	want := []string{"mimics-manual", "mimics-click", "serp", "labels", "nuggets", "candidates", "pairs",
		"aa-own", "clamber", "clarimm", "clariq", "mimics-duo-aspects", "mimics-duo-quality", "mimics-duo-rating", "necessity", "trec-rag-support"}
	if !slices.Equal(got, want) {
		t.Fatalf("the set's formats:\n%v\nwant\n%v", got, want)
	}
	body := strings.Join(f.Item.Header, "\t") + "\n" + strings.Repeat("a\t", len(f.Item.Header)-1) + "2\n"
	res, err := data.Import(ctx, st, lead, strings.NewReader(body), "own.tsv", data.Options{Formats: formats})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != "aa-own" || res.Items != 1 {
		t.Errorf("imported as %s, %d items", res.Format, res.Items)
	}
}

// The TUI's statistics view of a nuggets or compare dataset shows the
// table stats prints, without the dataset's name over it or the indent
// under it (the view is of one dataset), as it always has; other kinds
// show stats' text as it is.
func TestStatsViewIsStatsTable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := demotest.Store(t)
	set, err := Open(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := st.Datasets(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		r := storetest.ReadGold(t, st, d.ID)
		k, err := set.Of(d)
		if err != nil {
			t.Fatal(err)
		}
		tab, err := k.Stats(ctx, r, d)
		if err != nil {
			t.Fatal(err)
		}
		var printed bytes.Buffer
		if err := tab.WriteText(&printed); err != nil {
			t.Fatal(err)
		}
		view, err := set.StatsText(ctx, r, d)
		if err != nil {
			t.Fatal(err)
		}
		want := printed.String()
		if d.Kind == guidelines.Nuggets.Kind {
			lines := strings.Split(strings.TrimSuffix(want, "\n"), "\n")
			if lines[0] != d.Name {
				t.Fatalf("stats of %s begins %q", d.Name, lines[0])
			}
			for i, l := range lines[1:] {
				lines[i+1] = strings.TrimPrefix(l, "  ")
			}
			want = strings.Join(lines[1:], "\n")
		} else if d.Kind == guidelines.Compare.Kind {
			want = strings.TrimSuffix(want, "\n")
		}
		if view != want {
			t.Errorf("%s: the view shows\n%s\nwant\n%s", d.Name, view, want)
		}
	}
}

// Every part name a protocol file may give has its Go part, and every Go
// part is a name a file may give.
func TestEveryPartNameHasItsCode(t *testing.T) {
	have := map[string][]string{
		"reader":  slices.Sorted(maps.Keys(readers)),
		"screen":  slices.Sorted(maps.Keys(screens)),
		"stats":   slices.Sorted(maps.Keys(statsParts)),
		"runs":    slices.Sorted(maps.Keys(runParts)),
		"exports": slices.Sorted(maps.Keys(exportParts)),
	}
	for part, names := range guidelines.PartNames {
		if !slices.Equal(slices.Sorted(slices.Values(names)), have[part]) {
			t.Errorf("%s: a file may name %v, the code has %v", part, names, have[part])
		}
	}
}

// A kind built into the code takes its parts from the names its shipped
// file gives (its formats, screen, statistics, runs and releases, as they
// were before the file named them), and its Go protocol is the file's
// kind; MIMICS's file's header is the MIMICS-Manual release's.
func TestBuiltInKindsAreTheirFilesParts(t *testing.T) {
	want := map[guidelines.Kind]struct {
		formats, exports []string
		runs             []report.BenchRun
	}{
		"mimics": {[]string{"mimics-manual", "mimics-click", "serp"}, []string{"mimics-manual"},
			[]report.BenchRun{{Kind: store.RunTREC, Score: report.ScoreTREC}, {Kind: store.RunLabels, Score: report.ScoreLabels}, {Kind: store.RunQuestions, Score: report.ScoreQuestions}}},
		"compare": {[]string{"pairs"}, []string{"pairs-gold"}, []report.BenchRun{{Kind: store.RunLabels, Score: report.ScoreVerdicts}}},
		"nuggets": {[]string{"nuggets", "candidates"}, []string{"nugget-judgements", "nuggetizer"},
			[]report.BenchRun{{Kind: store.RunNuggets, Score: report.ScoreNuggetsRun}, {Kind: store.RunLabels, Score: report.ScoreAssignments}}},
	}
	for _, k := range Builtins() {
		w, ok := want[k.Protocol.Kind]
		if !ok {
			continue
		}
		pt, ok := guidelines.KindFile(k.Protocol.Kind)
		if !ok {
			t.Errorf("%s: no shipped file", k.Protocol.Kind)
			continue
		}
		var formats, exports []string
		for _, f := range k.Formats {
			formats = append(formats, string(f.Name()))
		}
		for _, e := range k.Exports {
			exports = append(exports, e.Name)
		}
		if !slices.Equal(formats, w.formats) || !slices.Equal(exports, w.exports) || k.Own != w.exports[0] {
			t.Errorf("%s: formats %q, exports %q (own %q)", k.Protocol.Kind, formats, exports, k.Own)
		}
		if len(k.Runs) != len(w.runs) {
			t.Errorf("%s: runs %+v", k.Protocol.Kind, k.Runs)
		}
		for i := range min(len(k.Runs), len(w.runs)) {
			if k.Runs[i].Kind != w.runs[i].Kind || reflect.ValueOf(k.Runs[i].Score).Pointer() != reflect.ValueOf(w.runs[i].Score).Pointer() {
				t.Errorf("%s: run %d is %s scored otherwise than %s's scorer", k.Protocol.Kind, i+1, k.Runs[i].Kind, w.runs[i].Kind)
			}
		}
		if !k.Screen.Made() || k.Stats == nil {
			t.Errorf("%s: no screen or statistics from its file", k.Protocol.Kind)
		}
		if pt.File.Parts.Screen == "" || pt.File.Parts.Stats == "" || pt.File.Parts.Reader == "" {
			t.Errorf("%s: its file names no reader, screen or statistics: %+v", k.Protocol.Kind, pt.File.Parts)
		}
	}
	mimics, _ := guidelines.KindFile("mimics")
	if got := strings.Join(mimics.File.Item.Header, "\t"); got != data.ManualHeader() {
		t.Errorf("mimics.toml's header %q, the release's %q", got, data.ManualHeader())
	}
}

// Necessity is the shipped file, not Go: its kind is FromFile's with the
// parts it names (the request screen, the choice statistics, labels and
// questions runs, the choice gold as KIND-gold), and a copy renamed is a
// kind of its own with the same parts under its own name.
func TestNecessityIsItsFile(t *testing.T) {
	shipped, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"necessity", "asks-first"} {
		text := bytes.Replace(shipped.Text, []byte(`name = "necessity"`), []byte(`name = "`+name+`"`), 1)
		f, err := guidelines.ParseProtocolFile(name+".toml", text)
		if err != nil {
			t.Fatal(err)
		}
		k := FromFile(guidelines.ProtocolText{File: f, Text: text})
		var exports []string
		for _, e := range k.Exports {
			exports = append(exports, e.Name)
		}
		if want := []string{name, name + "-gold"}; !slices.Equal(exports, want) {
			t.Errorf("%s: exports %v, want %v", name, exports, want)
		}
		if runs := runKindsOf(k); len(runs) != 2 || !runs[store.RunLabels] || !runs[store.RunQuestions] {
			t.Errorf("%s: runs %v", name, runs)
		}
		if k.Protocol.Kind != guidelines.Kind(name) || !k.Protocol.Named || k.Protocol.NameOf("facet", 2) != "none" {
			t.Errorf("%s: protocol %s, named %v", name, k.Protocol.Kind, k.Protocol.Named)
		}
	}
	for _, k := range Builtins() {
		if k.Protocol.Kind == "necessity" {
			t.Error("necessity is still built into the code")
		}
	}
}

// Help lists the shipped kinds' exports in the order it always has: every
// shipped file's named exports (none left out), kind by kind, then each
// built-in kind's own.
func TestExportsInHelpsOrder(t *testing.T) {
	var got []string
	for _, e := range Exports() {
		got = append(got, e.Name)
	}
	want := []string{"mimics-manual", "clarimm-ratings", "clarimm-gold", "nugget-judgements", "nuggetizer", "necessity-gold", "pairs-gold",
		"mimics", "nuggets", "compare"}
	if !slices.Equal(got, want) {
		t.Errorf("exports %q, want %q", got, want)
	}
	shipped, err := guidelines.ShippedProtocols()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range shipped {
		for _, part := range s.File.Parts.Exports {
			if name := string(s.File.Name) + guidelines.ExportSuffixes[part]; !slices.Contains(got, name) {
				t.Errorf("%s's export %s (%s) is not listed", s.File.Name, name, part)
			}
		}
	}
}
