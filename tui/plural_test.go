package tui

import (
	"context"
	"testing"

	"github.com/claritty/claritty/store/storetest"
)

// A request with one candidate facet says so in the singular when a key
// past it is pressed.
func TestOneFacetInTheSingular(t *testing.T) {
	st := storetest.Open(t)
	importText(t, st, "nec", formatNecessity, `{"id": "r1", "request": "Book it", "facets": ["for two"]}`+"\n")
	ana, _ := st.EnsureAnnotator(context.Background(), "ana")
	h := startOn(t, st, ana, "nec", 80, 24, false)
	h.expect("Book it")
	h.keys("1")
	h.expect("Which facet should be clarified first?")
	h.keys("2")
	h.expect("this request has 1 candidate facet: 1, or ")
}
