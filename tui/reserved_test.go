package tui

import (
	"reflect"
	"slices"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/claritty/claritty/guidelines"
)

// boundKeys walks a key map (a struct of key.Bindings, and structs of
// them) and calls see with each key each binding holds, and its field.
func boundKeys(km any, see func(k, field string)) {
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		for i := range v.NumField() {
			switch f := v.Field(i); {
			case f.Type() == reflect.TypeFor[key.Binding]():
				for _, k := range f.Interface().(key.Binding).Keys() {
					see(k, v.Type().Field(i).Name)
				}
			case f.Kind() == reflect.Struct:
				walk(f)
			}
		}
	}
	walk(reflect.ValueOf(km))
}

// Every key the HIT screen binds is among guidelines.ReservedKeys, the
// keys a protocol file's scale may not take: a key added here and not
// there would let a lead's scale shadow it. So is y, which answers the
// give-back question.
func TestHITKeysAreReserved(t *testing.T) {
	n := 0
	boundKeys(struct {
		hitKeys
		GiveBackYes key.Binding
	}{defaultHITKeys(), giveBackYes}, func(k, field string) {
		n++
		if !slices.Contains(guidelines.ReservedKeys, k) {
			t.Errorf("the HIT screen binds %q (%s), which guidelines.ReservedKeys leaves to scales", k, field)
		}
	})
	if n < 20 {
		t.Fatalf("only %d keys found: the walk missed the key map", n)
	}
}

// Every key the adjudication screen binds is among
// guidelines.AdjudicationKeys (there a scale's key decides a unit, and
// x withdrew a decision, d showed the decided), but its decide keys for
// the built-in scale, which are that scale's own keys.
func TestAdjudicationKeysAreReserved(t *testing.T) {
	n := 0
	decide := map[string]bool{"Good": true, "Fair": true, "Bad": true}
	boundKeys(defaultAdjKeys(), func(k, field string) {
		if decide[field] {
			if !slices.ContainsFunc(guidelines.GoodFairBad, func(l guidelines.Label) bool { return l.Key == k }) {
				t.Errorf("the adjudication screen decides with %q (%s), not a key of the scale", k, field)
			}
			return
		}
		n++
		if !slices.Contains(guidelines.AdjudicationKeys, k) {
			t.Errorf("the adjudication screen binds %q (%s), which guidelines.AdjudicationKeys leaves to scales", k, field)
		}
	})
	if n < 15 {
		t.Fatalf("only %d keys found: the walk missed the key map", n)
	}
}
