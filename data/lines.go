package data

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/claritty/claritty/display"
)

// DefaultMaxLine is the longest line a reader accepts unless told
// otherwise: far above any real row, far below what would exhaust memory.
const DefaultMaxLine = 1 << 20

// lineReader yields the lines of a text file with their numbers, refusing
// invalid UTF-8 and lines longer than max (it stops there, without reading
// further, so /dev/zero or a file with no line ends costs at most max
// bytes). A UTF-8 byte order mark before the first line is skipped. A final
// line without a line end is accepted and remembered (cut), as a file cut
// short mid-way through its last line looks like that, and the readers'
// field checks do not catch every such cut.
type lineReader struct {
	r    *bufio.Reader
	file string
	n    int
	max  int
	cut  int    // the number of a last line that had no line end, else 0
	long []byte // holds a line longer than r's buffer
	end  string // the line end next took off its last line: "\n", "\r\n" or ""
}

func newLineReader(r io.Reader, file string) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 1<<16), file: file, max: DefaultMaxLine}
}

// limit sets the longest line accepted, in bytes; 0 keeps the default.
func (lr *lineReader) limit(max int) *lineReader {
	if max > 0 {
		lr.max = max
	}
	return lr
}

// warnings are what a finished read noticed that is not an error.
func (lr *lineReader) warnings() []string {
	if lr.cut == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s:%d: last line has no line end (cut short?)", display.Clean(lr.file), lr.cut)}
}

// next returns the next line without its line ending, or io.EOF. The line
// is only valid until the next call: not copying it saves an allocation per
// row of files with 400,000 rows.
func (lr *lineReader) next() ([]byte, error) {
	line, err := lr.readLine()
	if len(line) == 0 && err != nil {
		return nil, err
	}
	if err != nil && err != io.EOF {
		return nil, err
	}
	lr.n++
	if err == io.EOF {
		lr.cut = lr.n
	}
	if lr.n == 1 {
		line = bytes.TrimPrefix(line, []byte("\xef\xbb\xbf"))
	}
	lr.end = ""
	if l, ok := bytes.CutSuffix(line, []byte{'\n'}); ok {
		line, lr.end = l, "\n"
	}
	if l, ok := bytes.CutSuffix(line, []byte{'\r'}); ok {
		line = l
		if lr.end == "\n" {
			lr.end = "\r\n"
		} else {
			lr.end = "\r" // a lone CR ends the file's last line
		}
	}
	if !utf8.Valid(line) {
		return nil, lineErr(lr.file, lr.n, "invalid UTF-8 at byte %d", invalidAt(line)+1)
	}
	return line, nil
}

// readLine is bufio's ReadBytes without the copy, except for lines longer
// than the buffer, and never past max bytes.
func (lr *lineReader) readLine() ([]byte, error) {
	line, err := lr.r.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return lr.checkLength(line, err)
	}
	lr.long = append(lr.long[:0], line...)
	for err == bufio.ErrBufferFull && len(lr.long) <= lr.max {
		line, err = lr.r.ReadSlice('\n')
		lr.long = append(lr.long, line...)
	}
	return lr.checkLength(lr.long, err)
}

func (lr *lineReader) checkLength(line []byte, err error) ([]byte, error) {
	if len(bytes.TrimRight(line, "\r\n")) > lr.max {
		return nil, tooLong(lr.file, lr.n+1, lr.max)
	}
	return line, err
}

// tooLong is the error of a line past the limit.
func tooLong(file string, line, max int) error {
	return lineErr(file, line, "line is longer than %s, the most a line may hold (--max-line raises it)", byteSize(max))
}

// byteSize says n bytes the way people read it.
func byteSize(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return display.Count(n, "byte", "bytes")
}

func invalidAt(b []byte) int {
	for i := 0; i < len(b); {
		r, size := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return len(b)
}
