package guidelines

import (
	"fmt"
	"slices"
	"strings"
)

// A context field (item.context) is a JSONL item's path to the
// conversation before it: a list of turns, each {role, text}, drawn above
// the item's text and never labelled (a ClariLM request's conversation so
// far, beside the candidate facets its list holds). Each turn's role is
// a non-empty text and its text a text; a line whose context is not so
// is refused at its import.

// The keys of a context turn.
const (
	contextRole = "role"
	contextText = "text"
)

// Said is one turn of an item's context: who said it, and what.
type Said struct {
	Role, Text string
}

// LabelsByName is item.labels = "names": labels files and exports write
// a label as its name on its unit's scale.
const LabelsByName = "names"

// checkContext checks item.context: a JSONL item's path, with no [], to
// the list of turns.
func (c *fileCheck) checkContext() {
	it := c.f.Item
	if it.Context == "" {
		return
	}
	p, err := ParseJSONPath(it.Context)
	switch {
	case !c.f.JSONL():
		c.at("item.context", "item.context is a JSONL item's path to the conversation before it: give format = \"jsonl\"")
	case err != nil:
		c.at("item.context", "item.context: %v", err)
	case p.Depth() != 0:
		c.at("item.context", "item.context: %q: name the list itself (context), with no []", it.Context)
	case !slices.Contains(it.Keys, p.Key()):
		c.at("item.context", "item.context: %q does not start with one of item.keys", it.Context)
	default:
		c.contextApart(p.Key())
	}
}

// contextApart refuses a context whose key is also the item's id, one of
// its texts or its list: the conversation before the item is shown above
// it, a key of its own, never labelled or listed.
func (c *fileCheck) contextApart(key string) {
	it := c.f.Item
	for _, f := range []struct {
		name  string
		paths []string
	}{{"item.id", it.ID}, {"item.text", it.Text}, {"item.list", it.List}} {
		if slices.ContainsFunc(f.paths, func(path string) bool { return PathKey(path) == key }) {
			c.at("item.context", "item.context: %q is in %s too: the conversation before the item is a key of its own", it.Context, f.name)
			return
		}
	}
}

// ListTooLong says what is wrong with an item of n elements ("" for
// nothing): more than item.max_list. A conversation's turns are
// refused in its own words (TurnProblem).
func (f *ProtocolFile) ListTooLong(n int) string {
	if m := f.Item.MaxList; m > 0 && n > m && !f.IsConversation() {
		return fmt.Sprintf("%s: %d %ss; at most %d (item.max_list)", f.Item.List[0], n, f.Item.ListName, m)
	}
	return ""
}

// checkLabelsNamed checks item.labels.
func (c *fileCheck) checkLabelsNamed() {
	switch c.f.Item.Labels {
	case "", "numbers", LabelsByName:
	default:
		c.at("item.labels", "item.labels = %q: want numbers or names", c.f.Item.Labels)
	}
}

// ContextOf is an item's context as a row of its file gives it: none
// when the file has no item.context or the line none; a turn that is no
// {role, text} reads as what of it there is (the import refuses such a
// line, ContextProblem).
func (f *ProtocolFile) ContextOf(line string) []Said {
	r := f.FieldsOf(line)
	list, _ := r.contextList()
	var out []Said
	for _, e := range list {
		t, _ := e.(map[string]any)
		role, _ := t[contextRole].(string)
		text, _ := t[contextText].(string)
		out = append(out, Said{Role: role, Text: text})
	}
	return out
}

// contextList is the row's context's turns, as JSON values; ok is false
// when the context is there but no list.
func (r Fields) contextList() (list []any, ok bool) {
	if r.obj == nil || r.f.Item.Context == "" {
		return nil, true
	}
	p, err := ParseJSONPath(r.f.Item.Context)
	if err != nil {
		return nil, true
	}
	var v any = r.obj
	for _, k := range p.Keys() {
		m, isObj := v.(map[string]any)
		if !isObj {
			return nil, v == nil
		}
		v = m[k]
	}
	if v == nil {
		return nil, true // no context: the key is optional
	}
	list, ok = v.([]any)
	return list, ok
}

// ContextProblem says what is wrong with a line's context ("" for
// nothing): not a list, or a turn that is not an object with a role (a
// non-empty text) and a text.
func (f *ProtocolFile) ContextProblem(line string) string {
	list, ok := f.FieldsOf(line).contextList()
	if !ok {
		return fmt.Sprintf("%s is not a list of turns", f.Item.Context)
	}
	for i, e := range list {
		t, isObj := e.(map[string]any)
		if !isObj {
			return fmt.Sprintf("%s turn %d is not an object with a role and a text", f.Item.Context, i+1)
		}
		role, _ := t[contextRole].(string)
		if strings.TrimSpace(role) == "" {
			return fmt.Sprintf("%s turn %d: role is missing or empty", f.Item.Context, i+1)
		}
		if _, isText := t[contextText].(string); !isText {
			return fmt.Sprintf("%s turn %d: text is missing", f.Item.Context, i+1)
		}
		for k := range t {
			if k != contextRole && k != contextText {
				return fmt.Sprintf("%s turn %d: key %q is not role or text", f.Item.Context, i+1, k)
			}
		}
	}
	return ""
}
