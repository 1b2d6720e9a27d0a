package guidelines

import (
	"slices"
)

// A passage field (item.passage) is a text column (or JSON path) of the
// item long enough to need its own window: a corpus segment, a document.
// A HIT draws it in a window of its own, scrolled by its own keys, so the
// passage and the rest of the item both stay on screen at any size.

// checkPassage checks item.passage: each an item.text field or a joined
// file's field (segment.segment, which a step per pair shows), once.
func (c *fileCheck) checkPassage() {
	it := c.f.Item
	for i, p := range it.Passage {
		switch {
		case !slices.Contains(it.Text, p) && !c.f.isJoined(p):
			c.at("item.passage", "item.passage: %q is not an item.text field nor a [[join]]'s field (NAME.FIELD)", p)
		case slices.Index(it.Passage, p) != i:
			c.at("item.passage", "item.passage: %q is there twice", p)
		case p == it.Group:
			c.at("item.passage", "item.passage: %q is item.group, the group's heading", p)
		}
	}
}

// IsPassage says whether field col is drawn as a passage.
func (f *ProtocolFile) IsPassage(col string) bool { return slices.Contains(f.Item.Passage, col) }

// isJoined says whether name is a [[join]]'s field: NAME.FIELD.
func (f *ProtocolFile) isJoined(name string) bool {
	_, ok := f.joinField(name)
	return ok
}
