package tui

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"charm.land/bubbles/v2/key"
	"github.com/claritty/claritty/guidelines"
)

// homeRow moves MIMICS' labels under the left hand and undo to U.
const homeRow = `# my keys
[keys]
undo = "U"
stats = "S"

[labels]
"2" = "f"
"1" = "d"
"0" = "s"
`

func parseKeys(t *testing.T, body string) *KeyConfig {
	t.Helper()
	c, err := ParseKeyConfig("config.toml", []byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Each broken config is refused at the line that breaks it, saying what
// is wrong.
func TestKeyConfigErrors(t *testing.T) {
	for _, c := range []struct{ body, want string }{
		{"[keys]\nundoo = \"U\"\n", `config.toml:2: unknown action "undoo" (actions: review, `},
		{"[keys]\nundo = \"U\"\nnote = \"U\"\n", `config.toml:3: "U" is both the action undo and the action note`},
		{"[keys]\nundo = \"j\"\n", `config.toml:2: "j" is both the action down and the action undo`},
		{"[keys]\nundo = \"ctrl+c\"\n", `config.toml:2: undo: "ctrl+c" cannot be bound: it always quits`},
		{"[keys]\nback = [\"left\", \"esc\"]\n", `config.toml:2: back: "esc" cannot be bound: it always cancels`},
		{"[keys]\nundo = \"5\"\n", `config.toml:2: undo: "5" cannot be bound to an action: digits are labels`},
		{"[keys]\nundo = \"ctrl+1\"\n", `config.toml:2: undo: "ctrl+1" is not a key claritty can bind`},
		{"[keys]\nundo = []\n", `config.toml:2: undo: no key given`},
		{"[keys]\nundo = 3\n", `config.toml:2: undo: give a key`},
		{"\n[labels]\n\"2\" = \"j\"\n", `config.toml:3: "j" is both the action down and label 2`},
		{"[labels]\n\"2\" = \"f\"\n\"1\" = \"f\"\n", `config.toml:3: "f" is both label 2 and label 1`},
		{"[labels]\n\"2\" = \"1\"\n", `config.toml:2: "1" is both label 1 and label 2`},
		{"[labels]\n\"22\" = \"f\"\n", `config.toml:2: label "22": no scale gives a key like that`},
		{"[labels]\n\"2\" = \"ff\"\n", `config.toml:2: label "2": "ff": a label's key is one character`},
		{"[colours]\nx = 1\n", `config.toml:1: unknown table or key "colours"`},
		{"[keys]\nundo = \"U\n", `config.toml:2: not TOML`},
	} {
		_, err := ParseKeyConfig("config.toml", []byte(c.body))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: got %v, want %q", c.body, err, c.want)
		}
	}
	// A key config that moves only what it names keeps the rest.
	if c := parseKeys(t, homeRow); c.ownKey("2") != "f" || c.ownKey("5") != "5" {
		t.Errorf("own keys: 2 is %q, 5 is %q", c.ownKey("2"), c.ownKey("5"))
	}
}

// A protocol file's letter keys count as labels: an action moved onto one
// is refused when that kind is opened.
func TestKeyConfigAgainstAProtocolFile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "guidelines", "protocols", "mimics-duo-rating.toml"))
	if err != nil {
		t.Fatal(err)
	}
	letters := strings.Replace(string(b), `keys = ["1", "2", "3", "4", "5"]`, `keys = ["v", "w", "c", "e", "b"]`, 1)
	f, err := guidelines.ParseProtocolFile("letters.toml", []byte(letters))
	if err != nil {
		t.Fatal(err)
	}
	c := parseKeys(t, "[keys]\nlater = \"e\"\n")
	if err := c.Check(f.Protocol()); err == nil || !strings.Contains(err.Error(), `config.toml:2: "e" is both label e and the action later`) {
		t.Errorf("later on a label's letter: %v", err)
	}
	if err := c.Check(guidelines.MIMICS); err != nil {
		t.Errorf("MIMICS has no e: %v", err)
	}
}

// A remapped label key labels, its old key does not, and both the footer
// and the help say so; the guideline starts with the keys moved.
func TestRemappedLabelKeys(t *testing.T) {
	h := newHarness(t, 100, 30)
	h.m.cfg.Keys = parseKeys(t, homeRow)
	h.m.hit.keys = h.m.cfg.Keys.apply(h.m.hit.keys)
	h.keys("enter", "2")
	h.expect("2 is f now (your config.toml)")
	if l := h.labels(1); len(l) != 0 {
		t.Fatalf("2 labelled after it moved to f: %v", l)
	}
	h.expect("f good")
	h.keys("f")
	if l := h.labels(1); l["question"] != 2 {
		t.Fatalf("f did not label Good: %v", l)
	}
	h.expect(" f Good ") // the scale under the step
	h.keys("U")
	if l := h.labels(1); len(l) != 0 {
		t.Fatalf("U did not undo: %v", l)
	}
	h.keys("?")
	for _, want := range []string{`f +good`, `d +fair`, `s +bad`, `U +undo`, `S +statistics`, `U takes back the last label`,
		`Your keys \(config.toml\): label 0 is s · label 1 is d · label 2 is f · stats is S · undo is U.`} {
		if !regexp.MustCompile(want).MatchString(h.screen()) {
			t.Errorf("the help lacks %s:\n%s", want, h.screen())
		}
	}
	h.keys("esc", "g")
	h.expect("Guideline · MIMICS clarification panes · your keys 2→f 1→d 0→s")
}

// Only a regular file is read as a key config: a FIFO (whose open waited
// for a writer, holding the start), a folder or a device is refused by
// what it is; a link to a file is followed.
func TestKeyConfigOnlyFromAFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.toml")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := loadNobodyWrites(t, fifo); err == nil || err.Error() != fifo+": is a FIFO, not a file: a key config is a regular file" {
		t.Errorf("a FIFO: %v", err)
	}
	for path, what := range map[string]string{dir: "folder", "/dev/null": "device"} {
		if _, err := LoadKeyConfig(path); err == nil || err.Error() != path+": is a "+what+", not a file: a key config is a regular file" {
			t.Errorf("a %s: %v", what, err)
		}
	}
	file, link := filepath.Join(dir, "keys.toml"), filepath.Join(dir, "config.toml")
	if err := os.WriteFile(file, []byte(homeRow), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(file, link); err != nil {
		t.Fatal(err)
	}
	if c, err := LoadKeyConfig(link); err != nil || c == nil {
		t.Errorf("a link to a file: %v %v", c, err)
	}
}

// loadNobodyWrites loads a FIFO's key config with no writer. A load that
// opens it to read would wait for one: the test then becomes that writer
// and writes a config broken at line 2, so such a load ends with that
// mistake rather than hanging.
func loadNobodyWrites(t *testing.T, fifo string) error {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		_, err := LoadKeyConfig(fifo)
		done <- err
	}()
	for {
		select {
		case err := <-done:
			return err
		default:
		}
		if w, err := os.OpenFile(fifo, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			w.WriteString("[keys]\nnope = \"x\"\n") // fails if the load has closed it already
			w.Close()
			return <-done
		}
		time.Sleep(time.Millisecond) // not a deadline: the load ends, or opens the FIFO
	}
}

// A pane's guideline names open's key where the config moved it: no other
// action of a pane keeps o (the image key is a conversation's alone); a
// conversation's guideline, whose o opens an image (open_image, not
// moved), keeps it.
func TestGuideNamesMovedOpenOnEveryKind(t *testing.T) {
	c, err := ParseKeyConfig("config.toml", []byte("[keys]\nopen = \"O\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	pane := c.ownGuide(guidelines.MIMICS.Text(), (&paneKind{}).keys(), true)
	if strings.Contains(pane, "`o`") || !strings.Contains(pane, "`O` opens them") {
		t.Errorf("the pane's guideline keeps o:\n%s", pane)
	}
	clarimm, err := guidelines.FindShipped("clarimm")
	if err != nil {
		t.Fatal(err)
	}
	conv := c.ownGuide(clarimm.File.Protocol().Text(), (&convKind{}).keys(), true)
	if !strings.Contains(conv, "`o` opens the full picture") {
		t.Errorf("the conversation's guideline lost its image key:\n%s", conv)
	}
}

// The guideline opened from adjudication, where decisions take the scale's
// own keys, does not announce the annotator's moved label keys.
func TestAdjudicationGuideKeepsTheScalesKeys(t *testing.T) {
	st, lead := disputedDemo(t)
	h := startAs(t, st, lead, 100, 30, true)
	h.m.cfg.Keys = parseKeys(t, homeRow)
	h.expect("decision")
	h.keys("g")
	h.expect("Guideline · MIMICS clarification panes")
	if strings.Contains(h.screen(), "your keys") {
		t.Errorf("adjudication's guideline names the HIT's moved keys:\n%s", h.screen())
	}
}

// A choice's keys of a two-element page ("1 2": no range) name the
// annotator's own keys, as a range's do: no hint names a default key.
func TestOwnBindingsOfAChoiceOfTwo(t *testing.T) {
	c := parseKeys(t, homeRow)
	got := c.ownBindings([]key.Binding{bind([]string{"1", "2"}, "1 2", "pick one option")})[0]
	if h := got.Help().Key; h != "d/f" {
		t.Errorf("help %q, want d/f", h)
	}
	if k := got.Keys(); len(k) != 2 || k[0] != "d" || k[1] != "f" {
		t.Errorf("keys %q", k)
	}
}
