package guidelines

import (
	"strings"
	"testing"
)

// Only a plain http or https address passes: no other scheme, nothing
// an opener could take for an option, no spaces or control characters.
func TestWebURL(t *testing.T) {
	for _, u := range []string{"https://example.org/a?b=c", "http://example.org"} {
		if !WebURL(u) {
			t.Errorf("%q refused", u)
		}
	}
	for _, u := range []string{"", "javascript:alert(1)", "file:///etc/passwd", "data:text/html,x", "-https://x.org",
		"https://", "https://exa mple.org", "https://example.org/\x1b]0;x\x07", "https://user:pw@example.org", "HTTPS://example.org",
		"ftp://example.org", "https://example.org/\u202e"} {
		if WebURL(u) {
			t.Errorf("%q passes", u)
		}
	}
}

// item.url and item.passage that cannot be are refused at their line.
func TestURLAndPassageRefused(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"url not a field", `list = ["answer[].text"]`, "list = [\"answer[].text\"]\nurl = \"link\"", `c.toml:11: item.url: "link" is not`},
		{"url over another list", `list = ["answer[].text"]`, "list = [\"answer[].text\"]\nurl = \"question[].url\"", `c.toml:11: item.url: "question[].url": a path with [] names each element's address over the item's list (answer[].text)`},
		{"passage not text", `list = ["answer[].text"]`, "list = [\"answer[].text\"]\npassage = [\"category\"]", `c.toml:11: item.passage: "category" is not an item.text field`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseProtocolFile("c.toml", []byte(strings.Replace(jsonlToml, c.from, c.to, 1)))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
		})
	}
	f, err := ParseProtocolFile("c.toml", []byte(strings.Replace(jsonlToml, `list = ["answer[].text"]`, "list = [\"answer[].text\"]\nurl = \"answer[].url\"\npassage = [\"template\"]", 1)))
	if err != nil {
		t.Fatal(err)
	}
	r := f.Shown(`{"question": "q", "template": "t", "answer": [{"text": "a", "url": "https://a.org"}, {"text": "b"}]}`)
	if len(r.URLs) != 2 || r.URLs[0] != "https://a.org" || r.URLs[1] != "" || !f.IsPassage("template") {
		t.Errorf("urls %q", r.URLs)
	}
}
