package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A conversation import's summary counts its placeholders in good
// English: one image shows as a placeholder, two as placeholders.
func TestImportSummaryPlaceholders(t *testing.T) {
	bin := binary(t)
	dir := t.TempDir()
	for n, want := range map[int]string{1: "; 1 image shows as a placeholder\n", 2: "; 2 images show as placeholders\n"} {
		imgs := `["gone.png"]`
		if n == 2 {
			imgs = `["gone.png", "lost.png"]`
		}
		path := filepath.Join(dir, "c.jsonl")
		os.WriteFile(path, []byte(`{"id": "c1", "topic": "t", "facet": "f", "turns": [{"question": "q", "images": `+imgs+`, "answer": "a"}]}`+"\n"), 0o644)
		r := runBin(t, bin, filepath.Join(dir, strings.Repeat("n", n)+".db"), "import", "--dataset", "convs", path)
		if r.code != 0 || !strings.HasSuffix(r.stderr, want) {
			t.Errorf("%d missing (exit %d): %q, want it to end %q", n, r.code, r.stderr, want)
		}
	}
}
