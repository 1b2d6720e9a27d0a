package data

import (
	"strings"
	"testing"
)

func TestReadRatings(t *testing.T) {
	t.Parallel()
	rows, err := ReadRatings(strings.NewReader(LabelsHeader+"\nabc\tlanding_2\tana\t1\t2026-01-01T00:00:00.000Z\t2026-01-02T00:00:00.000Z\t3.5\n"), "l.tsv")
	if err != nil || len(rows) != 1 {
		t.Fatalf("%v %v", rows, err)
	}
	if r := rows[0]; r.Line != 2 || r.Unit != "landing_2" || r.Label != "1" || r.Seconds != "3.5" ||
		r.CreatedAt != "2026-01-01T00:00:00.000Z" || r.UpdatedAt != "2026-01-02T00:00:00.000Z" {
		t.Fatalf("row %+v", r)
	}
	for body, want := range map[string]string{
		"":                                  "l.tsv: file is empty",
		"item\tunit\tlabel\n":               `l.tsv:1: the header must start with item, unit, annotator, label (or a KIND-ratings export's: its items' name, unit, annotator, rating), tab-separated: column "annotator" is missing`,
		"conversation\tunit\tannotator\n":   `l.tsv:1: the header must start with item, unit, annotator, label (or a KIND-ratings export's: its items' name, unit, annotator, rating), tab-separated: column "rating" is missing`,
		"unit\titem\tannotator\tlabel\n":    `l.tsv:1: the header must start with item, unit, annotator, label (or a KIND-ratings export's: its items' name, unit, annotator, rating), tab-separated: column 1 is "unit", where the header has "item"`,
		RatingsHeader + "\ni\tq\tana\n":     `l.tsv:2: 3 fields, want 4 like the header: column "label" is missing`,
		RatingsHeader + "\tseconds\ni\tq\n": `l.tsv:2: 2 fields, want 5 like the header: columns "annotator", "label", "seconds" are missing`,
		"conversation\tunit\tannotator\trating\nc\tq\tana\t\n": "l.tsv:2: rating is empty",
		RatingsHeader + "\ni\tq\t\t2\n":                        "l.tsv:2: annotator is empty",
		RatingsHeader + "\ni\tq\ta\x1b[31m\t\n":                "l.tsv:2: label is empty",
		RatingsHeader + "\tseconds\tseconds\n":                 "l.tsv:1: column \"seconds\" appears twice",
	} {
		if _, err := ReadRatings(strings.NewReader(body), "l.tsv"); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", body, err, want)
		}
	}
	// Names from the file are shown harmlessly in errors.
	_, _, err = ReadRatingsStudy(strings.NewReader(RatingsHeader+"\ni\tq\ta\t\x1b[31m\n"), "l.tsv", 0, RatingScales{Shared: []string{"0"}})
	if err == nil || strings.Contains(err.Error(), "\x1b") {
		t.Errorf("error %q", err)
	}
}

// A KIND-ratings header's first column is any name a kind's items may
// have (capitals, spaces, digits, letters past ASCII), but not an empty
// or blank one, nor one a terminal would act on.
func TestRatingsHeaderNamesItemsAnyDrawableWay(t *testing.T) {
	for _, first := range []string{"conversation", "Dialogue", "QA pair", "réponse", "chats2"} {
		if _, err := ReadRatings(strings.NewReader(first+"\tunit\tannotator\trating\nc\tq\tana\t3\n"), "l.tsv"); err != nil {
			t.Errorf("%q: %v", first, err)
		}
	}
	for _, first := range []string{"", " ", "talk\x1b[31m", "talk\u202e"} {
		if _, err := ReadRatings(strings.NewReader(first+"\tunit\tannotator\trating\nc\tq\tana\t3\n"), "l.tsv"); err == nil || !strings.Contains(err.Error(), "l.tsv:1: the header must start with") {
			t.Errorf("%q: %v", first, err)
		}
	}
}
