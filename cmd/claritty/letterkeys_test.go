package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// Labels are not only digits: the docs said "Labels are digits on every
// screen", yet a protocol file's scale may have letter keys, and a
// config.toml may move a label to a letter. The built binary labels with
// both, and the docs say so.
func TestLettersLabelAndTheDocsSaySo(t *testing.T) {
	t.Parallel()
	for _, doc := range []struct{ file, untrue, says string }{
		{"docs/annotating.md", "Labels are digits on every screen", "a protocol file's own keys for its kinds (letters too)"},
		{"ARCHITECTURE.md", "Every scale labels with digits", "a protocol file's with keys of its own (letters too"},
	} {
		b, err := os.ReadFile(filepath.Join("..", "..", doc.file))
		if err != nil {
			t.Fatal(err)
		}
		text := strings.Join(strings.Fields(string(b)), " ")
		if strings.Contains(text, doc.untrue) || !strings.Contains(text, doc.says) {
			t.Errorf("%s says %q, or does not say %q", doc.file, doc.untrue, doc.says)
		}
	}

	bin, dir := binary(t), t.TempDir()
	db := filepath.Join(dir, "c.db")
	write := fileWriter(t, dir)
	// yes is w, no is v; config.toml moves v to f.
	letters := strings.Replace(flatProtocol, `keys = ["0", "1"]`, `keys = ["v", "w"]`, 1)
	rows := "id\trequest\task\tuse\nr1\talpha request\t\t\nr2\tbravo request\t\t\n"
	if r := runBin(t, bin, db, "import", "--protocol", write("letters.toml", letters), "--dataset", "lt", write("lt.tsv", rows)); r.code != 0 {
		t.Fatal(r.stderr)
	}
	cmd, term, screen := configuredInPTY(t, bin, dir, "[labels]\n\"v\" = \"f\"\n", 24, 80, "--db", db, "--dataset", "lt")
	// A screen that never shows what is awaited ends the program, so the
	// test fails instead of waiting for ever.
	stuck := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
	defer stuck.Stop()
	var seen []byte
	// waitFor reads the screen until it shows re, then keys key; it says
	// what the screen showed.
	waitFor := func(re, key string) string {
		t.Helper()
		shows := regexp.MustCompile(re)
		for chunk := range screen {
			seen = append(seen, chunk...)
			if text := ansi.Strip(string(seen)); shows.MatchString(text) {
				seen = seen[:0]
				if _, err := term.Write([]byte(key)); err != nil {
					t.Fatal(err)
				}
				return text
			}
		}
		t.Fatalf("the screen never showed %q:\n%s", re, ansi.Strip(string(seen)))
		return ""
	}
	// The moved key is on screen; w, the file's yes, labels the first
	// request, and f, the file's v moved, the second.
	first, second := "alpha", "bravo"
	if !strings.Contains(waitFor(`f\s*no`, "w"), "alpha") {
		first, second = second, first
	}
	waitFor(second, "f") // the renderer redraws only what changed
	waitFor(`No\s*more\s*HITs`, "q")
	go func() { // whatever it draws on the way out
		for range screen {
		}
	}()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("q did not quit: %v", err)
	}
	r := runBin(t, bin, db, "export", "--format", "labels", "--dataset", "lt", "--with-text")
	want := map[string]string{first: "1", second: "0"}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n")[1:] {
		f := strings.Split(line, "\t")
		for word, label := range want {
			if strings.Contains(line, word) && f[1] == "ask" && f[3] == label {
				delete(want, word)
			}
		}
	}
	if r.code != 0 || len(want) != 0 {
		t.Errorf("w (the file's yes) and f (no, moved from v) did not label %v:\n%s%s", want, r.stdout, r.stderr)
	}
}

// docs/protocols.md gives a protocol file's name rule as the binary holds
// it: a name starts with a letter.
func TestProtocolNameRuleAsTheBinaryHoldsIt(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "protocols.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "lower-case letters, digits and dashes, starting with a letter, at most 40") {
		t.Error("docs/protocols.md does not say a name starts with a letter")
	}
	bin, dir := binary(t), t.TempDir()
	write := fileWriter(t, dir)
	for _, name := range []string{"1flat", "-flat"} {
		proto := write(name+".toml", strings.Replace(flatProtocol, `name = "flat"`, `name = "`+name+`"`, 1))
		r := runBin(t, bin, filepath.Join(dir, "c.db"), "protocols", "add", proto)
		if r.code == 0 || !strings.Contains(r.stderr, "starting with a letter") {
			t.Errorf("a name %q: %+v", name, r)
		}
	}
}
