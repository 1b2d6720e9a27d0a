package store

import (
	"context"
	crand "crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Message is one turn of the conversation before a request: who said it
// (user, assistant …) and what.
type Message struct {
	Role, Text string
}

// contentPrint identifies an item's content (a conversation, an intent, a
// pair): a second import of the same id is the same item, or a
// different one to refuse.
func contentPrint(v any) string {
	b, _ := json.Marshal(v) // strings, floats and slices: cannot fail
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16])
}

// addKeyed adds an item (a what: pair, conversation …) known by its
// file's id and a print of its content: 0 when the dataset has it already,
// ErrConflict when it has other content under that id.
func (im *Importer) addKeyed(what, uid, print, query, question string) (int64, error) {
	if im.datasetID == 0 {
		return 0, fmt.Errorf("add %s: this import has no dataset", what)
	}
	var have string
	err := im.w.QueryRowContext(im.ctx, `SELECT json_extract(meta, '$.fingerprint') FROM items
		WHERE dataset_id = ? AND uid = ?`, im.datasetID, uid).Scan(&have)
	switch {
	case err == nil && have == print:
		im.stats.ItemsKnown++
		return 0, nil
	case err == nil:
		return 0, fmt.Errorf("%s %q is already imported with other content: %w", what, uid, ErrConflict)
	case !errors.Is(err, sql.ErrNoRows):
		return 0, fmt.Errorf("add %s: %w", what, err)
	}
	meta, _ := json.Marshal(map[string]string{"fingerprint": print})
	res, err := im.w.ExecContext(im.ctx, `INSERT INTO items (dataset_id, uid, seq, query, question, meta)
		VALUES (?, ?, ?, ?, ?, ?)`, im.datasetID, uid, im.nextSeq, query, question, string(meta))
	if err != nil {
		return 0, fmt.Errorf("add %s %q: %w", what, uid, err)
	}
	id, err := res.LastInsertId()
	if err != nil {
		return 0, fmt.Errorf("add %s %q: %w", what, uid, err)
	}
	im.nextSeq++
	im.stats.Items++
	return id, nil
}

func (im *Importer) writeContext(itemID int64, turns []Message) error {
	for i, m := range turns {
		if _, err := im.w.ExecContext(im.ctx, `INSERT INTO context_turns (item_id, pos, role, text) VALUES (?, ?, ?, ?)`,
			itemID, i+1, m.Role, m.Text); err != nil {
			return err
		}
	}
	return nil
}

// Pair is one comparison as the file gives it: a request, the conversation
// before it, and two systems' outputs. First is the system preference
// labels speak for.
type Pair struct {
	UID, Request        string
	Context             []Message
	First, Second       string
	FirstOut, SecondOut string
}

// AddPairs adds a request's comparisons (addPair), in an order drawn
// here: a file lists a request's pairs in the order of their systems'
// names, and in that order their places in the queue (seq) would say
// which pair sets which systems against each other.
func (im *Importer) AddPairs(ps []Pair) (added int, err error) {
	ps = slices.Clone(ps)
	rng := im.random()
	rng.Shuffle(len(ps), func(i, j int) { ps[i], ps[j] = ps[j], ps[i] })
	for _, p := range ps {
		ok, err := im.addPair(p)
		if err != nil {
			return added, err
		}
		if ok {
			added++
		}
	}
	return added, nil
}

// random is the import's source of chance: Store.Sides where a test sets
// it, else ChaCha8 seeded from the operating system's randomness, so that
// no draw an annotator sees helps to work out another.
func (im *Importer) random() *rand.Rand {
	if im.rng == nil {
		im.rng = im.s.Sides
	}
	if im.rng == nil {
		var seed [32]byte
		crand.Read(seed[:]) // never fails (crypto/rand)
		im.rng = rand.New(rand.NewChaCha8(seed))
	}
	return im.rng
}

// addPair adds a comparison unless the dataset already has it (same id,
// same content); the same id with other content is ErrConflict. Which side
// the first system's output shows on is drawn at Commit (drawSides). It is
// reached only through AddPairs, so no import can number a request's
// pairs in the order of their systems' names.
func (im *Importer) addPair(p Pair) (added bool, err error) {
	itemID, err := im.addKeyed("pair", p.UID, contentPrint(p), p.Request, "")
	if err != nil || itemID == 0 {
		return false, err
	}
	if err := im.writeContext(itemID, p.Context); err != nil {
		return false, fmt.Errorf("add pair %q: %w", p.UID, err)
	}
	if _, err := im.w.ExecContext(im.ctx, `INSERT INTO pairs (item_id, first, second, first_output, second_output, first_left)
		VALUES (?, ?, ?, ?, ?, 0)`, itemID, p.First, p.Second, p.FirstOut, p.SecondOut); err != nil {
		return false, fmt.Errorf("add pair %q: %w", p.UID, err)
	}
	key := [2]string{p.First, p.Second}
	if im.newPairs == nil {
		im.newPairs = map[[2]string][]int64{}
	}
	im.newPairs[key] = append(im.newPairs[key], itemID)
	return true, nil
}

// drawSides draws, for the pairs this import added, which side each first
// system's output shows on: per pair of systems, a shuffled list with as
// many lefts as rights over the dataset's pairs of those systems (one more
// of either when their number is odd, drawn at random), so a judge can
// learn nothing from the side and a position bias shows as one.
func (im *Importer) drawSides(rng *rand.Rand) error {
	for key, ids := range im.newPairs {
		var left, total int
		if err := im.w.QueryRowContext(im.ctx, `SELECT coalesce(sum(first_left), 0), count(*) FROM pairs p
			JOIN items i ON i.id = p.item_id WHERE i.dataset_id = ? AND p.first = ? AND p.second = ?`,
			im.datasetID, key[0], key[1]).Scan(&left, &total); err != nil {
			return err
		}
		all := total // the new ones are in it, all on the right so far
		want := all / 2
		if all%2 == 1 && rng.IntN(2) == 1 {
			want++
		}
		sides := make([]int, len(ids))
		for i := range min(max(want-left, 0), len(ids)) {
			sides[i] = 1
		}
		rng.Shuffle(len(sides), func(i, j int) { sides[i], sides[j] = sides[j], sides[i] })
		for i, id := range ids {
			if _, err := im.w.ExecContext(im.ctx, `UPDATE pairs SET first_left = ? WHERE item_id = ?`, sides[i], id); err != nil {
				return err
			}
		}
	}
	return nil
}

// Context is the conversation before a compare item's request, in
// order; none for other items.
func (s *Store) Context(ctx context.Context, itemID int64) ([]Message, error) {
	return collect(ctx, s.prepared(), "load context", `SELECT role, text FROM context_turns WHERE item_id = ? ORDER BY pos`,
		[]any{itemID}, func(rows *sql.Rows) (m Message, err error) { return m, rows.Scan(&m.Role, &m.Text) })
}

// Sides is a compare item as the judge sees it: the two outputs as A and
// B, and whether A is the first system's (which the judging screen keeps
// to turn "A better" into a label, and never shows). It holds no system's
// name.
type Sides struct {
	A, B     string
	FirstIsA bool
}

// Swapped is the sides the other way round: a swapped repeat's.
func (s Sides) Swapped() Sides { return Sides{A: s.B, B: s.A, FirstIsA: !s.FirstIsA} }

// PairSides loads a compare item's outputs in the order drawn for it.
func (s *Store) PairSides(ctx context.Context, itemID int64) (Sides, error) {
	var first, second string
	var left bool
	err := s.prepared().QueryRowContext(ctx, `SELECT first_output, second_output, first_left FROM pairs WHERE item_id = ?`,
		itemID).Scan(&first, &second, &left)
	if err != nil {
		return Sides{}, fmt.Errorf("load pair: %w", err)
	}
	if left {
		return Sides{A: first, B: second, FirstIsA: true}, nil
	}
	return Sides{A: second, B: first}, nil
}

// PairSystems is who a compare item sets against whom, and on which side
// the first system's output was shown. It names systems, so only readings
// and imports hand it out, never the judging screen.
type PairSystems struct {
	First, Second string
	FirstLeft     bool
}

// pairSystems lists the systems of a dataset's compare items by item.
func pairSystems(ctx context.Context, q querier, datasetID int64) (map[int64]PairSystems, error) {
	out := map[int64]PairSystems{}
	err := eachRow(ctx, q, `SELECT p.item_id, p.first, p.second, p.first_left FROM pairs p
		JOIN items i ON i.id = p.item_id WHERE i.dataset_id = ?`, []any{datasetID}, func(rows *sql.Rows) error {
		var id int64
		var p PairSystems
		err := rows.Scan(&id, &p.First, &p.Second, &p.FirstLeft)
		out[id] = p
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("load pairs: %w", err)
	}
	return out, nil
}

// PairSystems lists the systems of the import's dataset's compare items:
// a run of judge verdicts names systems, and is read against them.
func (im *Importer) PairSystems() (map[int64]PairSystems, error) {
	return pairSystems(im.ctx, im.tx, im.datasetID)
}

// PairSystems lists the systems of the dataset's compare items, for
// figures over systems (win / tie / lose, a ranking), leaving out the
// items the reading hides. A reading of one's own labels has none: which
// system wrote which output must not reach a judge item by item. Below the
// lead it leaves out, too, every pair the reader has had a HIT on: they
// know the side they chose on each, so a table of the systems' wins over
// pairs they judged (shown to them when all are theirs) would tell them
// which system wrote A.
func (r *Reading) PairSystems(ctx context.Context) (map[int64]PairSystems, error) {
	all, _, err := r.PairSystemsLeftOut(ctx)
	return all, err
}

// PairsLeftOut counts the compare items PairSystems leaves out, so that a
// table over none can say why: those the reader may still be given (or,
// a lead, has open), and, below the lead, those besides that they have
// had a HIT on.
type PairsLeftOut struct {
	Open   int `json:"open"`
	Judged int `json:"judged"`
}

// PairSystemsLeftOut is PairSystems and how many pairs it leaves out.
func (r *Reading) PairSystemsLeftOut(ctx context.Context) (map[int64]PairSystems, PairsLeftOut, error) {
	var out PairsLeftOut
	if err := r.votesAllowed(); err != nil {
		return nil, out, err
	}
	if err := r.loadHidden(ctx); err != nil {
		return nil, out, err
	}
	all, err := pairSystems(ctx, r.tx, r.dataset)
	if err != nil {
		return nil, out, err
	}
	for id := range all {
		if r.hides(id) {
			delete(all, id)
			out.Open++
		}
	}
	if r.pairs {
		return all, out, nil
	}
	seen, err := collect(ctx, r.tx, "pairs seen", `SELECT h.item_id FROM hits h INDEXED BY hits_annotator
		JOIN items i ON i.id = h.item_id WHERE h.annotator_id = ?1 AND i.dataset_id = ?2`, []any{r.reader.ID, r.dataset}, scanValue[int64])
	for _, id := range seen {
		if _, ok := all[id]; ok {
			delete(all, id)
			out.Judged++
		}
	}
	return all, out, err
}
