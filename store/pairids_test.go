package store

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// A blind id is the same for the same pair in a database and its copies,
// and another database, with its own key, names the same uid otherwise:
// nobody without the key can work one out from a request id and system
// names.
func TestBlindIDsNeedTheKey(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ids := map[string]bool{}
	for i := range 2 { // made new, not copied from a test's built database
		st, err := Open(ctx, filepath.Join(t.TempDir(), fmt.Sprint(i, ".db")))
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		n, err := loadPairNamer(ctx, st.prepared())
		if err != nil {
			t.Fatal(err)
		}
		id := n.name("req-1/alpha/beta")
		if !isBlindID(id) || id != n.name("req-1/alpha/beta") || id == n.name("req-1/alpha/gamma") {
			t.Errorf("blind ids %s %s", id, n.name("req-1/alpha/gamma"))
		}
		ids[id] = true
	}
	if len(ids) != 2 {
		t.Errorf("two databases name a pair alike: %v", ids)
	}
	for _, s := range []string{"pair-0123456789abcdef", "pair-0123456789ABCDEF", "pair-0123", "req-1/a/b", "pair-0123456789abcdeg"} {
		if isBlindID(s) != (s == "pair-0123456789abcdef") {
			t.Errorf("isBlindID(%q) = %v", s, isBlindID(s))
		}
	}
}
