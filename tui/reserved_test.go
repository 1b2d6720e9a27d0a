package tui

import (
	"reflect"
	"slices"
	"testing"

	"charm.land/bubbles/v2/key"

	"github.com/claritty/claritty/guidelines"
)

// Every key the HIT screen binds is among guidelines.ReservedKeys, the
// keys a protocol file's scale may not take: a key added here and not
// there would let a lead's scale shadow it.
func TestHITKeysAreReserved(t *testing.T) {
	var walk func(v reflect.Value)
	n := 0
	walk = func(v reflect.Value) {
		for i := range v.NumField() {
			switch f := v.Field(i); {
			case f.Type() == reflect.TypeFor[key.Binding]():
				for _, k := range f.Interface().(key.Binding).Keys() {
					n++
					if !slices.Contains(guidelines.ReservedKeys, k) {
						t.Errorf("the HIT screen binds %q (%s), which guidelines.ReservedKeys leaves to scales", k, v.Type().Field(i).Name)
					}
				}
			case f.Kind() == reflect.Struct:
				walk(f)
			}
		}
	}
	walk(reflect.ValueOf(defaultHITKeys()))
	if n < 20 {
		t.Fatalf("only %d keys found: the walk missed the key map", n)
	}
}
