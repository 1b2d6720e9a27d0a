package guidelines

import (
	"net/url"
	"strings"
	"unicode"
)

// item.url names each element's or row's web address (a retrieved
// segment's page, a pane's landing page): o on the HIT screen opens the
// one in focus. In a JSONL item whose list is a path (answer[].text) it is
// a path over the same list (answer[].url), one address an element; else
// a column (or a path to a text), one address a row: a grouped item's
// rows each have theirs, an item of one row its own.

// checkURL checks item.url: a field of the item, over the item's list
// when it is a list path.
func (c *fileCheck) checkURL() {
	it := c.f.Item
	if it.URL == "" {
		return
	}
	if !c.f.JSONL() {
		if !c.f.hasField(it.URL) {
			c.at("item.url", "item.url: %q is not %s", it.URL, c.f.fieldWords())
		}
		return
	}
	p, err := ParseJSONPath(it.URL)
	switch {
	case err != nil:
		c.at("item.url", "item.url: %v", err)
	case p.Depth() == 0 && !c.f.hasField(it.URL):
		c.at("item.url", "item.url: %q is not %s", it.URL, c.f.fieldWords())
	case p.Depth() == 0:
	case !c.f.ListPath() || p.Depth() != 1 || listOf(it.URL) != listOf(it.List[0]):
		c.at("item.url", "item.url: %q: a path with [] names each element's address over the item's list (%s)", it.URL, strings.Join(it.List, ", "))
	}
}

// listOf is a list path's part up to its [] (answer[].url → answer).
func listOf(path string) string {
	before, _, _ := strings.Cut(path, "[]")
	return before
}

// URLPerElement says whether item.url gives each list element's address,
// rather than each row's.
func (f *ProtocolFile) URLPerElement() bool { return strings.Contains(f.Item.URL, "[]") }

// urls are a row's addresses: its own, or each element's.
func (r Fields) urls() (own string, each []string) {
	u := r.f.Item.URL
	switch {
	case u == "":
	case !r.f.URLPerElement():
		own = r.Text(u)
	case r.obj != nil:
		if p, err := ParseJSONPath(u); err == nil {
			if v, err := p.Eval(r.obj); err == nil {
				each = v.Texts()
			}
		}
	}
	return own, each
}

// WebURL says whether text is an address o may open: http or https, a
// host, and nothing a terminal or a shell could read otherwise (no
// spaces, no control characters). Dataset text is untrusted: a file:,
// javascript: or data: address, or one that would pass as an opener's
// option, is never handed to the browser.
func WebURL(text string) bool {
	if text == "" || len(text) > 4096 {
		return false
	}
	for _, r := range text {
		if unicode.IsSpace(r) || unicode.IsControl(r) || !unicode.IsPrint(r) {
			return false
		}
	}
	u, err := url.Parse(text)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.User == nil &&
		(strings.HasPrefix(text, "http://") || strings.HasPrefix(text, "https://"))
}
