package tui

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/pelletier/go-toml/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// KeyConfig is an annotator's own keys for the HIT screen, from
// $XDG_CONFIG_HOME/claritty/config.toml:
//
//	[keys]            # an action's keys: one, or a list
//	undo = "U"
//	back = ["left", "b"]
//	[labels]          # a label's key, as its scale gives it, = your key
//	"2" = "f"
//	"1" = "d"
//	"0" = "s"
//
// A label moved to another key no longer answers to its old one. The nil
// KeyConfig is the built-in keys.
type KeyConfig struct {
	path    string
	actions map[string][]string // action name: its keys
	labels  map[string]string   // a scale's key: the annotator's
	lines   map[string]int      // "keys.undo", "labels.2": its line
}

// KeyConfigError is a config file's problem: file:line: what is wrong.
type KeyConfigError struct {
	File string
	Line int
	Msg  string
}

func (e *KeyConfigError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	}
	return e.File + ": " + e.Msg
}

// DefaultKeyConfigPath is $XDG_CONFIG_HOME/claritty/config.toml, or
// ~/.config/claritty/config.toml without it ("" if neither is known).
func DefaultKeyConfigPath() string {
	dir := os.Getenv("XDG_CONFIG_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return ""
		}
		dir = filepath.Join(home, ".config")
	}
	return filepath.Join(dir, "claritty", "config.toml")
}

// maxKeyConfig bounds what is read of a config file: a few hundred
// bindings fit in far less.
const maxKeyConfig = 64 << 10

// LoadKeyConfig reads and checks a key config; a missing file is the
// built-in keys (nil, nil). Only a regular file is read: a FIFO there
// held the start until something wrote to it. It is opened without
// waiting (O_NONBLOCK: a FIFO's open waits for a writer; O_NOCTTY: a
// terminal there does not become the process's) and what was opened is
// what is looked at, so nothing put there after a look at the name is
// read.
func LoadKeyConfig(path string) (*KeyConfig, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &KeyConfigError{File: path, Msg: err.Error()}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, &KeyConfigError{File: path, Msg: err.Error()}
	}
	if !fi.Mode().IsRegular() {
		return nil, &KeyConfigError{File: path, Msg: fmt.Sprintf("is a %s, not a file: a key config is a regular file", notAFile(fi.Mode()))}
	}
	b, err := io.ReadAll(io.LimitReader(f, maxKeyConfig+1))
	if err != nil {
		return nil, &KeyConfigError{File: path, Msg: err.Error()}
	}
	if len(b) > maxKeyConfig {
		return nil, &KeyConfigError{File: path, Msg: fmt.Sprintf("longer than %d KiB: not a key config", maxKeyConfig>>10)}
	}
	return ParseKeyConfig(path, b)
}

// notAFile names what a path is when it is not a regular file.
func notAFile(m os.FileMode) string {
	switch {
	case m.IsDir():
		return "folder"
	case m&os.ModeNamedPipe != 0:
		return "FIFO"
	case m&os.ModeSocket != 0:
		return "socket"
	case m&os.ModeDevice != 0:
		return "device"
	}
	return "special file"
}

// ParseKeyConfig checks a key config's text: its tables and actions are
// known, every key can be bound, and no two actions, nor two labels, nor an
// action and a label, share a key.
func ParseKeyConfig(path string, b []byte) (*KeyConfig, error) {
	c := &KeyConfig{path: path, actions: map[string][]string{}, labels: map[string]string{}, lines: guidelines.KeyLines(b)}
	var raw map[string]any
	dec := toml.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&raw); err != nil {
		line := 0
		var de *toml.DecodeError
		if errors.As(err, &de) {
			line, _ = de.Position()
		}
		return nil, &KeyConfigError{File: path, Line: line, Msg: "not TOML: " + strings.TrimPrefix(strings.SplitN(err.Error(), "\n", 2)[0], "toml: ")}
	}
	var errs []error
	for _, table := range slices.Sorted(maps.Keys(raw)) {
		t, ok := raw[table].(map[string]any)
		switch {
		case table != "keys" && table != "labels":
			errs = append(errs, c.problem(table, "unknown table or key %q: a key config has [keys] and [labels]", table))
		case !ok:
			errs = append(errs, c.problem(table, "%q is a table: [%s]", table, table))
		case table == "keys":
			errs = append(errs, c.readActions(t)...)
		default:
			errs = append(errs, c.readLabels(t)...)
		}
	}
	if len(errs) == 0 {
		errs = c.collisions(nil)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return c, nil
}

func (c *KeyConfig) problem(at, format string, args ...any) error {
	return &KeyConfigError{File: c.path, Line: c.lines[at], Msg: fmt.Sprintf(format, args...)}
}

// readActions takes [keys]: each known action's keys.
func (c *KeyConfig) readActions(t map[string]any) []error {
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(t)) {
		at := "keys." + name
		if !slices.Contains(hitActionNames(), name) {
			errs = append(errs, c.problem(at, "unknown action %q (actions: %s)", display.Clean(name), strings.Join(hitActionNames(), ", ")))
			continue
		}
		keys, err := keyList(t[name])
		if err == nil && len(keys) == 0 {
			err = errors.New("no key given")
		}
		for _, k := range keys {
			if err == nil {
				err = bindable(k, false)
			}
		}
		if err != nil {
			errs = append(errs, c.problem(at, "%s: %v", name, err))
			continue
		}
		c.actions[name] = keys
	}
	return errs
}

// readLabels takes [labels]: a scale's key, the annotator's key for it.
func (c *KeyConfig) readLabels(t map[string]any) []error {
	var errs []error
	for _, from := range slices.Sorted(maps.Keys(t)) {
		at := "labels." + from
		to, ok := t[from].(string)
		switch {
		case !ok:
			errs = append(errs, c.problem(at, "label %q: give one key, as text (\"f\")", display.Clean(from)))
		case bindable(from, true) != nil:
			errs = append(errs, c.problem(at, "label %q: no scale gives a key like that (scales' keys are one character)", display.Clean(from)))
		default:
			if err := bindable(to, true); err != nil {
				errs = append(errs, c.problem(at, "label %q: %v", from, err))
				continue
			}
			c.labels[from] = to
		}
	}
	return errs
}

func keyList(v any) ([]string, error) {
	switch x := v.(type) {
	case string:
		return []string{x}, nil
	case []any:
		var out []string
		for _, e := range x {
			s, ok := e.(string)
			if !ok {
				return nil, errors.New("a list of keys holds something other than text")
			}
			out = append(out, s)
		}
		return out, nil
	}
	return nil, errors.New(`give a key ("u") or a list of keys (["u", "ctrl+z"])`)
}

// namedKeys are the keys with names, as the terminal reports them.
var namedKeys = []string{"enter", "tab", "space", "backspace", "delete", "insert", "up", "down", "left", "right",
	"home", "end", "pgup", "pgdown", "shift+tab", "f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8", "f9", "f10", "f11", "f12"}

// bindable refuses a key that is no key, or one claritty keeps: ctrl+c
// always quits and esc always cancels; digits are labels and attention
// counts, so an action may not take one (a label may).
func bindable(k string, label bool) error {
	switch {
	case k == "ctrl+c" || k == "esc":
		return fmt.Errorf("%q cannot be bound: it always %s", k, map[string]string{"ctrl+c": "quits", "esc": "cancels"}[k])
	case utf8.RuneCountInString(k) == 1:
		r, _ := utf8.DecodeRuneInString(k)
		if r < '!' || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return fmt.Errorf("%q is not a key claritty can bind", display.Clean(k))
		}
		if !label && r >= '0' && r <= '9' {
			return fmt.Errorf("%q cannot be bound to an action: digits are labels and attention counts", k)
		}
		return nil
	case label:
		return fmt.Errorf("%q: a label's key is one character", display.Clean(k))
	case slices.Contains(namedKeys, k):
		return nil
	case strings.HasPrefix(k, "ctrl+") && len(k) == 6 && k[5] >= 'a' && k[5] <= 'z':
		return nil
	case strings.HasPrefix(k, "alt+") && utf8.RuneCountInString(k) == 5:
		return nil
	}
	return fmt.Errorf("%q is not a key claritty can bind (one character, ctrl+a … ctrl+z, alt+x, or %s)", display.Clean(k), strings.Join(namedKeys, " "))
}

// action is one of the HIT screen's actions: the name a config file gives
// it (its key map field in snake case: Undo undo, GiveBack give_back) and
// its binding in a key map.
type action struct {
	name string
	b    *key.Binding
}

// hitActions are a key map's actions, in the key map's order.
func hitActions(k *hitKeys) []action {
	v := reflect.ValueOf(k).Elem()
	var out []action
	for i := range v.NumField() {
		if f := v.Type().Field(i); f.Type == reflect.TypeFor[key.Binding]() {
			out = append(out, action{snake(f.Name), v.Field(i).Addr().Interface().(*key.Binding)})
		}
	}
	return append(out, action{"help", &k.Help}, action{"quit", &k.Quit})
}

// hitActionNames are the actions a config file may name.
func hitActionNames() []string {
	var out []string
	for _, a := range hitActions(&hitKeys{}) {
		out = append(out, a.name)
	}
	return out
}

func snake(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r >= 'A' && r <= 'Z' {
			if i > 0 {
				b.WriteByte('_')
			}
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// sharedActions may share a key: they are never on one screen together
// (o opens a MIMICS pane's results, a ClariMM turn's image).
var sharedActions = [][2]string{{"open", "open_image"}}

// apply gives the key map the annotator's keys, each shown as the config
// gives it. Quit keeps ctrl+c, unshown as with the built-in q.
func (c *KeyConfig) apply(k hitKeys) hitKeys {
	for _, a := range hitActions(&k) {
		*a.b = c.bound(a.name, *a.b)
	}
	return k
}

// bound is a binding of the named action with the keys the config gives
// it, shown as the config gives them (quit keeps ctrl+c, unshown), and
// its own words; b as it is where the config leaves the action be.
func (c *KeyConfig) bound(action string, b key.Binding) key.Binding {
	if c == nil {
		return b
	}
	keys, ok := c.actions[action]
	if !ok {
		return b
	}
	shown := strings.Join(keys[:min(len(keys), 2)], "/")
	if action == "quit" {
		keys = append(slices.Clone(keys), "ctrl+c")
	}
	return bind(keys, shown, b.Help().Desc)
}

// The global actions, quit, help and (where a screen scrolls) up, down,
// page_up and page_down, answer on every screen to the keys the config
// binds them to, not on the HIT screen's only: the queue, the flags,
// adjudication, the pagers. A screen's own actions (the queue's f,
// adjudication's x) keep their keys; where the annotator's key for a
// global action is one of them, the screen's action keeps it there and
// the global action has what is left, so a hint never names a key that
// does something else there.

// bindGlobal gives a screen's global actions the config's keys less those
// its own actions have.
func (c *KeyConfig) bindGlobal(own []key.Binding, global ...action) {
	taken := map[string]bool{}
	for _, b := range own {
		for _, k := range b.Keys() {
			taken[k] = true
		}
	}
	for _, a := range global {
		*a.b = without(c.bound(a.name, *a.b), taken)
	}
}

// without is b less the keys in taken, shown by the keys left. Quit left
// with ctrl+c alone is shown so (ctrl+c always quits); any other action
// left with none is off on that screen, its hint gone with it.
func without(b key.Binding, taken map[string]bool) key.Binding {
	keys := slices.DeleteFunc(slices.Clone(b.Keys()), func(k string) bool { return taken[k] })
	if len(keys) == len(b.Keys()) {
		return b
	}
	shown := slices.DeleteFunc(slices.Clone(keys), func(k string) bool { return k == "ctrl+c" })
	if len(shown) == 0 {
		shown = keys
	}
	return bind(keys, strings.Join(shown[:min(len(shown), 2)], "/"), b.Help().Desc)
}

// collisions finds two actions, two labels, or an action and a label on
// one key; with a protocol, its scales' keys count as labels too.
func (c *KeyConfig) collisions(p *guidelines.Protocol) []error {
	k := c.apply(defaultHITKeys())
	owner := map[string]string{} // key: the action or label that has it
	where := map[string]string{} // and its config entry, if it is one
	var errs []error
	take := func(key, who, at string) {
		prev, taken := owner[key]
		if !taken {
			owner[key], where[key] = who, at
			return
		}
		if slices.ContainsFunc(sharedActions, func(s [2]string) bool {
			a, b := "the action "+s[0], "the action "+s[1]
			return (a == prev && b == who) || (b == prev && a == who)
		}) {
			return
		}
		// Blame the entry further down the file: the one that took a key
		// already given (or the only entry of the two).
		other, blamed, line := prev, who, at
		if at == "" || (where[key] != "" && c.lines[where[key]] > c.lines[at]) {
			other, blamed, line = who, prev, where[key]
		}
		errs = append(errs, c.problem(line, "%q is both %s and %s", key, other, blamed))
	}
	for _, a := range hitActions(&k) {
		at := ""
		if _, ok := c.actions[a.name]; ok {
			at = "keys." + a.name
		}
		for _, key := range a.b.Keys() {
			take(key, "the action "+a.name, at)
		}
	}
	for _, l := range c.scaleKeys(p) {
		at := ""
		if _, ok := c.labels[l]; ok {
			at = "labels." + l
		}
		take(c.ownKey(l), "label "+l, at)
	}
	return errs
}

// scaleKeys are every scale's label keys: the digits, and a protocol's
// own.
func (c *KeyConfig) scaleKeys(p *guidelines.Protocol) []string {
	keys := strings.Split("0123456789", "")
	for from := range c.labels {
		if !slices.Contains(keys, from) {
			keys = append(keys, from)
		}
	}
	if p != nil {
		for _, st := range p.Units(guidelines.Shape{Question: "?", Answers: 5, Nuggets: 1, Rows: 1}) {
			for _, l := range p.ScaleOf(st) {
				if l.Key != "" && !slices.Contains(keys, l.Key) {
					keys = append(keys, l.Key)
				}
			}
		}
	}
	slices.Sort(keys)
	return keys
}

// Check holds the config against a kind's scales: a key of the kind's own
// (a protocol file's letters) that an action or a label took is an error
// at the entry that took it.
func (c *KeyConfig) Check(p guidelines.Protocol) error {
	if c == nil {
		return nil
	}
	return errors.Join(c.collisions(&p)...)
}

// ownKey is the annotator's key for a scale's key.
func (c *KeyConfig) ownKey(scaleKey string) string {
	if c != nil {
		if k, ok := c.labels[scaleKey]; ok {
			return k
		}
	}
	return scaleKey
}

// describe is a label as Protocol.Describe names it by its key ("2
// Good"), with the annotator's key for it ("f Good").
func (c *KeyConfig) describe(p guidelines.Protocol, unit string, value int) string {
	return c.ownLeading(p.Describe(unit, value), p.KeyOf(unit, value))
}

// ownLeading is text that starts with a scale's key k ("2 Good — …")
// starting with the annotator's key for it instead.
func (c *KeyConfig) ownLeading(text, k string) string {
	if own := c.ownKey(k); k != "" && own != k && strings.HasPrefix(text, k+" ") {
		return own + text[len(k):]
	}
	return text
}

// ownScale is a scale as the annotator keys it.
func (c *KeyConfig) ownScale(scale []guidelines.Label) []guidelines.Label {
	if c == nil || len(c.labels) == 0 {
		return scale
	}
	out := slices.Clone(scale)
	for i := range out {
		out[i].Key = c.ownKey(out[i].Key)
	}
	return out
}

// scaleKeyOf reads a pressed key as the scale's key it stands for: ok
// false for a scale key moved elsewhere, which no longer labels.
func (c *KeyConfig) scaleKeyOf(pressed string) (string, bool) {
	if c == nil {
		return pressed, true
	}
	for from, to := range c.labels {
		if to == pressed {
			return from, true
		}
	}
	_, moved := c.labels[pressed]
	return pressed, !moved
}

// translate turns a key pressed on the HIT screen into the scale key it
// stands for (f into 2), so everything after reads scales as they are; a
// scale key moved elsewhere says where it went.
func (c *KeyConfig) translate(msg tea.KeyPressMsg) (tea.KeyPressMsg, string) {
	if c == nil || len(c.labels) == 0 {
		return msg, ""
	}
	k, ok := c.scaleKeyOf(msg.String())
	if !ok {
		return msg, fmt.Sprintf("%s is %s now (your %s)", k, c.labels[k], filepath.Base(c.path))
	}
	if k == msg.String() {
		return msg, ""
	}
	r, _ := utf8.DecodeRuneInString(k)
	return tea.KeyPressMsg{Code: r, Text: k}, ""
}

// ownBindings shows label bindings with the annotator's keys: several
// keys ("1-5", "1 2") with any moved list them.
func (c *KeyConfig) ownBindings(bs []key.Binding) []key.Binding {
	if c == nil || len(c.labels) == 0 {
		return bs
	}
	out := make([]key.Binding, len(bs))
	for i, b := range bs {
		out[i] = b
		keys := b.Keys()
		moved := false
		own := make([]string, len(keys))
		for j, k := range keys {
			own[j] = c.ownKey(k)
			moved = moved || own[j] != k
		}
		if !moved {
			continue
		}
		help := b.Help()
		// Several keys (a range "1-5", or a choice's "1 2") list the
		// annotator's own; one key is its own.
		if len(keys) == 1 {
			help.Key = c.ownKey(help.Key)
		} else {
			help.Key = strings.Join(own, "/")
		}
		out[i] = bind(own, help.Key, help.Desc)
	}
	return out
}

// labelsNote is " · your keys 2→f 1→d 0→s" where labels moved: the
// guideline's title says it, since its text names labels by their scale's
// keys.
func (c *KeyConfig) labelsNote() string {
	if c == nil || len(c.labels) == 0 {
		return ""
	}
	var parts []string
	for _, from := range slices.Backward(slices.Sorted(maps.Keys(c.labels))) {
		parts = append(parts, from+"→"+c.labels[from])
	}
	return " · your keys " + strings.Join(parts, " ")
}

// movedKeys maps each key the built-in key map (defaults) gives an action,
// and its help's name for it (pgdn), to the key that action has now, for
// every key the config took from its action; a key another action still
// has by default (o: a pane's results and a turn's image) stays.
func (c *KeyConfig) movedKeys(defaults hitKeys) map[string]string {
	moved := map[string]string{}
	if c == nil || len(c.actions) == 0 {
		return moved
	}
	bound := c.apply(defaults)
	was, now := hitActions(&defaults), hitActions(&bound)
	names := func(b key.Binding) []string {
		return append(slices.Clone(b.Keys()), strings.Split(b.Help().Key, "/")...)
	}
	kept := map[string]bool{}
	for i := range was {
		for _, k := range names(*was[i].b) {
			kept[k] = kept[k] || slices.Contains(now[i].b.Keys(), k)
		}
	}
	for i := range was {
		for _, k := range names(*was[i].b) {
			if !kept[k] && k != "" {
				moved[k] = hintKey(*now[i].b)
			}
		}
	}
	return moved
}

var (
	// boldKey is a label's key in guideline text: "**2 Good**", "**1**".
	boldKey = regexp.MustCompile(`\*\*([^*\s])(\*\*| )`)
	// boldRange is a range of labels' keys: "**1–9**".
	boldRange = regexp.MustCompile(`\*\*([0-9])[–-]([0-9])\*\*`)
	// codeKey is a key in code: "`n`", "`enter`".
	codeKey = regexp.MustCompile("`([^`\n]+)`")
)

// ownGuide is guideline text (markdown) with the keys it names moved
// where the annotator's config put them: a label's key in bold and an
// action's key in code, as the built-in guidelines and a protocol file's
// scale lines write them. defaults is the kind's built-in key map. A
// guideline is written for the built-in keys; the HIT screen shows it for
// the keys that work there. Without labels, the labels' keys stay the
// scale's, as adjudication keys them; the actions' still move, being the
// HIT screen's as the annotator bound them.
func (c *KeyConfig) ownGuide(md string, defaults hitKeys, labels bool) string {
	if c == nil {
		return md
	}
	if labels && len(c.labels) > 0 {
		md = boldKey.ReplaceAllStringFunc(md, func(s string) string {
			m := boldKey.FindStringSubmatch(s)
			return "**" + c.ownKey(m[1]) + m[2]
		})
		md = boldRange.ReplaceAllStringFunc(md, func(s string) string {
			m := boldRange.FindStringSubmatch(s)
			b := c.ownBindings([]key.Binding{bind(digitsFrom(m[1][0], m[2][0]), m[1]+"-"+m[2], "")})[0]
			return "**" + b.Help().Key + "**"
		})
	}
	if moved := c.movedKeys(defaults); len(moved) > 0 || (labels && len(c.labels) > 0) {
		md = codeKey.ReplaceAllStringFunc(md, func(s string) string {
			k := s[1 : len(s)-1]
			if to, ok := moved[k]; ok {
				return "`" + to + "`"
			}
			if labels {
				k = c.ownKey(k)
			}
			return "`" + k + "`"
		})
	}
	return md
}

// digitsFrom are the digits lo to hi, as keys.
func digitsFrom(lo, hi byte) []string {
	var out []string
	for d := lo; d <= hi; d++ {
		out = append(out, string(d))
	}
	return out
}

// Summary says which keys are the annotator's own, for the help and the
// guideline: "" for the built-in keys.
func (c *KeyConfig) Summary() string {
	if c == nil || (len(c.actions) == 0 && len(c.labels) == 0) {
		return ""
	}
	var parts []string
	for _, from := range slices.Sorted(maps.Keys(c.labels)) {
		parts = append(parts, "label "+from+" is "+c.labels[from])
	}
	for _, name := range slices.Sorted(maps.Keys(c.actions)) {
		parts = append(parts, name+" is "+strings.Join(c.actions[name], "/"))
	}
	return "Your keys (" + c.path + "): " + strings.Join(parts, " · ") + "."
}
