package tui

import (
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// OpenBrowser opens url with $BROWSER (a colon-separated list; "%s" marks
// where the URL goes) or else the system's opener. It does not wait for the
// browser, and keeps its output off the TUI's screen.
func OpenBrowser(url string) error {
	var candidates [][]string
	for _, b := range strings.Split(os.Getenv("BROWSER"), ":") {
		if f := strings.Fields(b); len(f) > 0 {
			candidates = append(candidates, withURL(f, url))
		}
	}
	switch runtime.GOOS {
	case "darwin":
		candidates = append(candidates, []string{"open", url})
	case "windows":
		candidates = append(candidates, []string{"rundll32", "url.dll,FileProtocolHandler", url})
	default:
		candidates = append(candidates, []string{"xdg-open", url})
	}
	err := errors.New("no browser found: set $BROWSER")
	for _, c := range candidates {
		cmd := exec.Command(c[0], c[1:]...)
		if err = cmd.Start(); err == nil {
			go cmd.Wait() // reap it; its exit status is of no use here
			return nil
		}
	}
	return err
}

func withURL(args []string, url string) []string {
	out := make([]string, 0, len(args)+1)
	placed := false
	for _, a := range args {
		if strings.Contains(a, "%s") {
			a, placed = strings.ReplaceAll(a, "%s", url), true
		}
		out = append(out, a)
	}
	if !placed {
		out = append(out, url)
	}
	return out
}
