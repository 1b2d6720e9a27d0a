package data

import (
	"reflect"
	"strings"
	"testing"

	"github.com/claritty/claritty/guidelines"
)

// Reading a labels file straight into a study (ReadRatingsStudy, what
// `agree --ratings` does without keeping the rows) gives the study the
// rows give (ReadRatings, then RatingsStudy), on every way the scale is
// chosen, and the same file:line for a label off the scale.
func TestStreamedStudyIsTheRowsStudy(t *testing.T) {
	t.Parallel()
	header := RatingsHeader + "\n"
	files := []struct {
		body string
		cats []string
	}{
		{header + "a\tq\tx\t2\na\tq\ty\t0\nb\tq\tx\t1\nb\tlanding_1\ty\t10\n", nil},       // numbers: by value, 10 after 2
		{header + "a\tq\tx\tno\na\tq\ty\tyes\nb\tq\tx\tmaybe\n", nil},                     // words: alphabetical
		{header + "c1\tcoherence\tx\t4\nc1\tcoherence\ty\t5\nc2\tdiversity\tx\t3\n", nil}, // ClariMM: the whole 1-5
		{header + "a\tq\tx\tlow\na\tq\ty\thigh\n", []string{"low", "mid", "high"}},
	}
	for i, f := range files {
		rows, err := ReadRatings(strings.NewReader(f.body), "f.tsv")
		if err != nil {
			t.Fatal(err)
		}
		cats := f.cats
		if i == 2 { // what agree chose for an all-ClariMM file
			cats = guidelines.ClariMM.Categories()
		}
		want, err := RatingsStudy(rows, "f.tsv", cats)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := ReadRatingsStudy(strings.NewReader(f.body), "f.tsv", 0, f.cats)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("file %d: streamed %+v\nrows     %+v", i, got, want)
		}
	}
	off := header + "c1\tcoherence\tx\t4\nc1\tcoherence\ty\t9\n"
	_, _, err := ReadRatingsStudy(strings.NewReader(off), "f.tsv", 0, nil)
	if err == nil || !strings.Contains(err.Error(), "f.tsv:3:") {
		t.Errorf("an off-scale ClariMM rating: %v, want f.tsv:3", err)
	}
	_, _, err = ReadRatingsStudy(strings.NewReader(header+"a\tq\tx\tlow\na\tq\ty\thuge\n"), "f.tsv", 0, []string{"low", "high"})
	if err == nil || !strings.Contains(err.Error(), "f.tsv:3:") {
		t.Errorf("a label off the given categories: %v, want f.tsv:3", err)
	}
}
