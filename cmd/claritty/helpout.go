package main

import (
	"io"

	"github.com/spf13/cobra"
)

// Fang draws help with Lip Gloss blocks of a fixed width (the terminal's,
// at most 120 columns), so every line of it came padded with spaces to
// that width: a pager, a diff or a copy into a file kept them all. Its
// styles are not ours to set, so the help goes through trailingSpaces,
// which drops the spaces that end a line; colours and the text stay.

// trimHelp makes root's output drop the spaces that end a line until a
// command runs: help and usage (drawn before any command's hooks) come
// out without them, and a command's own output (an export to standard
// output, whose text a trailing space may end) goes out as written. The
// help command is help too.
func trimHelp(root *cobra.Command) {
	out := root.OutOrStdout()
	root.SetOut(&trailingSpaces{w: out})
	root.PersistentPreRun = func(cmd *cobra.Command, _ []string) {
		if cmd.Name() == "help" && cmd.Parent() == root {
			return
		}
		root.SetOut(out)
	}
}

// trailingSpaces writes to w what it is given without the plain spaces
// that end each line. Spaces are held until what follows them is known;
// escape sequences among them are kept, and so are the spaces before the
// last of them (a code block's background, which a colour reset ends).
type trailingSpaces struct {
	w    io.Writer
	held []byte // spaces and escape sequences since the last text
	keep int    // how much of held ends with an escape sequence
	esc  int    // 0: in text; 1: after ESC; 2: in a CSI sequence
}

func (t *trailingSpaces) Write(p []byte) (int, error) {
	out := make([]byte, 0, len(p))
	for _, b := range p {
		switch {
		case t.esc > 0:
			t.held = append(t.held, b)
			switch {
			case t.esc == 1 && b == '[':
				t.esc = 2
			case t.esc == 1 || b >= 0x40 && b <= 0x7e:
				t.esc, t.keep = 0, len(t.held)
			}
		case b == 0x1b:
			t.held = append(t.held, b)
			t.esc = 1
		case b == ' ':
			t.held = append(t.held, b)
		case b == '\n':
			out = append(append(out, t.held[:t.keep]...), '\n')
			t.held, t.keep = t.held[:0], 0
		default:
			out = append(append(out, t.held...), b)
			t.held, t.keep = t.held[:0], 0
		}
	}
	if _, err := t.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
