package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// FormatNuggets is Clarify-Then-Search's gold file: one intent per line,
//
//	{"id": "...", "query": "...", "blurred_query": "...",
//	 "nuggets": [{"id": "...", "text": "...", "weight": 2}]}
//
// with the nuggets also accepted under "gold": {"nuggets": [...]}, as the
// released gold has them. Ids may be text or whole numbers; other fields
// (traceability, evidence) are ignored.
//
// The same format reads castorini/nuggetizer's create output, TREC 2024
// RAG's nugget file: {"qid": "...", "query": "...", "nuggets": [{"text":
// "...", "importance": "vital" | "okay"}]}. Its nuggets are numbered by
// position, weigh 1 each (for restore_score_100) and, without an
// importance, are vital, as nuggetizer's assign step reads them.
const FormatNuggets store.Format = "nuggets"

// FormatCandidates is one system's answers: {"id": intent, "answer": "...",
// "k": turns asked, "system": "..."}, k and system optional. It also reads
// TREC RAG's answers file, nuggetizer's assign input: {"topic_id": intent,
// "run_id": "...", "answer": [{"text": "...", "citations": [...]}],
// "response_length": n}, the answer's sentences joined with spaces as
// nuggetizer joins them, the system its run_id, else --system, else the
// file's name without its extension (nuggetizer's run id).
const FormatCandidates store.Format = "candidates"

type nuggetLine struct {
	ID         json.RawMessage `json:"id"`
	Text       *string         `json:"text"`
	Weight     *float64        `json:"weight"`
	Importance *string         `json:"importance"`
}

type intentLine struct {
	ID      json.RawMessage `json:"id"`
	QID     json.RawMessage `json:"qid"` // nuggetizer's
	Query   *string         `json:"query"`
	Blurred *string         `json:"blurred_query"`
	Nuggets *[]nuggetLine   `json:"nuggets"`
	Gold    *struct {
		Nuggets *[]nuggetLine `json:"nuggets"`
	} `json:"gold"`
}

type candidateLine struct {
	ID     json.RawMessage `json:"id"`
	Answer json.RawMessage `json:"answer"` // text, or TREC RAG's [{"text"}]
	K      *int            `json:"k"`
	System *string         `json:"system"`
	// TREC RAG's answers file.
	TopicID        json.RawMessage `json:"topic_id"`
	RunID          *string         `json:"run_id"`
	ResponseLength *int            `json:"response_length"`
}

// jsonKeys lists a JSON object's keys, or nil when the line is not one.
func jsonKeys(line []byte) map[string]json.RawMessage {
	var m map[string]json.RawMessage
	if json.Unmarshal(line, &m) != nil {
		return nil
	}
	return m
}

// isIntentLine tells a nuggets gold line: it has nuggets, at the top or
// under gold.
func isIntentLine(line []byte) bool {
	m := jsonKeys(line)
	_, n := m["nuggets"]
	_, g := m["gold"]
	return n || g
}

// isCandidateLine tells a candidate answer: it has an answer and no turns.
func isCandidateLine(line []byte) bool {
	m := jsonKeys(line)
	_, a := m["answer"]
	_, t := m["turns"]
	return a && !t
}

// idText reads an id given as text or as a whole number.
func idText(raw json.RawMessage, what string) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", fmt.Errorf("%s is missing", what)
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		var n json.Number
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		if d.Decode(&n) != nil {
			return "", fmt.Errorf("%s should be text or a number, not %s", what, display.Clean(string(raw)))
		}
		if _, err := strconv.ParseInt(n.String(), 10, 64); err != nil {
			return "", fmt.Errorf("%s %s is not a whole number", what, n)
		}
		s = n.String()
	}
	switch {
	case strings.TrimSpace(s) == "":
		return "", fmt.Errorf("%s is empty", what)
	case display.Clean(s) != s || strings.ContainsAny(s, "\t\n"):
		return "", fmt.Errorf("%s %q has control characters", what, s)
	}
	return s, nil
}

// eachJSONLine calls fn with every non-blank line and its number.
func eachJSONLine(lr *lineReader, first []byte, fn func(line []byte, n int) error) error {
	for line, n := first, lr.n; ; {
		if len(bytes.TrimSpace(line)) > 0 {
			if err := fn(line, n); err != nil {
				return err
			}
		}
		var err error
		if line, err = lr.next(); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return err
		}
		n = lr.n
	}
}

// readNuggets adds a gold file's intents; any bad line stops the import.
func readNuggets(lr *lineReader, first []byte, im sink) error {
	seen := map[string]int{}
	return eachJSONLine(lr, first, func(line []byte, n int) error {
		in, err := parseIntent(line)
		if err != nil {
			return lineErr(lr.file, n, "%v", err)
		}
		if prev, dup := seen[in.ID]; dup {
			return lineErr(lr.file, n, "intent %q is already on line %d", in.ID, prev)
		}
		seen[in.ID] = n
		if _, err := im.AddIntent(in); err != nil {
			return lineErr(lr.file, n, "%v", err)
		}
		return nil
	})
}

func parseIntent(line []byte) (store.Intent, error) {
	var in store.Intent
	var l intentLine
	if err := json.Unmarshal(line, &l); err != nil {
		return in, fmt.Errorf("not an intent: %s", jsonProblem(err))
	}
	var err error
	trec := len(l.ID) == 0 && len(l.QID) > 0 // nuggetizer's create output
	id := l.ID
	if trec {
		id = l.QID
	}
	if in.ID, err = idText(id, map[bool]string{true: "qid", false: "id"}[trec]); err != nil {
		return in, err
	}
	if l.Query == nil || strings.TrimSpace(*l.Query) == "" {
		return in, fmt.Errorf("intent %q: query is missing or empty", in.ID)
	}
	in.Query = *l.Query
	if l.Blurred != nil {
		in.Blurred = *l.Blurred
	}
	nuggets := l.Nuggets
	if nuggets == nil && l.Gold != nil {
		nuggets = l.Gold.Nuggets
	}
	switch {
	case nuggets == nil || len(*nuggets) == 0:
		return in, fmt.Errorf("intent %q has no nuggets (under \"nuggets\" or \"gold\": {\"nuggets\": …})", in.ID)
	case len(*nuggets) > guidelines.MaxNuggets:
		return in, fmt.Errorf("intent %q has %d nuggets; at most %d can be judged", in.ID, len(*nuggets), guidelines.MaxNuggets)
	}
	ids := map[string]bool{}
	var total float64
	for i, nl := range *nuggets {
		if trec {
			nl = trecNugget(nl, i+1)
		}
		nu, err := parseNugget(nl, i+1)
		if err != nil {
			return in, fmt.Errorf("intent %q: %v", in.ID, err)
		}
		if ids[nu.ID] {
			return in, fmt.Errorf("intent %q: nugget id %q comes twice", in.ID, nu.ID)
		}
		ids[nu.ID] = true
		total += nu.Weight
		in.Nuggets = append(in.Nuggets, nu)
	}
	if total <= 0 {
		return in, fmt.Errorf("intent %q: the nuggets' weights sum to 0, so no answer could be scored", in.ID)
	}
	return in, nil
}

func parseNugget(l nuggetLine, pos int) (store.Nugget, error) {
	var nu store.Nugget
	var err error
	if nu.ID, err = idText(l.ID, fmt.Sprintf("nugget %d: id", pos)); err != nil {
		return nu, err
	}
	if l.Text == nil || strings.TrimSpace(*l.Text) == "" {
		return nu, fmt.Errorf("nugget %q: text is missing or empty", nu.ID)
	}
	if l.Weight == nil {
		return nu, fmt.Errorf("nugget %q: weight is missing", nu.ID)
	}
	if w := *l.Weight; w < 0 || math.IsInf(w, 0) || math.IsNaN(w) {
		return nu, fmt.Errorf("nugget %q: weight %v is negative", nu.ID, w)
	}
	nu.Text, nu.Weight = *l.Text, *l.Weight
	if l.Importance != nil {
		if *l.Importance != store.Vital && *l.Importance != store.Okay {
			return nu, fmt.Errorf("nugget %q: importance %q: want vital or okay", nu.ID, display.Clean(*l.Importance))
		}
		nu.Importance = *l.Importance
	}
	return nu, nil
}

// trecNugget completes a nuggetizer nugget: numbered by its position,
// weighing 1, vital unless it says otherwise.
func trecNugget(l nuggetLine, pos int) nuggetLine {
	if len(l.ID) == 0 {
		l.ID = json.RawMessage(strconv.Itoa(pos))
	}
	if l.Weight == nil {
		one := 1.0
		l.Weight = &one
	}
	if l.Importance == nil {
		vital := store.Vital
		l.Importance = &vital
	}
	return l
}

// readCandidates adds one system's answers to the dataset's intents.
func readCandidates(lr *lineReader, first []byte, im sink, system string) error {
	seen := map[string]int{}
	stem := strings.TrimSuffix(filepath.Base(lr.file), filepath.Ext(lr.file))
	return eachJSONLine(lr, first, func(line []byte, n int) error {
		a, err := parseCandidate(line, system, stem)
		if err != nil {
			return lineErr(lr.file, n, "%v", err)
		}
		if prev, dup := seen[a.UID()]; dup {
			return lineErr(lr.file, n, "system %q answers intent %q already on line %d", a.System, a.Intent, prev)
		}
		seen[a.UID()] = n
		if _, err := im.AddAnswer(a); errors.Is(err, store.ErrUnknownIntent) {
			return lineErr(lr.file, n, "unknown intent %q: import its gold nuggets first", a.Intent)
		} else if err != nil {
			return lineErr(lr.file, n, "%v", err)
		}
		return nil
	})
}

func parseCandidate(line []byte, system, stem string) (store.Answer, error) {
	var a store.Answer
	var l candidateLine
	if err := json.Unmarshal(line, &l); err != nil {
		return a, fmt.Errorf("not a candidate answer: %s", jsonProblem(err))
	}
	trec := len(l.ID) == 0 && len(l.TopicID) > 0 // TREC RAG's answers file
	var err error
	if trec {
		a.Intent, err = idText(l.TopicID, "topic_id")
	} else {
		a.Intent, err = idText(l.ID, "id")
	}
	if err != nil {
		return a, err
	}
	if a.Text, err = answerText(l.Answer, trec); err != nil {
		return a, fmt.Errorf("intent %q: %v", a.Intent, err)
	}
	if l.K != nil && *l.K < 0 {
		return a, fmt.Errorf("intent %q: k %d is negative", a.Intent, *l.K)
	}
	if l.ResponseLength != nil && *l.ResponseLength < 0 {
		return a, fmt.Errorf("intent %q: response_length %d is negative", a.Intent, *l.ResponseLength)
	}
	a.K, a.ResponseLength = l.K, l.ResponseLength
	said := l.System
	if trec {
		said = l.RunID
	}
	switch {
	case said != nil && system != "" && *said != system:
		return a, fmt.Errorf("the line says system %q, the command line %q", *said, system)
	case said != nil:
		system = *said
	case system == "" && trec:
		system = stem // nuggetizer names a run by its answers file
	case system == "":
		return a, fmt.Errorf("no system name: give --system NAME, or a \"system\" field")
	}
	if err := CheckRunName(system); err != nil {
		return a, err
	}
	a.System = system
	return a, nil
}

// CheckRunName refuses a system or run name that could not be shown or
// kept apart: empty, with control characters, or with the @ that joins an
// answer's intent and system.
func CheckRunName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("the system name is empty")
	case display.Clean(name) != name || strings.ContainsAny(name, "\t\n"):
		return fmt.Errorf("system name %q has control characters", name)
	case strings.Contains(name, "@"):
		return fmt.Errorf("system name %q has an @, which claritty keeps for item ids", name)
	}
	return nil
}

// answerText is a candidate's answer: text, or (TREC RAG) a list of
// sentences {"text": ...} joined with spaces, as nuggetizer joins them.
func answerText(raw json.RawMessage, trec bool) (string, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return "", errors.New("answer is missing")
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s, nil
	}
	var parts []struct {
		Text *string `json:"text"`
	}
	if !trec || json.Unmarshal(raw, &parts) != nil {
		return "", errors.New(`answer should be text, or (with topic_id) a list of {"text": ...}`)
	}
	texts := make([]string, len(parts))
	for i, p := range parts {
		if p.Text == nil {
			return "", fmt.Errorf("answer sentence %d has no text", i+1)
		}
		texts[i] = *p.Text
	}
	return strings.Join(texts, " "), nil
}
