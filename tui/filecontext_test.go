package tui

import (
	"context"
	"strings"
	"testing"

	"github.com/claritty/claritty/data"
	"github.com/claritty/claritty/data/demotest"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store/storetest"
)

// A file with item.context and no screen of its own (no [parts] screen)
// draws the conversation before the item above its first text, on a
// scale step and on the choice step, as docs/protocols.md promises:
// necessity's file without its request screen.
func TestFileScreenDrawsTheContext(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	lead := storetest.Lead(t, st)
	shipped, err := guidelines.FindShipped("necessity")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(shipped.Text), `name = "necessity"`, `name = "tui-asks-plain"`, 1)
	text = strings.Replace(text, "screen = \"request\"\n", "", 1)
	f, err := guidelines.ParseProtocolFile("plain.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	if err := st.AddProtocol(ctx, lead, f, []byte(text)); err != nil {
		t.Fatal(err)
	}
	line := `{"id": "r1", "request": "Book it for tonight.", "context": [{"role": "user", "text": "I like the \u001b[31mbistro on Main."}, {"role": "assistant", "text": "Noted."}], "facets": ["which restaurant", "how many people"]}` + "\n"
	if _, err := demotest.Import(ctx, st, lead, strings.NewReader(line), "asks.jsonl", data.Options{Format: "tui-asks-plain", Dataset: "asks"}); err != nil {
		t.Fatal(err)
	}
	an, err := st.EnsureAnnotator(ctx, "ana")
	if err != nil {
		t.Fatal(err)
	}
	h := startOn(t, st, an, "asks", 100, 40, false)
	for _, step := range []string{"need", "choice"} {
		scr := h.screen()
		user, said, request := strings.Index(scr, "user: I like the"), strings.Index(scr, "assistant: Noted."), strings.Index(scr, "Book it for tonight.")
		if user < 0 || said < user || request < said {
			t.Errorf("%s step: the conversation is not drawn above the request:\n%s", step, scr)
		}
		if strings.Contains(h.m.View().Content, "\x1b[31mbistro") {
			t.Errorf("%s step: the context's escape reached the terminal", step)
		}
		h.readThen("1") // yes: on to the facet
	}
}
