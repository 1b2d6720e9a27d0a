package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
)

// Litestream's tables do not make a file another program's: an empty
// database Litestream watched first becomes claritty's, and a claritty
// database it replicates checkpoints later, leaving that to Litestream.
func TestLitestreamTablesAreWelcome(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`PRAGMA journal_mode = wal`, `CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)`,
		`CREATE TABLE _litestream_lock (id INTEGER)`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	st, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("a database with Litestream's tables only: %v", err)
	}
	defer st.Close()
	var n int
	if err := st.db.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&n); err != nil || n != replicatedCheckpoint {
		t.Fatalf("wal_autocheckpoint %d (%v), want %d", n, err, replicatedCheckpoint)
	}
	other := filepath.Join(t.TempDir(), "o.db")
	raw, _ = sql.Open("sqlite", "file:"+other)
	raw.Exec(`CREATE TABLE _litestream_seq (id INTEGER PRIMARY KEY, seq INTEGER)`)
	raw.Exec(`CREATE TABLE notes (body TEXT)`)
	raw.Close()
	if st, err := Open(ctx, other); err == nil {
		st.Close()
		t.Fatal("another program's table beside Litestream's was taken for claritty's")
	}
	plain := openTemp(t)
	if err := plain.db.QueryRowContext(ctx, `PRAGMA wal_autocheckpoint`).Scan(&n); err != nil || n != 1000 {
		t.Fatalf("an unreplicated database's wal_autocheckpoint %d (%v)", n, err)
	}
}
