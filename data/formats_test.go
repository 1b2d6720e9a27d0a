package data

import (
	"slices"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// Every format import reads is among guidelines.FormatNames, the names a
// protocol file's kind may not take: a kind of a format's name would be
// imported under the format, never under the kind (--format NAME).
func TestImportFormatsAreNoKindNames(t *testing.T) {
	t.Parallel()
	for _, f := range Formats {
		if !slices.Contains(guidelines.FormatNames, f) {
			t.Errorf("import format %q is not in guidelines.FormatNames: a protocol could take its name", f)
		}
		if guidelines.IsFileKindName(guidelines.Kind(f)) {
			t.Errorf("import format %q could name a protocol file's kind", f)
		}
	}
	if len(Formats) < 9 {
		t.Fatalf("only %d import formats: %v", len(Formats), Formats)
	}
}
