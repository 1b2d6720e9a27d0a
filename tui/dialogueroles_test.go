package tui

import (
	"strings"
	"testing"

	"github.com/claritty/claritty/store/storetest"
)

// The dialogue screen of a conversation whose file names no roles
// (item.turn.roles) keeps each turn's own role in the margin, cut to the
// margin's width and cleaned, as the file screen does.
func TestDialogueKeepsTheTurnsRoles(t *testing.T) {
	toml := strings.Replace(dialogueProtocol, `name = "dialogue-test"`, `name = "dialogue-roles"`, 1) + "\n[parts]\nscreen = \"dialogue\"\n"
	line := `{"id": "d1", "topic": "running shoes", "turns": [{"role": "user", "text": "Which shoes for trails?"}, {"role": "customer support agent", "text": "Grippy ones."}, {"role": "sys\u001b[31mtem", "text": "Noted."}]}` + "\n"
	st := storetest.Open(t)
	importProtocol(t, st, "roles", toml, line)
	h := openAs(t, st, "roles", 100, 40)
	h.expect("Which shoes for trails?")
	scr := h.screen()
	for _, want := range []string{"user", "customer…", "sys␛[31mt…"} {
		if !strings.Contains(scr, "   "+want) {
			t.Errorf("role %q is not in the margin:\n%s", want, scr)
		}
	}
	if strings.Contains(scr, "customer support") || strings.Contains(h.m.View().Content, "\x1b[31mtem") {
		t.Errorf("a long role is not cut, or a role's escape reached the terminal:\n%s", scr)
	}
	// Each turn's role, on the turn's own line.
	for _, pair := range [][2]string{{"user", "Which shoes for trails?"}, {"customer…", "Grippy ones."}} {
		if !strings.Contains(scr, pair[0]+" ") || !lineHolds(scr, pair[0], pair[1]) {
			t.Errorf("%q is not beside %q:\n%s", pair[0], pair[1], scr)
		}
	}
}

// lineHolds says whether one line of screen holds both a and b, a first.
func lineHolds(screen, a, b string) bool {
	for _, l := range strings.Split(screen, "\n") {
		if i := strings.Index(l, a); i >= 0 && strings.Contains(l[i:], b) {
			return true
		}
	}
	return false
}
