package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
)

// A protocol file's item.url gives each element or row a web address: o
// opens the one in focus, as a MIMICS pane's o opens its results page. An
// address that is not plainly a web page (guidelines.WebURL) is refused,
// never handed to the browser.

// focusURL is the address of what step fs labels at index: the element's
// on a step per element, the row's on a step per row, the item's (its
// first row's) on a step once an item. none says why there is none.
func (k *fileKind) focusURL(fs guidelines.FileStep, index int) (url, none string) {
	perElement := k.file.URLPerElement()
	switch {
	case k.file.Item.URL == "" || len(k.rows) == 0:
		return "", "nothing to open: everything there is to read is on the screen"
	case fs.Per == guidelines.PerElement && perElement:
		if index < len(k.rows[0].URLs) {
			url = k.rows[0].URLs[index]
		}
	case fs.Per == guidelines.PerRow && !perElement:
		if index < len(k.rows) {
			url = k.rows[index].URL
		}
	case fs.Per != guidelines.PerElement && fs.Per != guidelines.PerRow && !perElement:
		url = k.rows[0].URL
	default:
		return "", "nothing to open on this step: each " + display.Field(k.file.Item.ListName) + " has its own address, on its own step"
	}
	if url == "" {
		return "", "nothing to open: this one has no address"
	}
	return url, ""
}

// openURL opens the address in focus, or says why not.
func (k *fileKind) openURL(m *hitScreen, h *hitState) tea.Cmd {
	fs, _ := k.file.StepOf(h.step().id)
	url, none := k.focusURL(fs, h.step().answer)
	switch {
	case none != "":
		m.setStatus(none, false)
		return nil
	case !guidelines.WebURL(url):
		m.setStatus("not opened: "+display.FitWords(display.Clean(url), 60)+" is not an http or https address", true)
		return nil
	}
	return m.open(url)
}

// urlRows is an address shown under what it belongs to, dim, wrapped.
func urlRows(s Styles, url string, width int, indent string) textRows {
	if url == "" {
		return textRows{}
	}
	return textRows{lines: urlLines(s.Dim, "↗ "+display.Clean(url), indent, width)}
}
