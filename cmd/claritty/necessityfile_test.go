package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// Necessity is the protocol file claritty ships: protocols show prints
// it, and its kind, and a copy of it renamed (a kind of the lead's own),
// import the demo's requests and labels and write what claritty wrote
// before it was a file, byte for byte (testdata/necessity, written by the
// release before): the labels export's yes, no, 1-9 and none, the gold
// per request, the generic gold export's stored values (facet k is k + 2),
// the statistics and the agreement.
func TestNecessityFileWritesAsBefore(t *testing.T) {
	bin := binary(t)
	shipped, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	demo := filepath.Join("..", "..", "data", "demo", "clarilm")
	for _, kind := range []string{"necessity", "asks-first"} {
		t.Run(kind, func(t *testing.T) {
			dir := t.TempDir()
			db := filepath.Join(dir, "c.db")
			show := runBin(t, bin, db, "protocols", "show", "necessity")
			if show.code != 0 || show.stdout != string(shipped.Text) {
				t.Fatalf("protocols show necessity (exit %d) does not print the shipped file:\n%s%s", show.code, show.stdout, show.stderr)
			}
			if kind != "necessity" {
				own := strings.Replace(show.stdout, `name = "necessity"`, `name = "`+kind+`"`, 1)
				path := filepath.Join(dir, kind+".toml")
				if err := os.WriteFile(path, []byte(own), 0o644); err != nil {
					t.Fatal(err)
				}
				if r := runBin(t, bin, db, "protocols", "add", path); r.code != 0 {
					t.Fatalf("protocols add: %s", r.stderr)
				}
			}
			for _, args := range [][]string{
				{"import", "--format", kind, "--dataset", "demo-necessity", filepath.Join(demo, "demo-necessity.jsonl")},
				{"import", "--dataset", "demo-necessity", filepath.Join(demo, "demo-necessity-labels.tsv")},
			} {
				if r := runBin(t, bin, db, args...); r.code != 0 {
					t.Fatalf("%v: %s", args, r.stderr)
				}
			}
			if r := runBin(t, bin, db, "protocols"); !strings.Contains(r.stdout, kind) {
				t.Fatalf("protocols does not list %s:\n%s", kind, r.stdout)
			}
			sshOwnLabels(t, bin, db, dir)
			for _, c := range []struct {
				golden string
				args   []string
			}{
				{"labels", []string{"export", "--dataset", "demo-necessity", "--format", "labels"}},
				{"necessity-gold", []string{"export", "--dataset", "demo-necessity", "--format", kind + "-gold"}},
				// The kind's own release ([parts] own = "choice-gold").
				{"necessity-gold", []string{"export", "--dataset", "demo-necessity", "--format", kind}},
				// The generic gold export writes stored values, as before:
				// facet k is k + 2, none 2 (necessity.toml's first = 3).
				{"gold", []string{"export", "--dataset", "demo-necessity", "--format", "gold"}},
				{"gold-text", []string{"export", "--dataset", "demo-necessity", "--format", "gold", "--with-text"}},
				{"gold-incomplete", []string{"export", "--dataset", "demo-necessity", "--format", "gold", "--include-incomplete"}},
				{"stats", []string{"stats", "--dataset", "demo-necessity"}},
				{"statsj", []string{"stats", "--json", "--dataset", "demo-necessity"}},
				{"agreej", []string{"agree", "--json", "--dataset", "demo-necessity"}},
			} {
				r := runBin(t, bin, db, c.args...)
				want, err := os.ReadFile(filepath.Join("testdata", "necessity", c.golden+".golden"))
				if err != nil {
					t.Fatal(err)
				}
				if r.code != 0 || r.stdout != string(want) {
					t.Errorf("%v (exit %d): %s\ngot\n%s\nwant\n%s", c.args, r.code, r.stderr, r.stdout, want)
				}
				// A release's summary on stderr, where the release before's
				// was kept.
				if stderr, err := os.ReadFile(filepath.Join("testdata", "necessity", c.golden+".stderr.golden")); err == nil && r.stderr != string(stderr) {
					t.Errorf("%s's summary:\n%s\nwant\n%s", c.args, r.stderr, stderr)
				}
			}
		})
	}
}

// sshOwnLabels: an annotator's own labels over SSH are the lines of the
// release before's labels export that are theirs, each label by its own
// unit's scale (yes, no; a facet's number, none).
func sshOwnLabels(t *testing.T, bin, db, dir string) {
	t.Helper()
	signer, pub := sshKey(t, dir, "demo-kai")
	if r := runBin(t, bin, db, "annotators", "demo-kai", "--role", "annotator", "--key-file", pub); r.code != 0 {
		t.Fatalf("register demo-kai's key: %+v", r)
	}
	c, err := sshDial(t, startServe(t, db).addr, signer)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	all, err := os.ReadFile(filepath.Join("testdata", "necessity", "labels.golden"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(all), "\n")
	want := lines[0]
	for _, l := range lines[1:] {
		if strings.Contains(l, "\tdemo-kai\t") {
			want += l
		}
	}
	if r := sshRun(t, c, "", "export --format labels --dataset demo-necessity"); r.code != 0 || r.stdout != want {
		t.Errorf("demo-kai's labels over SSH (exit %d): %s\ngot\n%s\nwant\n%s", r.code, r.stderr, r.stdout, want)
	}
}
