// Package sqldump writes a SQLite database as reviewable SQL text and
// loads such text into a new database file, over modernc.org/sqlite: the
// sqlite3 shell may not be on the machine that runs the tests. It keeps
// what a migration reads: every table's rows, the schema as sqlite_master
// has it (tables, indexes, triggers, views), PRAGMA user_version and
// application_id.
package sqldump

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	_ "modernc.org/sqlite" // the driver the store uses
)

// Dump writes the database at path as SQL: pragmas, then each table's
// CREATE and its rows in rowid order (a table without rowid, by its
// primary key), then indexes, triggers and views, so that loading it
// never fires a trigger on the rows it inserts.
func Dump(ctx context.Context, path string, w io.Writer) error {
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer db.Close()
	bw := bufio.NewWriter(w)
	var version, app int64
	if err := db.QueryRowContext(ctx, `PRAGMA user_version`).Scan(&version); err != nil {
		return err
	}
	if err := db.QueryRowContext(ctx, `PRAGMA application_id`).Scan(&app); err != nil {
		return err
	}
	fmt.Fprintf(bw, "PRAGMA application_id = %d;\nPRAGMA user_version = %d;\n", app, version)
	type object struct{ kind, name, sql string }
	rows, err := db.QueryContext(ctx, `SELECT type, name, sql FROM sqlite_master
		WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY CASE type WHEN 'table' THEN 0 WHEN 'index' THEN 1 WHEN 'view' THEN 2 ELSE 3 END, name`)
	if err != nil {
		return err
	}
	var objects []object
	for rows.Next() {
		var o object
		if err := rows.Scan(&o.kind, &o.name, &o.sql); err != nil {
			rows.Close()
			return err
		}
		objects = append(objects, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, o := range objects {
		fmt.Fprintf(bw, "%s;\n", o.sql)
		if o.kind != "table" || strings.Contains(strings.ToUpper(o.sql), "VIRTUAL TABLE") {
			continue
		}
		if err := dumpRows(ctx, db, bw, o.name, strings.Contains(strings.ToUpper(o.sql), "WITHOUT ROWID")); err != nil {
			return fmt.Errorf("table %s: %w", o.name, err)
		}
	}
	return bw.Flush()
}

// dumpRows writes a table's rows as INSERTs, one a line.
func dumpRows(ctx context.Context, db *sql.DB, w io.Writer, table string, withoutRowid bool) error {
	order := "rowid"
	if withoutRowid {
		order = "1"
	}
	rows, err := db.QueryContext(ctx, `SELECT * FROM "`+table+`" ORDER BY `+order)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		lits := make([]string, len(vals))
		for i, v := range vals {
			lits[i] = literal(v)
		}
		fmt.Fprintf(w, "INSERT INTO \"%s\" VALUES(%s);\n", table, strings.Join(lits, ","))
	}
	return rows.Err()
}

// literal is a value as SQL text: NULL, an integer, a real that reads
// back the same, a quoted string (newlines kept inside the quotes), a
// blob as X'..'.
func literal(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			return "NULL"
		}
		s := strconv.FormatFloat(x, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s
	case []byte:
		return "X'" + hex.EncodeToString(x) + "'"
	case string:
		return "'" + strings.ReplaceAll(x, "'", "''") + "'"
	case bool:
		if x {
			return "1"
		}
		return "0"
	default:
		return "'" + strings.ReplaceAll(fmt.Sprint(x), "'", "''") + "'"
	}
}

// Load makes a new database file at path from SQL text Dump wrote, in
// one transaction.
func Load(ctx context.Context, text, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%s exists", path)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	if _, err := db.ExecContext(ctx, "BEGIN;\n"+text+"\nCOMMIT;"); err != nil {
		return fmt.Errorf("load %s: %w", path, err)
	}
	return nil
}
