package store

import (
	"context"
	"errors"
	"os"
	"os/user"
	"strings"
	"testing"
)

// A write asked of a read-only database says whose file it is and its
// mode, so the reader knows whom to ask.
func TestReadOnlySaysWhoseFile(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := openTemp(t)
	path := st.path
	st.Close()
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	ro, err := OpenReadOnly(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	err = ro.tx(ctx, func(*ptx) error { return nil })
	if !errors.Is(err, ErrReadOnly) || !strings.Contains(err.Error(), path+" belongs to "+me.Username+" (mode 0444): ask them") {
		t.Errorf("a write: %v", err)
	}
}
