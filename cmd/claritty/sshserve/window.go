package sshserve

import (
	"sync"

	"charm.land/ssh"
)

// MaxWidth and MaxHeight bound the window a session is drawn at. A client
// says how large its terminal is, and the renderer allocates a cell buffer
// of that size: 2147483647×2147483647 took the whole server down, and
// 100000×100000 held 4.5 GB for one session. A larger window than this is
// drawn at this size (the rest of the client's screen stays blank); a real
// terminal on a 4K screen at a small font is about 400×120.
const (
	MaxWidth  = 500
	MaxHeight = 200
)

// ClampWindow brings a client's window within MaxWidth × MaxHeight.
func ClampWindow(w ssh.Window) ssh.Window {
	w.Width = clamp(w.Width, MaxWidth)
	w.Height = clamp(w.Height, MaxHeight)
	// Pixels are the client's too; nothing here draws by them.
	w.WidthPixels = clamp(w.WidthPixels, 16*MaxWidth)
	w.HeightPixels = clamp(w.HeightPixels, 32*MaxHeight)
	return w
}

func clamp(v, most int) int {
	switch {
	case v < 0:
		return 0
	case v > most:
		return most
	}
	return v
}

// clampedPty holds the session's terminal request with its window
// clamped, and the window changes the same way, made once per session.
type clampedPty struct {
	once  sync.Once
	pty   ssh.Pty
	winch <-chan ssh.Window
	ok    bool
}

// Pty is the client's terminal request as the server uses it: its window
// and every later window change come clamped by ClampWindow, before
// anything (the program's first frame, a resize) allocates for them.
func (s *Session) Pty() (ssh.Pty, <-chan ssh.Window, bool) {
	c := s.clamped
	c.once.Do(func() {
		pty, winch, ok := s.Session.Pty()
		pty.Window = ClampWindow(pty.Window)
		c.pty, c.ok = pty, ok
		if winch == nil {
			return
		}
		out := make(chan ssh.Window, 1)
		c.winch = out
		go func() {
			// Ends when the session's requests end (its channel is closed
			// then), or when the session does and nobody reads any more.
			defer close(out)
			for w := range winch {
				select {
				case out <- ClampWindow(w):
				case <-s.Context().Done():
					return
				}
			}
		}()
	})
	return c.pty, c.winch, c.ok
}
