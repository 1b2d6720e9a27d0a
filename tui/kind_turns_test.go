package tui

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/claritty/claritty/store/storetest"
)

// dialogueProtocol judges a JSONL conversation turn by turn, then as a
// whole: item.conversation and per = "turn".
const dialogueProtocol = `name = "dialogue-test"
title = "Dialogues, turn by turn"
items = "dialogues"

[item]
format = "jsonl"
keys = ["id", "topic", "turns"]
id = ["id"]
text = ["topic"]
conversation = "turns"

[[scale]]
name = "useful"
values = [0, 1, 2]
keys = ["0", "1", "2"]
names = ["not", "partly", "fully"]

[[step]]
title = "How useful is the turn?"
unit = "useful"
per = "turn"
show = ["topic", "turns"]
scale = "useful"

[[step]]
title = "How useful is the dialogue?"
unit = "overall"
show = ["topic", "turns"]
scale = "useful"
`

// dialogueLine is one JSONL item of n turns, users and systems in turn, the
// third turn with an image and the fourth's text hostile.
func dialogueLine(t *testing.T, id string, n int) string {
	t.Helper()
	var turns []map[string]any
	for i := range n {
		role := "user"
		if i%2 == 1 {
			role = "assistant"
		}
		turn := map[string]any{"role": role, "text": fmt.Sprintf("turn %d says line %d of %s", i+1, i+1, id)}
		if i == 2 {
			turn["image"] = "images/shoe.png"
		}
		if i == 3 {
			turn["text"] = "evil \x1b]0;owned\x07\x1b[2J text"
			turn["role"] = "sys\x1b[31mtem"
			turn["image"] = []string{"a\x1b[2J.png", "b.png"}
		}
		turns = append(turns, turn)
	}
	b, err := json.Marshal(map[string]any{"id": id, "topic": "running shoes for " + id, "turns": turns})
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

// A conversation of six turns is labelled turn by turn (useful_1 …
// useful_6), each turn's step marking its turn, its role in the margin,
// then the dialogue as a whole; the label given shows beside its turn.
func TestConversationFieldPerTurn(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "dialogues", dialogueProtocol, dialogueLine(t, "d1", 6))
	h := openAs(t, st, "dialogues", 80, 24)
	h.expect("How useful is the turn? · turn 1 of 6")
	h.expect("▸ Turn 1")
	h.expect("user")
	h.expect("turn 1 says line 1 of d1")
	for i := range 6 {
		h.expect(fmt.Sprintf("turn %d of 6", i+1))
		h.expect(fmt.Sprintf("▸ Turn %d", i+1))
		h.keys(fmt.Sprint(i % 3))
	}
	h.expect("How useful is the dialogue?")
	h.keys("2")
	h.expect("read it all first") // the whole dialogue is its focus
	h.keys("pgdown", "pgdown", "2")
	got := h.labels(1)
	want := map[string]int{"useful_1": 0, "useful_2": 1, "useful_3": 2, "useful_4": 0, "useful_5": 1, "useful_6": 2, "overall": 2}
	if !equalLabels(got, want) {
		t.Errorf("labels %v, want %v\n%s", got, want, h.screen())
	}
}

// A turn's role, image and its label show beside it; hostile text is
// neutralised; the screen fits at every size.
func TestConversationFieldGolden(t *testing.T) {
	for _, size := range []struct{ w, h int }{{40, 12}, {80, 24}, {200, 60}} {
		t.Run(itoa(size.w)+"x"+itoa(size.h), func(t *testing.T) {
			st := storetest.Open(t)
			importProtocol(t, st, "dialogues", dialogueProtocol, dialogueLine(t, "d1", 6))
			h := openAs(t, st, "dialogues", size.w, size.h)
			h.keys("2", "1") // turns 1 and 2 labelled: turn 3, with its image, in focus
			h.expect("▸ Turn 3")
			h.expect("[1] image images/shoe.png")
			h.keys("pgdown") // turn 4's hostile role and images too
			raw := h.m.View().Content
			for _, bad := range []string{"\x1b]0", "\x1b[2J", "\x07", "\x1b[31m"} {
				if strings.Contains(raw, bad) {
					t.Fatalf("dataset text reached the terminal raw: %q", bad)
				}
			}
			checkFits(t, h, size.w, size.h)
			golden.RequireEqual(t, h.screen())
		})
	}
}

// A conversation longer than the units a kind lists at first (RowUnits)
// is labelled to its last turn: the import lists units for it.
func TestConversationFieldLong(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "dialogues", dialogueProtocol, dialogueLine(t, "d1", 25))
	h := openAs(t, st, "dialogues", 80, 24)
	for range 25 {
		h.keys("1")
	}
	h.expect("How useful is the dialogue?")
	if got := h.labels(1); len(got) != 25 || got["useful_25"] != 1 {
		t.Errorf("labels %v\n%s", got, h.screen())
	}
}

// On the step about the whole dialogue each turn's head still shows the
// label its turn was given, as ClariMM's do.
func TestConversationFieldLabelsOnWholeStep(t *testing.T) {
	st := storetest.Open(t)
	importProtocol(t, st, "dialogues", dialogueProtocol, dialogueLine(t, "d1", 2))
	h := openAs(t, st, "dialogues", 80, 24)
	h.keys("2", "0")
	h.expect("How useful is the dialogue?")
	h.expect("Turn 1  · useful 2 fully")
	h.expect("Turn 2  · useful 0 not")
}
