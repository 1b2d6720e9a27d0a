package guidelines

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/claritty/claritty/display"
)

// A file's items are known by a hash of their id fields unless [item]
// uid = "id" keeps the one id field's text as the uid itself: a release
// whose exports, merged labels files and bench runs name each item by its
// own id (ClariMM's conversation ids) reads the same before and after it
// is a protocol file's. And a JSONL file may name keys a line may lack
// ([item] optional) and let lines carry keys it does not read ([item]
// other_keys = "ignore"); such a file is known by the keys every line has.

// UIDFromID is [item] uid's one value: the id field's text is the uid.
const UIDFromID = "id"

// OtherKeysIgnore is [item] other_keys's one value.
const OtherKeysIgnore = "ignore"

// UIDIsID says whether an item's uid is its id field's text as written.
func (f *ProtocolFile) UIDIsID() bool { return f.Item.UID == UIDFromID }

// UIDIsID says whether the kind's items' uids are their own ids as the
// file writes them (a protocol file's [item] uid = "id").
func (p Protocol) UIDIsID() bool { return p.file != nil && p.file.UIDIsID() }

// IDUIDProblem says what keeps an id's text from being a uid ("" when
// nothing does): it is empty, or holds a tab, a line end or a character a
// terminal would act on, which every export and prompt writes as it is.
func IDUIDProblem(id string) string {
	switch {
	case strings.TrimSpace(id) == "":
		return "is missing or empty"
	case display.Clean(id) != id || strings.ContainsAny(id, "\t\r\n\u2028\u2029"):
		// U+2028 and U+2029 end a line in some readers of the exports,
		// as a written answer's refusal says.
		return "has control characters"
	}
	return ""
}

// IDProblem says what keeps a row's id from being its uid ("" when
// nothing does): IDUIDProblem's, or, on a JSONL line, an id that is
// true or false or a number not whole (7.0, 1e3), whose text is not what
// another reader of the line would write for it.
func (r Fields) IDProblem() string {
	col := r.f.Item.ID[0]
	if p := IDUIDProblem(r.Text(col)); p != "" || r.obj == nil {
		return p
	}
	path, err := ParseJSONPath(col)
	if err != nil {
		return ""
	}
	var v any = r.obj
	for _, k := range path.Keys() {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	switch t := v.(type) {
	case bool:
		return "is true or false, not a text or a whole number"
	case json.Number:
		if _, err := strconv.ParseInt(t.String(), 10, 64); err != nil {
			return "is not a whole number"
		}
	}
	return ""
}

// RequiredKeys are the keys every line of a JSONL file has: item.keys
// but the optional ones.
func (f *ProtocolFile) RequiredKeys() []string {
	return slices.DeleteFunc(slices.Clone(f.Item.Keys), func(k string) bool { return slices.Contains(f.Item.Optional, k) })
}

// OtherKeysIgnored says whether a line may have keys item.keys lacks.
func (f *ProtocolFile) OtherKeysIgnored() bool { return f.Item.OtherKeys == OtherKeysIgnore }

// checkItemKeys checks uid, optional and other_keys.
func (c *fileCheck) checkItemKeys() {
	it := c.f.Item
	switch it.UID {
	case "":
	case UIDFromID:
		if len(it.ID) != 1 {
			c.at("item.uid", "item.uid = %q takes the id's text as the uid: item.id must be one field, not %d", it.UID, len(it.ID))
		}
		if it.Repeats {
			c.at("item.uid", "item.uid = %q: an id given again is another item (item.repeats), which its text alone cannot name", it.UID)
		}
	default:
		c.at("item.uid", "item.uid = %q: want \"id\" (the id's text), or no uid (a hash of the id)", it.UID)
	}
	if (len(it.Optional) > 0 || it.OtherKeys != "") && !c.f.JSONL() {
		c.at("item.optional", "item.optional and item.other_keys are a JSONL file's (format = \"jsonl\")")
		return
	}
	for i, k := range it.Optional {
		switch {
		case !slices.Contains(it.Keys, k) || slices.Index(it.Optional, k) != i:
			c.at("item.optional", "item.optional: %q is not one of item.keys, or is there twice", k)
		case slices.ContainsFunc(it.ID, func(id string) bool { return PathKey(id) == k }):
			c.at("item.optional", "item.optional: %q is the item's id, which every line must have", k)
		}
	}
	if len(it.Keys) > 0 && len(c.f.RequiredKeys()) == 0 {
		c.at("item.optional", "item.optional: every key is optional; a file is known by the keys every line has")
	}
	c.checkMaxList()
	c.checkFirstGiven()
	c.checkShort()
	c.checkTextNames()
	for _, col := range it.NotEmpty {
		if !slices.Contains(it.ID, col) && !slices.Contains(it.Text, col) {
			c.at("item.not_empty", "item.not_empty: %q is not one of item.id or item.text", col)
		}
	}
	if it.OtherKeys != "" && it.OtherKeys != OtherKeysIgnore {
		c.at("item.other_keys", "item.other_keys = %q: want \"ignore\" (lines may have keys item.keys does not name)", it.OtherKeys)
	}
}

// PathKey is the first key of a JSONL field's path ("facets[]" is
// facets; "" for no path).
func PathKey(field string) string {
	p, err := ParseJSONPath(field)
	if err != nil {
		return ""
	}
	return p.Key()
}

// checkMaxList checks item.max_list: a cap on a list of any length (a
// JSONL list path), at least 1 and no more than a step may list units for.
func (c *fileCheck) checkMaxList() {
	n := c.f.Item.MaxList
	switch {
	case n == 0 && !c.given("item.max_list"):
	case !c.f.ListPath():
		c.at("item.max_list", "item.max_list caps a list of any length: give a JSONL list path (item.list = [\"x[]\"] or item.conversation)")
	case n < 1 || n > RowUnits:
		c.at("item.max_list", "item.max_list = %d: want 1 to %d", n, RowUnits)
	}
}

// checkShort checks each step's short name: drawable, one short line.
func (c *fileCheck) checkShort() {
	for i, st := range c.f.Steps {
		if st.Short == "" {
			continue
		}
		if strings.TrimSpace(st.Short) != st.Short || !drawable(st.Short) || utf8.RuneCountInString(st.Short) > 20 {
			c.at("step."+strconv.Itoa(i)+".short", "step %d: short %q: want a name of at most 20 characters, no spaces around it, no control characters", i+1, st.Short)
		}
	}
}

// checkTextNames checks item.text_names: one a text field at most, each a
// short drawable name.
func (c *fileCheck) checkTextNames() {
	it := c.f.Item
	if len(it.TextNames) > len(it.Text) {
		c.at("item.text_names", "item.text_names: %d names for %d text fields", len(it.TextNames), len(it.Text))
	}
	for j, n := range it.TextNames {
		if strings.TrimSpace(n) != n || n == "" || !drawable(n) || utf8.RuneCountInString(n) > 20 {
			c.at("item.text_names", "item.text_names: %q: want a name of at most 20 characters, no spaces around it, no control characters", n)
		} else if slices.Index(it.TextNames, n) != j {
			// The screens would call two fields one name.
			c.at("item.text_names", "item.text_names: %q is twice; each text field needs a name of its own", n)
		}
	}
	if c.admit && !drawable(it.ListName) {
		// Drawn on every step that shows the list, as a text name is
		// (a file a database kept before is not held to it).
		c.at("item.list_name", "item.list_name: %q holds a control character or a direction override", it.ListName)
	}
}

// given says whether the file gives key (its path: "item.max_list",
// "step.1.first"), so a 0 written is told from one not given.
func (c *fileCheck) given(key string) bool {
	_, ok := c.lines[key]
	return ok
}

// checkFirstGiven refuses a step's first = 0 written out: first's 0 is
// "not given" (1), so a 0 the file gives would be taken as 1 unsaid.
func (c *fileCheck) checkFirstGiven() {
	for i, st := range c.f.Steps {
		if key := "step." + strconv.Itoa(i) + ".first"; st.First == 0 && c.given(key) {
			c.at(key, "step %d: first = 0: want the value the first element is stored as, at least 1", i+1)
		}
	}
}

// TextName is what a screen calls the item's i-th text field: its
// text_names entry, or its own name ("" past the text fields).
func (f *ProtocolFile) TextName(i int) string {
	switch {
	case i < len(f.Item.TextNames):
		return display.Clean(f.Item.TextNames[i])
	case i < len(f.Item.Text):
		return display.Clean(f.Item.Text[i])
	}
	return ""
}
