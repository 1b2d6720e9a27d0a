package sshserve

import "io"

// The markers a terminal puts around pasted text in bracketed paste mode.
var (
	pasteStart = []byte("\x1b[200~")
	pasteEnd   = []byte("\x1b[201~")
)

// pasteLimit passes a terminal's input through, cutting each bracketed
// paste to max bytes: the program sees a whole paste (both markers) with
// the rest dropped, so an endless paste neither grows the server's memory
// nor ends the session. Keys typed outside a paste pass untouched.
type pasteLimit struct {
	r     io.Reader
	max   int
	in    bool // inside a paste
	n     int  // bytes of this paste passed
	start int  // bytes of pasteStart matched so far
	end   int  // bytes of pasteEnd matched so far
	buf   []byte
}

func newPasteLimit(r io.Reader, max int) io.Reader {
	if max <= 0 {
		return r
	}
	return &pasteLimit{r: r, max: max}
}

func (p *pasteLimit) Read(out []byte) (int, error) {
	for {
		if len(p.buf) > 0 {
			n := copy(out, p.buf)
			p.buf = p.buf[n:]
			return n, nil
		}
		in := make([]byte, len(out))
		n, err := p.r.Read(in)
		p.buf = p.filter(p.buf[:0], in[:n])
		if len(p.buf) > 0 || err != nil {
			k := copy(out, p.buf)
			p.buf = p.buf[k:]
			if len(p.buf) > 0 {
				err = nil // the rest comes on the next Read
			}
			return k, err
		}
	}
}

// filter appends to dst what of src the program should see.
func (p *pasteLimit) filter(dst, src []byte) []byte {
	for _, b := range src {
		if !p.in {
			dst = append(dst, b)
			p.start = match(pasteStart, p.start, b)
			if p.start == len(pasteStart) {
				p.in, p.n, p.start, p.end = true, 0, 0, 0
			}
			continue
		}
		prev := p.end
		p.end = match(pasteEnd, p.end, b)
		switch {
		case p.end == len(pasteEnd):
			dst = append(dst, pasteEnd...)
			p.in, p.end = false, 0
		case p.end == prev+1:
			// b may be part of the end marker: held until it is, or is not.
		default:
			// What was held is pasted text after all; b is too, unless it
			// begins another possible marker.
			dst = p.content(dst, pasteEnd[:prev])
			if p.end == 0 {
				dst = p.content(dst, []byte{b})
			}
		}
	}
	return dst
}

// content appends pasted text up to the paste's limit and drops the rest.
func (p *pasteLimit) content(dst, text []byte) []byte {
	for _, c := range text {
		if p.n >= p.max {
			break
		}
		dst = append(dst, c)
		p.n++
	}
	return dst
}

// match advances a marker match by one byte.
func match(marker []byte, matched int, b byte) int {
	if marker[matched] == b {
		return matched + 1
	}
	if marker[0] == b {
		return 1
	}
	return 0
}
