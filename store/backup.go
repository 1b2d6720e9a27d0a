package store

import (
	"context"
	"database/sql"
	"fmt"
)

// Backup copies the whole database into the file at path, which must be
// empty or not exist; only a lead may. It runs while people work: VACUUM
// INTO reads one snapshot, so the copy holds every transaction committed
// before it began and nothing of one committed after, and it blocks no
// writer. The copy is a claritty database (same application id and schema
// version) that store.Open takes as it is.
func (s *Store) Backup(ctx context.Context, who Annotator, path string) error {
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	defer conn.Close()
	// The check runs on the connection that copies: SQLite cannot VACUUM
	// inside a transaction, so this is as close as the two can be.
	tx, err := conn.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	err = requireRole(ctx, s.wrap(ctx, tx), who.ID, ActBackup)
	tx.Rollback()
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if _, err := conn.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}
