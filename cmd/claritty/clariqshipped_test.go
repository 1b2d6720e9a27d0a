package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
)

// ClariQ's files import as released with the built binary, known by their
// header (a topic of 27 distinct questions one request); export --format
// clariq writes the file back byte for byte; stats gives the need
// distribution the file has; a merged usefulness_27 label stores and comes
// out in the labels export.
func TestShippedClariQOverCLI(t *testing.T) {
	tm := newTeam(t)
	body := datatest.ClariQRelease()
	r := tm.run(t, "", "", "import", tm.file(t, "dev.tsv", body))
	if r.code != 0 || !strings.Contains(r.stderr, `clariq → dataset "dev": 3 requests added`) {
		t.Fatalf("import: %+v", r)
	}
	out := filepath.Join(tm.dir, "out.tsv")
	if r := tm.run(t, "", "", "export", "--format", "clariq", "--dataset", "dev", "--out", out); r.code != 0 {
		t.Fatalf("export: %+v", r)
	}
	if got, err := os.ReadFile(out); err != nil || string(got) != body {
		t.Errorf("export --format clariq is not the file (%v):\n%s", err, got)
	}
	var stats struct {
		Types []struct {
			Name         string
			Distribution []struct{ Value, N int }
		}
	}
	r = tm.run(t, "", "", "stats", "--dataset", "dev", "--json")
	if err := json.Unmarshal([]byte(r.stdout), &stats); err != nil || len(stats.Types) == 0 || stats.Types[0].Name != "need" {
		t.Fatalf("stats --json: %v %+v", err, r)
	}
	want := datatest.ClariQNeeds(body)
	for _, d := range stats.Types[0].Distribution {
		if d.N != want[d.Value] {
			t.Errorf("stats: need %d on %d requests, the file %d", d.Value, d.N, want[d.Value])
		}
	}
	uid := datatest.ProtocolUID("201")
	merge := "item\tunit\tannotator\tlabel\n" + uid + "\tneed\tana\t3\n" + uid + "\tusefulness_27\tana\t2\n"
	if r := tm.run(t, "", "", "import", "--format", "labels", tm.file(t, "ana.tsv", merge)); r.code != 0 {
		t.Fatalf("merge: %+v", r)
	}
	labels := tm.run(t, "", "", "export", "--format", "labels", "--dataset", "dev").stdout
	if !strings.Contains(labels, uid+"\tusefulness_27\tana\t2\t") {
		t.Errorf("the labels export has no usefulness_27:\n%s", labels)
	}
}
