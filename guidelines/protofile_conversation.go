package guidelines

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
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

// Turn keys: what of a turn's object a HIT shows, unless item.turn says
// otherwise.
const (
	turnRole  = "role"
	turnText  = "text"
	turnImage = "image"
)

// TurnShape is what one turn of a conversation is ([item] turn): the keys
// whose texts it says, in order (the first is the list's element: what a
// step per turn labels, and exports list), who says each (Roles, one a key,
// as the margin shows them; else the turn's own role key), and the key of
// its images (a path, or a list of paths). ClariMM's turn is a question,
// its pictures and the user's answer: said = ["question", "answer"],
// roles = ["Q", "A"], images = "images".
type TurnShape struct {
	Said   []string `toml:"said"`
	Roles  []string `toml:"roles"`
	Images string   `toml:"images"`
}

// turnShape is the item's turn shape: the file's, or {role, text, image}.
func (f *ProtocolFile) turnShape() TurnShape {
	if t := f.Item.Turn; t != nil {
		return *t
	}
	return TurnShape{Said: []string{turnText}, Images: turnImage}
}

// checkTurn checks item.turn: keys to texts, each once, roles one a key
// and drawable, an images key that is none of them.
func (c *fileCheck) checkTurn() {
	t := c.f.Item.Turn
	if t == nil {
		return
	}
	if c.f.Item.Conversation == "" {
		c.at("item.turn", "item.turn is a conversation's turn: give item.conversation")
		return
	}
	if len(t.Said) == 0 {
		c.at("item.turn", "item.turn.said: name the keys whose texts a turn says (\"question\", \"answer\")")
	}
	for i, k := range t.Said {
		if !simpleKey(k) || slices.Index(t.Said, k) != i || k == t.Images {
			c.at("item.turn", "item.turn.said: key %q is empty, not one key, there twice or the images'", k)
		}
	}
	if t.Roles != nil && len(t.Roles) != len(t.Said) {
		c.at("item.turn", "item.turn.roles: %d roles for %d said keys; want one a key", len(t.Roles), len(t.Said))
	}
	for _, r := range t.Roles {
		if strings.TrimSpace(r) == "" || !drawable(r) {
			c.at("item.turn", "item.turn.roles: role %q is empty or holds a control character", r)
		}
	}
	if t.Images != "" && !simpleKey(t.Images) {
		c.at("item.turn", "item.turn.images: %q is not one key", t.Images)
	}
}

// ImagesBesideFile is [item] images's one value: a conversation's image
// paths are read beside the data file at import.
const ImagesBesideFile = "beside-file"

// ImagesKept says whether the import reads a conversation's images beside
// the data file and keeps them with the item (item_images).
func (f *ProtocolFile) ImagesKept() bool {
	return f.IsConversation() && f.Item.Images == ImagesBesideFile
}

// checkImages checks item.images: "beside-file", for a conversation.
func (c *fileCheck) checkImages() {
	switch im := c.f.Item.Images; {
	case im == "":
	case im != ImagesBesideFile:
		c.at("item.images", "item.images = %q: want \"beside-file\" (image paths read beside the data file)", im)
	case c.f.Item.Conversation == "":
		c.at("item.images", "item.images reads a conversation's images: give item.conversation")
	}
}

// simpleKey says whether k is one key of an object (no path).
func simpleKey(k string) bool {
	return k != "" && !strings.ContainsAny(k, ".[]") && strings.TrimSpace(k) == k
}

// conversationAsList checks item.conversation and reads it as the item's
// list (see above). It runs before the other checks, which then check the
// list and its steps as any JSONL list's.
func (c *fileCheck) conversationAsList() {
	f := c.f
	it := &f.Item
	c.checkImages()
	if it.Conversation == "" {
		c.checkTurn()
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
	c.checkTurn()
	if said := f.turnShape().Said; len(said) > 0 && simpleKey(said[0]) {
		it.List = []string{it.Conversation + "[]." + said[0]}
	}
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

// turns are a row's conversation's turns beyond their first texts (the
// List): who says each text, each text a turn says (its first the List's),
// and the paths of its images. A turn that is not an object, or a role, a
// text or an image that is not text, reads as none: the import has read
// every line's list already, and a HIT shows what there is.
func (r Fields) turns() (roles []string, said [][]string, images [][]string) {
	if r.obj == nil || !r.f.IsConversation() {
		return nil, nil, nil
	}
	list := r.turnObjects()
	shape := r.f.turnShape()
	for _, t := range list {
		role, _ := t[turnRole].(string)
		if shape.Roles != nil {
			role = ""
		}
		roles = append(roles, role)
		var lines []string
		for _, k := range shape.Said {
			text, _ := t[k].(string)
			lines = append(lines, text)
		}
		said = append(said, lines)
		images = append(images, imagePaths(t[shape.Images]))
	}
	return roles, said, images
}

// turnObjects are the row's conversation's turns, each an object (a turn
// that is none reads as an empty one).
func (r Fields) turnObjects() []map[string]any {
	p, err := ParseJSONPath(r.f.Item.Conversation)
	if err != nil {
		return nil
	}
	var v any = r.obj
	for _, k := range p.Keys() {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	list, _ := v.([]any)
	out := make([]map[string]any, len(list))
	for i, e := range list {
		out[i], _ = e.(map[string]any)
	}
	return out
}

// SaidRoles are who says each of a turn's texts as the file names them
// (item.turn.roles: ClariMM's Q and A); nil when each turn's role key says.
func (f *ProtocolFile) SaidRoles() []string {
	if t := f.Item.Turn; t != nil && t.Roles != nil {
		out := make([]string, len(t.Roles))
		for i, r := range t.Roles {
			out[i] = display.Clean(r)
		}
		return out
	}
	return nil
}

// TurnProblem says what is wrong with a conversation line's turns for an
// import ("" for nothing): a conversation with no turns, more than
// item.max_list, or a turn lacking one of its said texts. noun is what an
// item is called, id its id's text.
func (f *ProtocolFile) TurnProblem(r Fields, noun, id string) string {
	if !f.IsConversation() {
		return ""
	}
	turns := r.turnObjects()
	name := f.Item.ListName
	switch {
	case len(turns) == 0:
		return fmt.Sprintf("%s %q has no %ss", noun, display.Clean(id), name)
	case f.Item.MaxList > 0 && len(turns) > f.Item.MaxList:
		return fmt.Sprintf("%s %q has %d %ss; at most %d are rated", noun, display.Clean(id), len(turns), name, f.Item.MaxList)
	}
	for i, t := range turns {
		for _, k := range f.turnShape().Said {
			if text, _ := t[k].(string); strings.TrimSpace(text) == "" {
				return fmt.Sprintf("%s %d: %s is missing or empty", name, i+1, k)
			}
		}
	}
	return ""
}

// TurnImages are the image paths of a row's conversation, turn by turn.
func (r Fields) TurnImages() [][]string {
	_, _, images := r.turns()
	return images
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
