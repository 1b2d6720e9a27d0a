package store

import (
	"context"
	"database/sql"
	"net/url"
)

// Litestream (a separate process that replicates the database to a folder
// or an S3-compatible bucket, docs/team.md, "Losing the server's disk") keeps two
// tables of its own in the file, and takes over its checkpoints. claritty
// lets both be: a file whose only tables are Litestream's is an empty
// database, not another program's; and while they are there, claritty's
// connections checkpoint only past a large WAL, as Litestream's docs ask,
// so its passive checkpoints do not race Litestream's.
//
// litestreamTable is true, in SQL over sqlite_schema, of Litestream's own
// tables (_litestream_seq, _litestream_lock).
const litestreamTable = `name LIKE '\_litestream\_%' ESCAPE '\'`

// replicatedCheckpoint is the WAL's pages past which a replicated
// database's connections checkpoint themselves (SQLite's default is 1000):
// Litestream checkpoints at its own 1000 pages, and this is a backstop
// for when it has stopped.
const replicatedCheckpoint = 10000

// onlyLitestreamTables says whether every table of the file at path is
// Litestream's: an empty database Litestream watched before claritty made
// it.
func onlyLitestreamTables(path string) bool {
	db, err := sql.Open("sqlite", "file:"+uriPath(absPath(path))+"?"+url.Values{"mode": {"ro"}}.Encode())
	if err != nil {
		return false
	}
	defer db.Close()
	var others int
	err = db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE NOT ` + litestreamTable).Scan(&others)
	return err == nil && others == 0
}

// replicated says whether Litestream keeps its tables in the database.
func replicated(ctx context.Context, db *sql.DB) bool {
	var n int
	err := db.QueryRowContext(ctx, `SELECT count(*) FROM sqlite_schema WHERE `+litestreamTable).Scan(&n)
	return err == nil && n > 0
}
