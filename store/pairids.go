package store

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/claritty/claritty/guidelines"
)

// A compare item's uid names its systems (request/P/Q), and a label stored
// from the first system's side, set beside the side a judge chose, says
// which system wrote A. So below the lead (ActPairSystems) a pair goes by
// its blind id, and a label by the side the judge saw (guidelines.AsSeen):
// in exports, the flags list, the queue's jump, and a merge's rows.
//
// A blind id is an HMAC of the uid under the database's pair key (a
// random 256-bit secret that migration 0023 keeps in settings). Request
// ids and system names are easy to guess, so a plain hash of the uid could
// be recomputed for every guess; the key never leaves the database (only a
// lead's backup copies it), so nobody below the lead can recompute an id.
// A copy of the database (a backup, a laptop's) has the same key and the
// same sides, so an annotator's export merges back into it; a database
// that imported the same pairs itself drew other sides and has another
// key, and refuses the file (errForeignPair) rather than read A as the
// wrong system.

// pairKeySetting is the settings row that holds the pair key, in hex.
const pairKeySetting = "pair_key"

// blindPrefix starts every blind pair id.
const blindPrefix = "pair-"

// blindIDLen is a blind id's length: the prefix and 64 bits of the HMAC,
// in hex, so two pairs of a dataset of millions share one by chance about
// once in ten million datasets.
const blindIDLen = len(blindPrefix) + 16

// pairNamer names pairs by their blind ids, under one database's key.
type pairNamer struct{ key []byte }

// loadPairNamer reads the database's pair key.
func loadPairNamer(ctx context.Context, q source) (pairNamer, error) {
	var v string
	err := q.QueryRowContext(ctx, `SELECT value FROM settings WHERE key = ?`, pairKeySetting).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return pairNamer{}, fmt.Errorf("the database has no pair key (settings %s): claritty check", pairKeySetting)
	}
	if err != nil {
		return pairNamer{}, fmt.Errorf("read the pair key: %w", err)
	}
	key, err := hex.DecodeString(v)
	if err != nil || len(key) < 16 {
		return pairNamer{}, fmt.Errorf("the pair key (settings %s) is damaged", pairKeySetting)
	}
	return pairNamer{key: key}, nil
}

// name is a pair's blind id.
func (n pairNamer) name(uid string) string {
	mac := hmac.New(sha256.New, n.key)
	mac.Write([]byte(uid))
	return blindPrefix + hex.EncodeToString(mac.Sum(nil))[:blindIDLen-len(blindPrefix)]
}

// isBlindID says whether an id has a blind pair id's form.
func isBlindID(id string) bool {
	if len(id) != blindIDLen || !strings.HasPrefix(id, blindPrefix) {
		return false
	}
	_, err := hex.DecodeString(id[len(blindPrefix):])
	return err == nil && strings.ToLower(id) == id
}

// blindPairs lists the compare items (of a task dataset, or of the one
// dataset when datasetID is not 0) by blind id.
func blindPairs(ctx context.Context, q source, datasetID int64) (map[string][]int64, error) {
	n, err := loadPairNamer(ctx, q)
	if err != nil {
		return nil, err
	}
	out := map[string][]int64{}
	err = eachRow(ctx, q, `SELECT i.id, i.uid FROM pairs p JOIN items i ON i.id = p.item_id
		WHERE i.dataset_id IN (SELECT id FROM datasets WHERE purpose = 'task' AND (?1 = 0 OR id = ?1))`,
		[]any{datasetID}, func(rows *sql.Rows) error {
			var id int64
			var uid string
			err := rows.Scan(&id, &uid)
			b := n.name(uid)
			out[b] = append(out[b], id)
			return err
		})
	if err != nil {
		return nil, fmt.Errorf("list pairs: %w", err)
	}
	return out, nil
}

// errForeignPair is a blind id this database does not know: from another
// database (whose key and sides are not these), or mistyped. It says more
// than "not found" on purpose: importing the pairs again would not help.
func errForeignPair(id string) error {
	return fmt.Errorf("no pair here has the blind id %s: an export made below the lead names pairs by ids only the "+
		"database it came from (or a copy of it) knows, with A and B as that database drew them; merge it there, "+
		"or have a lead there export the labels (a lead's export names pairs in full)", id)
}

// errPairByName refuses a pair named by its systems to someone below the
// lead: finding it would tell them which item sets which systems against
// each other.
func errPairByName(id string) error {
	return fmt.Errorf("%w: %s names a pair by its systems, which is for leads; below the lead a pair goes by the "+
		"blind id your own export gives it (pair-…)", ErrNotAllowed, id)
}

// seesPairSystems says whether the annotator's role, as stored now, may
// name pairs by their systems.
func seesPairSystems(ctx context.Context, q source, annotatorID int64) (bool, error) {
	role, err := roleOf(ctx, q, annotatorID)
	return Allows(role, ActPairSystems), err
}

// ItemByExportID finds an item of a dataset by its id as who's exports
// write it: its uid, or for a pair below the lead its blind id (a lead may
// give either), or by its own id (a protocol file's id column, ownids.go).
// A pair's uid from someone below the lead is not found, as if it were not
// there: no answer may say which item sets which systems against each
// other. A name that is one item's uid and another's own id is refused.
func (s *Store) ItemByExportID(ctx context.Context, who Annotator, datasetID int64, id string) (Item, error) {
	byUID, err := s.itemByExportUID(ctx, who, datasetID, id)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return byUID, err
	}
	var kind guidelines.Kind
	if kerr := s.readRow(ctx, `SELECT kind FROM datasets WHERE id = ?`, []any{datasetID}, &kind); kerr != nil {
		return Item{}, kerr
	}
	own := OwnIDUID(s.Protocol(kind), id)
	if own == "" {
		return byUID, err
	}
	byID, ownErr := s.ItemByUID(ctx, datasetID, own)
	switch {
	case errors.Is(ownErr, ErrNotFound):
		return byUID, err
	case ownErr != nil:
		return byID, ownErr
	case err == nil && byUID.ID != byID.ID:
		return Item{}, UIDOrIDError(id, own)
	}
	return byID, nil
}

// itemByExportUID finds an item by its uid, or a pair by its blind id, as
// ItemByExportID says.
func (s *Store) itemByExportUID(ctx context.Context, who Annotator, datasetID int64, id string) (Item, error) {
	full, err := seesPairSystems(ctx, s.prepared(), who.ID)
	if err != nil {
		return Item{}, err
	}
	it, err := s.ItemByUID(ctx, datasetID, id)
	if err == nil {
		var pair bool
		err = s.readRow(ctx, `SELECT EXISTS (SELECT 1 FROM pairs WHERE item_id = ?)`, []any{it.ID}, &pair)
		if err != nil || full || !pair {
			return it, err
		}
	} else if !errors.Is(err, ErrNotFound) {
		return it, err
	}
	if !isBlindID(id) {
		return Item{}, fmt.Errorf("item %s: %w", id, ErrNotFound)
	}
	ids, err := blindPairs(ctx, s.prepared(), datasetID)
	if err != nil {
		return Item{}, err
	}
	if len(ids[id]) != 1 {
		return Item{}, fmt.Errorf("item %s: %w", id, ErrNotFound)
	}
	return s.ItemByID(ctx, ids[id][0])
}
