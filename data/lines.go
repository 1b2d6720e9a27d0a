package data

import (
	"bufio"
	"bytes"
	"io"
	"unicode/utf8"
)

// lineReader yields the lines of a text file with their numbers, refusing
// invalid UTF-8. A final line without a newline is accepted; the readers'
// field checks catch one that was cut short.
type lineReader struct {
	r    *bufio.Reader
	file string
	n    int
	long []byte // holds a line longer than r's buffer
}

func newLineReader(r io.Reader, file string) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 1<<16), file: file}
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
	line = bytes.TrimSuffix(line, []byte{'\n'})
	line = bytes.TrimSuffix(line, []byte{'\r'})
	if !utf8.Valid(line) {
		return nil, lineErr(lr.file, lr.n, "invalid UTF-8 at byte %d", invalidAt(line)+1)
	}
	return line, nil
}

// readLine is bufio's ReadBytes without the copy, except for lines longer
// than the buffer.
func (lr *lineReader) readLine() ([]byte, error) {
	line, err := lr.r.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	lr.long = append(lr.long[:0], line...)
	for err == bufio.ErrBufferFull {
		line, err = lr.r.ReadSlice('\n')
		lr.long = append(lr.long, line...)
	}
	return lr.long, err
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
