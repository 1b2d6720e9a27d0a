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
		body   string
		scales RatingScales
	}{
		{header + "a\tq\tx\t2\na\tq\ty\t0\nb\tq\tx\t1\nb\tlanding_1\ty\t10\n", RatingScales{}},       // numbers: by value, each type's own
		{header + "a\tq\tx\tno\na\tq\ty\tyes\nb\tq\tx\tmaybe\n", RatingScales{}},                     // words: alphabetical
		{header + "c1\tcoherence\tx\t4\nc1\tcoherence\ty\t5\nc2\tdiversity\tx\t3\n", RatingScales{}}, // ClariMM: the whole 1-5
		{header + "a\tq\tx\tlow\na\tq\ty\thigh\n", RatingScales{Shared: []string{"low", "mid", "high"}}},
		{header + "a\tneed\tx\t4\na\tuse_1\tx\t1\na\tuse_2\ty\t3\n", RatingScales{Of: map[string][]string{"need": {"1", "2", "3", "4"}}}},
		{header + "a\tneed\tx\t4\na\tuse_1\tx\t1\n", RatingScales{Shared: []string{"1", "2", "3", "4"}, Of: map[string][]string{"use": {"1", "2", "3"}}}},
	}
	for i, f := range files {
		rows, err := ReadRatings(strings.NewReader(f.body), "f.tsv")
		if err != nil {
			t.Fatal(err)
		}
		scales := f.scales
		clarimm, err := guidelines.FindShipped("clarimm")
		if err != nil {
			t.Fatal(err)
		}
		if i == 2 { // what agree chose for an all-ClariMM file
			scales.Shared = clarimm.File.Protocol().Categories()
		}
		f.scales.Kinds = []guidelines.Protocol{clarimm.File.Protocol()} // what agree offers
		want, err := RatingsStudy(rows, "f.tsv", scales)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := ReadRatingsStudy(strings.NewReader(f.body), "f.tsv", 0, f.scales)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("file %d: streamed %+v\nrows     %+v", i, got, want)
		}
	}
	off := header + "c1\tcoherence\tx\t4\nc1\tcoherence\ty\t9\n"
	clarimm, _ := guidelines.FindShipped("clarimm")
	_, _, err := ReadRatingsStudy(strings.NewReader(off), "f.tsv", 0, RatingScales{Kinds: []guidelines.Protocol{clarimm.File.Protocol()}})
	if err == nil || !strings.Contains(err.Error(), "f.tsv:3:") {
		t.Errorf("an off-scale ClariMM rating: %v, want f.tsv:3", err)
	}
	_, _, err = ReadRatingsStudy(strings.NewReader(header+"a\tq\tx\tlow\na\tq\ty\thuge\n"), "f.tsv", 0, RatingScales{Shared: []string{"low", "high"}})
	if err == nil || !strings.Contains(err.Error(), "f.tsv:3:") {
		t.Errorf("a label off the given categories: %v, want f.tsv:3", err)
	}
}
