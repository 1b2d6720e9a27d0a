package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// A kind's generic statistics (no [parts] stats) name a choice's labels by
// the element picked, or none, not by the value stored (necessity's file
// stores facet k as k + 2): necessity's file without its choice
// statistics, over the demo's labels.
func TestGenericStatsNameTheChoice(t *testing.T) {
	bin := binary(t)
	shipped, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	own := strings.Replace(string(shipped.Text), `name = "necessity"`, `name = "asks-plain"`, 1)
	own = strings.Replace(own, "stats = \"choice\"\n", "", 1)
	path := filepath.Join(dir, "asks-plain.toml")
	os.WriteFile(path, []byte(own), 0o644)
	demo := filepath.Join("..", "..", "data", "demo", "clarilm")
	for _, args := range [][]string{
		{"protocols", "add", path},
		{"import", "--format", "asks-plain", "--dataset", "d", filepath.Join(demo, "demo-necessity.jsonl")},
		{"import", "--dataset", "d", filepath.Join(demo, "demo-necessity-labels.tsv")},
	} {
		if r := runBin(t, bin, db, args...); r.code != 0 {
			t.Fatalf("%v: %s", args, r.stderr)
		}
	}
	r := runBin(t, bin, db, "stats", "--dataset", "d")
	if r.code != 0 {
		t.Fatalf("stats: %s", r.stderr)
	}
	if !strings.Contains(r.stdout, "necessity  12  0.7500 ± 0.4330  no:3 yes:9") {
		t.Errorf("the yes/no step's distribution is not by its names:\n%s", r.stdout)
	}
	var facet string
	for _, l := range strings.Split(r.stdout, "\n") {
		if strings.HasPrefix(l, "facet ") {
			facet = l
			break
		}
	}
	dist := strings.Fields(facet)
	if len(dist) == 0 || !strings.Contains(facet, " 1:") || !strings.Contains(facet, " none:") || strings.Contains(facet, " 11:") || strings.Contains(facet, " 10:") {
		t.Errorf("the facet step's distribution names stored values, not facets and none:\n%s", r.stdout)
	}
}
