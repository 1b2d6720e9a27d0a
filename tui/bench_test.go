package tui

import (
	"testing"
)

// BenchmarkKeystroke measures one keystroke's Update plus the View that
// follows it. Store calls run on the worker, off this path, as in the
// program.
//
//	go test ./tui -run '^$' -bench Keystroke
func BenchmarkKeystroke(b *testing.B) {
	for _, size := range []struct {
		name string
		w, h int
	}{{"80x24", 80, 24}, {"200x60", 200, 60}} {
		b.Run("label/"+size.name, func(b *testing.B) {
			h := newHarness(b, size.w, size.h)
			h.keys("enter", "2", "1") // on the first landing page
			keys := []string{"2", "left"}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h.m.Update(keyMsg(keys[i%2]))
				_ = h.m.View()
			}
		})
		b.Run("scroll/"+size.name, func(b *testing.B) {
			h := newHarness(b, size.w, size.h)
			keys := []string{"down", "up"}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h.m.Update(keyMsg(keys[i%2]))
				_ = h.m.View()
			}
		})
	}
}
