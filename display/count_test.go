package display

import "testing"

// Count takes the singular at one only: zero, many and negative counts take
// the plural, and a noun's own plural is used as given.
func TestCount(t *testing.T) {
	t.Parallel()
	cases := []struct {
		n         int64
		one, many string
		want      string
	}{
		{0, "game", "games", "0 games"},
		{1, "game", "games", "1 game"},
		{2, "game", "games", "2 games"},
		{1, "query", "queries", "1 query"},
		{11, "query", "queries", "11 queries"},
		{1, "unit waits", "units wait", "1 unit waits"},
		{21, "unit waits", "units wait", "21 units wait"},
		{-1, "day", "days", "-1 days"},
		{1_000_000_000_000, "row", "rows", "1000000000000 rows"},
	}
	for _, c := range cases {
		if got := Count(c.n, c.one, c.many); got != c.want {
			t.Errorf("Count(%d, %q, %q) = %q, want %q", c.n, c.one, c.many, got, c.want)
		}
	}
	if got := Count(1, "item", "items"); got != "1 item" {
		t.Errorf("an int count: %q", got)
	}
}

// Noun is the form Count puts after the number.
func TestNoun(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{0: "pairs", 1: "pair", 2: "pairs", 1000: "pairs"} {
		if got := Noun(n, "pair", "pairs"); got != want {
			t.Errorf("Noun(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestPlural(t *testing.T) {
	for noun, want := range map[string]string{"query": "queries", "pane": "panes", "day": "days", "box": "boxes",
		"match": "matches", "conversation": "conversations", "topic": "topics", "bus": "buses"} {
		if got := Plural(noun); got != want {
			t.Errorf("Plural(%q) = %q, want %q", noun, got, want)
		}
	}
}

// Capitalised upper-cases the first letter, past ASCII too, and leaves ""
// as it is (not a replacement character).
func TestCapitalised(t *testing.T) {
	for in, want := range map[string]string{"turn": "Turn", "élément": "Élément", "": "", "Turn": "Turn"} {
		if got := Capitalised(in); got != want {
			t.Errorf("Capitalised(%q) = %q, want %q", in, got, want)
		}
	}
}
