package tui

import (
	"os/exec"
	"strings"
	"testing"
)

// The screens read figures through report and text through display; they
// never compile against the file readers and writers in data.
func TestTUIDoesNotImportData(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if dep == "github.com/claritty/claritty/data" || strings.HasPrefix(dep, "github.com/claritty/claritty/data/") {
			t.Errorf("tui depends on %s", dep)
		}
	}
}
