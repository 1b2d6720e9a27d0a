package data

import (
	"os"
	"path/filepath"
)

// SharedFile finds a file under the shared/data folder that sits beside the
// module root (../shared/data from the repository). Tests and benchmarks use
// the released MIMICS files from there when they exist and skip otherwise;
// the project itself never ships them.
func SharedFile(rel string) (string, bool) {
	dir, err := os.Getwd()
	if err != nil {
		return "", false
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			p := filepath.Join(dir, "..", "shared", "data", rel)
			_, err := os.Stat(p)
			return p, err == nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", false
		}
		dir = parent
	}
}
