package display

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"
	"unicode/utf8"
)

// JSON text through the writer, cut anywhere into writes, decodes to the
// same values and holds no C1 character raw.
func TestJSONEscapesC1(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune{'a', 'é', 0x85, 0x9b, 0x80, 0x9f, 0xa0, 0x7f, 0x1b, 'Â', '"', '\\', '世', 0x2028}
	for range 2000 {
		var runes []rune
		for range rng.IntN(12) {
			runes = append(runes, alphabet[rng.IntN(len(alphabet))])
		}
		in := map[string]string{string(runes): string(runes) + "x"}
		enc, err := json.Marshal(in)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		w := JSON(&out)
		for rest := enc; len(rest) > 0; {
			k := 1 + rng.IntN(len(rest))
			if n, err := w.Write(rest[:k]); n != k || err != nil {
				t.Fatalf("write %d: %d %v", k, n, err)
			}
			rest = rest[k:]
		}
		for s := out.String(); s != ""; {
			r, size := utf8.DecodeRuneInString(s)
			if r >= 0x80 && r <= 0x9f {
				t.Fatalf("%q holds U+%04X raw", out.String(), r)
			}
			s = s[size:]
		}
		var back map[string]string
		if err := json.Unmarshal(out.Bytes(), &back); err != nil || len(back) != 1 || back[string(runes)] != string(runes)+"x" {
			t.Fatalf("%q → %q → %q (%v)", enc, out.String(), back, err)
		}
	}
}
