package sshserve

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestPasteLimit(t *testing.T) {
	start, end := string(pasteStart), string(pasteEnd)
	for _, c := range []struct {
		name, in, want string
		max            int
	}{
		{"keys pass", "2210q", "2210q", 4},
		{"short paste", "n" + start + "abc" + end + "x", "n" + start + "abc" + end + "x", 4},
		{"long paste cut", start + "abcdefgh" + end + "2", start + "abcd" + end + "2", 4},
		{"endless paste", start + strings.Repeat("z", 10000), start + "zzzz", 4},
		{"two pastes", start + "abcdef" + end + start + "gh" + end, start + "abcd" + end + start + "gh" + end, 4},
		{"escape inside", start + "a\x1b[20x" + end, start + "a\x1b[2" + end, 4},
		{"no limit", start + "abcdefgh" + end, start + "abcdefgh" + end, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(c.in), iotest.OneByteReader(strings.NewReader(c.in))} {
				got, err := io.ReadAll(newPasteLimit(r, c.max))
				if err != nil || string(got) != c.want {
					t.Errorf("got %q (%v), want %q", got, err, c.want)
				}
			}
		})
	}
}

func TestUploadLimit(t *testing.T) {
	read := func(in string, max int64) (string, error) {
		b, err := io.ReadAll(&uploadLimit{r: iotest.HalfReader(strings.NewReader(in)), left: max, max: max, flag: "--max-upload", role: "lead"})
		return string(b), err
	}
	if got, err := read("12345", 5); got != "12345" || err != nil {
		t.Fatalf("exactly the limit: %q %v", got, err)
	}
	if _, err := read("123456", 5); err == nil || !strings.Contains(err.Error(), "max-upload") {
		t.Fatalf("past the limit: %v", err)
	}
	if got, err := read("", 5); got != "" || err != nil {
		t.Fatalf("empty: %q %v", got, err)
	}
	_ = bytes.MinRead
}
