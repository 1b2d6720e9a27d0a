package display

import "io"

// JSON returns a writer that passes JSON text on to w with every C1
// control character (U+0080–U+009F) written as a \u escape, as
// encoding/json writes C0 ones: a terminal that reads UTF-8 takes U+009B
// for CSI, so a dataset's text must not reach it raw even inside a JSON
// string. In UTF-8 these are the two bytes C2 80 … C2 9F, which JSON text
// holds only inside strings, where \u00XX means the same character.
func JSON(w io.Writer) io.Writer { return &jsonC1{w: w} }

type jsonC1 struct {
	w       io.Writer
	pending bool // the last Write ended in C2, whose pair is in the next
	buf     []byte
}

func (j *jsonC1) Write(p []byte) (int, error) {
	n, out := len(p), j.buf[:0]
	if j.pending {
		j.pending = false
		if len(p) > 0 && p[0] >= 0x80 && p[0] <= 0x9f {
			out = appendEscape(out, p[0])
			p = p[1:]
		} else {
			out = append(out, 0xc2)
		}
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if c != 0xc2 {
			out = append(out, c)
			continue
		}
		if i+1 == len(p) {
			j.pending = true
			break
		}
		if next := p[i+1]; next >= 0x80 && next <= 0x9f {
			out = appendEscape(out, next)
			i++
			continue
		}
		out = append(out, c)
	}
	j.buf = out
	if _, err := j.w.Write(out); err != nil {
		return 0, err
	}
	return n, nil
}

func appendEscape(b []byte, c byte) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
}
