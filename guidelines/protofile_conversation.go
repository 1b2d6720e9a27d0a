package guidelines

import (
	"slices"
	"strconv"
	"strings"
)

// A conversation field (item.conversation) is a JSONL item's path to a
// list of turns, each an object with a role, a text and optionally an
// image (a path, or a list of paths): iKAT's and the simulated-user
// studies' dialogues, judged turn by turn. It is the item's list, its
// elements the turns' texts, so every layer that numbers, shows and
// exports a list's elements numbers a conversation's turns: a file says
// per = "turn" and shows the conversation's path; the parsed file holds
// per = "element", item.list = ["PATH[].text"] and shows "list".

// PerTurn is a step asked once per turn of the item's conversation.
const PerTurn = "turn"

// Turn keys: what of a turn's object a HIT shows.
const (
	turnRole  = "role"
	turnText  = "text"
	turnImage = "image"
)

// conversationAsList checks item.conversation and reads it as the item's
// list (see above). It runs before the other checks, which then check the
// list and its steps as any JSONL list's.
func (c *fileCheck) conversationAsList() {
	f := c.f
	it := &f.Item
	if it.Conversation == "" {
		for i, st := range f.Steps {
			if st.Per == PerTurn {
				c.at("step."+strconv.Itoa(i)+".per", "step %d: per = \"turn\", but the item has no conversation (item.conversation)", i+1)
			}
		}
		return
	}
	p, err := ParseJSONPath(it.Conversation)
	switch {
	case !f.JSONL():
		c.at("item.conversation", "item.conversation is a JSONL item's path to its list of turns: give format = \"jsonl\"")
		return
	case len(it.List) > 0:
		c.at("item.conversation", "item.conversation is the item's list: give no item.list beside it")
		return
	case err != nil:
		c.at("item.conversation", "item.conversation: %v", err)
		return
	case p.Depth() != 0:
		c.at("item.conversation", "item.conversation: %q: name the list itself (turns), with no []", it.Conversation)
		return
	}
	it.List = []string{it.Conversation + "[]." + turnText}
	if it.ListName == "" {
		it.ListName = PerTurn
	}
	for i := range f.Steps {
		st := &f.Steps[i]
		if st.Per == PerTurn {
			st.Per = PerElement
		}
		for j, s := range st.Show {
			if s == it.Conversation {
				st.Show[j] = ShowList
			}
		}
	}
}

// IsConversation says whether the item's list is a conversation's turns.
func (f *ProtocolFile) IsConversation() bool { return f.Item.Conversation != "" }

// turns are a row's conversation's roles and image paths, turn by turn
// (the texts are its List). A turn that is not an object, or a role or an
// image that is not text, reads as none: the import has read every line's
// list already, and a HIT shows what there is.
func (r Fields) turns() (roles []string, images [][]string) {
	if r.obj == nil || !r.f.IsConversation() {
		return nil, nil
	}
	p, err := ParseJSONPath(r.f.Item.Conversation)
	if err != nil {
		return nil, nil
	}
	var v any = r.obj
	for _, k := range p.Keys() {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, nil
		}
		v = m[k]
	}
	list, _ := v.([]any)
	for _, e := range list {
		t, _ := e.(map[string]any)
		role, _ := t[turnRole].(string)
		roles = append(roles, role)
		images = append(images, imagePaths(t[turnImage]))
	}
	return roles, images
}

// imagePaths are a turn's image paths: one, or a list of them.
func imagePaths(v any) []string {
	switch t := v.(type) {
	case string:
		if strings.TrimSpace(t) != "" {
			return []string{t}
		}
	case []any:
		var out []string
		for _, e := range t {
			if s, ok := e.(string); ok && strings.TrimSpace(s) != "" {
				out = append(out, s)
			}
		}
		return slices.Clip(out)
	}
	return nil
}
