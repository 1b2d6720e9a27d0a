package tui

import (
	"strings"
	"testing"
	"time"
)

// BenchmarkServedFrame measures handing a frame to a served session's
// screen, the frame laid out each time: a scroll key's frame and a clock
// tick's (the header alone), each as the screen took it before
// (View's content, split at its newlines) and as it takes it now
// (FrameLines).
//
//	go test ./tui -run '^$' -bench ServedFrame -benchmem
func BenchmarkServedFrame(b *testing.B) {
	hand := map[string]func(m *Model) int{
		"split": func(m *Model) int { return len(strings.Split(m.View().Content, "\n")) },
		"lines": func(m *Model) int { return len(m.FrameLines()) },
	}
	for _, how := range []string{"split", "lines"} {
		b.Run("scroll/"+how, func(b *testing.B) {
			h := newHarness(b, 80, 24)
			keys := []string{"down", "up"}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h.m.Update(keyMsg(keys[i%2]))
				if hand[how](h.m) != 24 {
					b.Fatal("a frame is not 24 lines")
				}
			}
		})
		b.Run("tick/"+how, func(b *testing.B) {
			h := newHarness(b, 80, 24)
			h.keys("enter")
			h.m.cfg.Clock = time.Second
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				h.m.Update(clockMsg{}) // its command, the next tick, is not run
				if hand[how](h.m) != 24 {
					b.Fatal("a frame is not 24 lines")
				}
			}
		})
	}
}
