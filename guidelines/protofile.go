package guidelines

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/pelletier/go-toml/v2"

	"github.com/claritty/claritty/display"
)

// A ProtocolFile is a task kind written as data (TOML) rather than code:
// which columns of a file are an item, the steps that label it, their
// scales and guideline text, and which columns hold labels. docs/protocols.md
// documents it field by field; ParseProtocolFile checks it.
type ProtocolFile struct {
	Name      Kind        `toml:"name"`  // the kind's name, as datasets and --format name it
	Title     string      `toml:"title"` // the guideline's title
	Items     string      `toml:"items"` // what its items are called, plural: panes
	Guideline string      `toml:"guideline"`
	Item      ItemColumns `toml:"item"`
	Scales    []FileScale `toml:"scale"`
	Steps     []FileStep  `toml:"step"`
	// Attention is an optional gold check: a question whose answer is a
	// count the item itself gives (MIMICS-Duo asked how many panes or
	// candidate answers had been shown).
	Attention *Attention `toml:"attention"`
	// Joins are files an import reads beside the item's (protofile_join.go).
	Joins []FileJoin `toml:"join"`
	// Parts name the Go code the kind needs beyond what the language says
	// ([parts], protofile_parts.go).
	Parts FileParts `toml:"parts"`
	// Extent is the most rows (or elements, item.element) an item of the
	// kind has in the database that keeps the file: no file says it, the
	// database's kind_units do (WithExtent).
	Extent int `toml:"-"`
}

// ItemColumns say where an item is in a TSV file.
type ItemColumns struct {
	// Header is the file's header line, every column in order: a file is
	// known by it, and an export in this shape writes it back.
	Header []string `toml:"header"`
	// ID are the columns whose text is the item's identity (its uid);
	// Group, when set, is the column that gathers rows into one item (every
	// pane of a query on one screen), and then the id columns are the
	// group's.
	ID    []string `toml:"id"`
	Group string   `toml:"group"`
	// Text are the text columns shown, in order; List is a repeated list
	// (option_1 … option_5: its empty cells are no element), whose
	// elements are called ListName.
	Text []string `toml:"text"`
	// TextNames, when given, are what a screen calls each text field, in
	// text's order (ClariMM calls its facet the intent); a field's own
	// name when not given.
	TextNames []string `toml:"text_names"`
	List      []string `toml:"list"`
	ListName  string   `toml:"list_name"`
	// RowName is what one of a grouped item's rows is called on screen
	// ("pane"); "row" when not given.
	RowName string `toml:"row_name"`
	// RowID, when set, is the column that names each of a grouped item's
	// rows (ClariQ's question_id): exports give it beside a unit asked per
	// row, which its number alone (usefulness_7) would not tie to the file.
	RowID string `toml:"row_id"`
	// Element, when set, is the column whose equal values within a group
	// make one element (ClariQ's question_id over its facet rows): a step
	// per element then labels each distinct element, numbered in order of
	// first appearance, and a HIT shows each once, from its first row.
	Element string `toml:"element"`
	// Format is the file's: "tsv" (the default) or "jsonl", each line one
	// JSON object (or a JSON string holding one), known by Keys, its
	// top-level keys, and its fields JSON paths (protofile_jsonl.go).
	Format string   `toml:"format"`
	Keys   []string `toml:"keys"`
	// Repeats, for an ungrouped file, takes a later row whose id columns
	// are an earlier row's as another item, that id's second (third…),
	// in its place, rather than refusing it: a release that gives one
	// request several times (CLAMBER's lines 1599 and 1900) imports whole
	// and exports back as it was.
	Repeats bool `toml:"repeats"`
	// Conversation, when set, is a JSONL item's path to its list of turns
	// ({role, text, image}): the item's list (protofile_conversation.go).
	Conversation string `toml:"conversation"`
	// Turn says what a conversation's turn is, when not {role, text,
	// image}: which of its keys it says, in order, and its images
	// (protofile_conversation.go).
	Turn *TurnShape `toml:"turn"`
	// Images = "beside-file" reads a conversation's image paths beside
	// the data file at import, previews them and keeps them with the
	// item (item_images); else they are only named (protoimages.go).
	Images string `toml:"images"`
	// MaxList, when set, is the most elements an item's list may have: a
	// line with more is refused, and a step per element lists its units up
	// to it, not RowUnits.
	MaxList int `toml:"max_list"`
	// Passage are text fields drawn each in a window of its own
	// (protofile_passage.go).
	Passage []string `toml:"passage"`
	// URL is each element's or row's web address, which o opens
	// (protofile_url.go).
	URL string `toml:"url"`
	// Run, when set, is the field naming the system whose output an item
	// is (TREC RAG's run_id): bench scores each run (protofile_nested.go).
	Run string `toml:"run"`
	// Context, when set, is a JSONL item's path to the conversation
	// before it ({role, text} turns), shown above its text and never
	// labelled (protofile_context.go).
	Context string `toml:"context"`
	// Labels says how labels files and exports write a label: "numbers"
	// (the default: its value) or "names" (its name on its unit's scale).
	Labels string `toml:"labels"`
	// UID = "id" keeps the one id field's text as the item's uid, as the
	// file writes it, rather than a hash of it (protofile_keys.go).
	UID string `toml:"uid"`
	// Optional are keys of item.keys a JSONL line may lack; OtherKeys =
	// "ignore" lets a line have keys item.keys does not name
	// (protofile_keys.go).
	Optional  []string `toml:"optional"`
	OtherKeys string   `toml:"other_keys"`
	// NotEmpty are id or text fields a row may not leave empty (or
	// blank): such a row is refused at its line.
	NotEmpty []string `toml:"not_empty"`
}

// RowNoun is what one of a grouped item's rows is called.
func (f *ProtocolFile) RowNoun() string {
	if f.Item.RowName == "" {
		return "row"
	}
	return f.Item.RowName
}

// FileScale is a scale a step labels on.
type FileScale struct {
	Name    string   `toml:"name"`
	Nominal bool     `toml:"nominal"` // the values have no order (agreement reads them as categories)
	Values  []int    `toml:"values"`  // as the file writes them, from the lowest up
	Keys    []string `toml:"keys"`    // the key for each value, one character
	Names   []string `toml:"names"`   // each value's name
	// Codes, when given, are what a file writes for each value instead of
	// its number (CLAMBER's category: MC, FD, LA).
	Codes []string `toml:"codes"`
}

// FileStep is one step of a HIT.
type FileStep struct {
	Title string `toml:"title"`
	// Unit names what the step labels. Per says how often: once an item,
	// per list element (unit_1 … unit_n) or per grouped row (unit_1 …).
	Unit  string   `toml:"unit"`
	Per   string   `toml:"per"`
	Show  []string `toml:"show"` // the columns on screen; "list" for the list
	Scale string   `toml:"scale"`
	// When asks the step only after an earlier unit's label is Value, or
	// one of In.
	When      *FileCondition `toml:"when"`
	Guideline string         `toml:"guideline"`
	// LabelText is the guideline for each value of the scale, in its order.
	LabelText []string `toml:"label_text"`
	// Column holds the step's known label in a file of this protocol (a
	// release, practice answers, gold checks); {n} is the element or row
	// number when Per is not once.
	Column string `toml:"column"`
	// Kind is what the step asks for: a label on its scale (StepScale, the
	// default), one element of the item's own list (StepChoice) or a
	// written answer (StepText) of at most MaxChars characters.
	Kind     string `toml:"kind"`
	MaxChars int    `toml:"max_chars"`
	// None, for a choice step, is what its key 0 says: none of the
	// elements fits (stored as First − 1).
	None string `toml:"none"`
	// First, for a choice step, is the value its first element is stored
	// as (element k is k + First − 1); 1 when not given. Necessity's is 3:
	// the release before stored facet k as k + 2 and none as 2.
	First int `toml:"first"`
	// PairNames, for a step per pair of a nested list, are what its outer
	// and inner elements are called on screen ("sentence", "citation");
	// its path's keys when not given.
	PairNames []string `toml:"pair_names"`
	// Short names the step in the step indicator ("intent"); its unit's
	// words when not given.
	Short string `toml:"short"`
	// GuideTitle heads the step's section of the guideline when it is not
	// the step's title (ClariMM's "Relevance of a turn"); After is
	// guideline text after the list of its labels.
	GuideTitle string `toml:"guide_title"`
	After      string `toml:"after"`
}

// What a step asks for (FileStep.Kind).
const (
	StepScale  = "scale"
	StepChoice = "choice"
	StepText   = "text"
)

// FileCondition is a step's condition: asked after Unit's label is Value,
// or any of In (need 2, 3 or 4), a file giving one of the two; or asked
// of the items whose Field's text Is (or is Not) a text.
type FileCondition struct {
	Unit  string  `toml:"unit"`
	Value *int    `toml:"value"`
	In    []int   `toml:"in"`
	Field string  `toml:"field"`
	Is    *string `toml:"is"`
	Not   *string `toml:"not"`
	// Share, on a choice step's condition, is what the statistics call
	// the items whose label meets it: in text, in JSON, and of them
	// ("need clarification", "needs_clarification", "needing it").
	Share []string `toml:"share"`
}

// set is the labels that meet the condition. A kept file may give
// neither value nor in: claritty before in took that for value = 0.
func (w FileCondition) set() ValueSet {
	switch {
	case w.Value != nil:
		return SetOf(*w.Value)
	case w.In == nil:
		return SetOf(0)
	}
	return SetOf(w.In...)
}

// Attention is an attention check: Ask, answered with the count of Count
// ("rows" of the group, or list "elements").
type Attention struct {
	Ask   string `toml:"ask"`
	Count string `toml:"count"`
}

//go:embed protocols/*.toml
var shippedFS embed.FS

// ProtocolText is a protocol file and its text as written: one claritty
// carries (MIMICS-Duo's three tasks) or one a database keeps.
type ProtocolText struct {
	File *ProtocolFile
	Text []byte // as written, for claritty protocols show
}

// ShippedProtocols are the protocol files claritty carries, in name order,
// parsed once: the kinds a database may import under them. A built-in
// kind's own file is not one of them (KindFile). The caller must not
// change them.
func ShippedProtocols() ([]ProtocolText, error) {
	all, err := shipped()
	return slices.Clone(all.files), err
}

// shippedFiles are the files claritty carries: protocol files of kinds of
// their own, and the built-in kinds' files (protofile_builtin.go).
type shippedFiles struct{ files, kinds []ProtocolText }

var shipped = sync.OnceValues(parseShipped)

func parseShipped() (shippedFiles, error) {
	var out shippedFiles
	entries, err := fs.ReadDir(shippedFS, "protocols")
	if err != nil {
		return out, err
	}
	for _, e := range entries {
		b, err := shippedFS.ReadFile("protocols/" + e.Name())
		if err != nil {
			return out, err
		}
		kind := kindFileName(e.Name())
		f, err := parseProtocolFile(e.Name(), b, true, kind)
		if err != nil {
			return out, err
		}
		if kind != "" {
			out.kinds = append(out.kinds, ProtocolText{File: f, Text: b})
			continue
		}
		out.files = append(out.files, ProtocolText{File: f, Text: b})
	}
	return out, nil
}

// FindShipped is the shipped protocol file of that name (what claritty
// protocols show NAME will print).
func FindShipped(name Kind) (ProtocolText, error) {
	all, err := ShippedProtocols()
	if err != nil {
		return ProtocolText{}, err
	}
	for _, s := range all {
		if s.File.Name == name {
			return s, nil
		}
	}
	return ProtocolText{}, fmt.Errorf("no shipped protocol %q", name)
}

// ShowList in a step's show is the item's list.
const ShowList = "list"

// How often a step labels an item.
const (
	PerItem    = "item"
	PerElement = "element"
	PerRow     = "row"
)

// ReservedKeys are the keys the HIT screen keeps for itself (moving,
// undo, flags, notes, help ..., and y, which confirms giving a HIT back):
// no scale of a protocol file may use one. tui's tests hold its key map
// to this list.
var ReservedKeys = []string{"enter", "right", "left", "backspace", "h", "u", "o", "!", "n", "g", "l", "[", "]",
	"tab", "a", "s", "F", "Q", "up", "k", "down", "j", "pgup", "ctrl+u", "pgdown", "ctrl+d", "space",
	"K", "J", "?", "q", "ctrl+c", "z", "R", "y"}

// AdjudicationKeys are the keys the adjudication screen keeps for itself
// (reason, withdraw, show decided, moving): a scale's key there decides a
// unit, so a scale may use none of them either. Its decide keys for the
// built-in scale (0, 1, 2) are scale keys, not among them. tui's tests hold
// its key map to this list.
var AdjudicationKeys = []string{"r", "x", "d", "g", "j", "k", "down", "up", "right", "left",
	"pgup", "ctrl+u", "pgdown", "ctrl+d", "space", "esc", "?", "q", "ctrl+c"}

// FormatNames are the names claritty import --format and export --format
// take for formats of their own. A protocol file's kind is imported and
// exported under its name with the same flag, so a kind of one of these
// names could never be reached: none may take one. The tests of data and
// cmd/claritty hold their format tables to this list.
var FormatNames = []string{
	// import
	"mimics-manual", "mimics-click", "serp", "labels", "nuggets", "candidates", "pairs",
	// export (labels and mimics-manual besides)
	"gold", "clarimm-ratings", "clarimm-gold", "nugget-judgements", "nuggetizer", "necessity-gold", "pairs-gold", "bench",
	// export: each built-in kind's own release under the kind's name
	"mimics", "compare",
}

// IsFileKindName says whether k could name a protocol file's kind: the
// form a file's name must have, and no built-in kind's or format's.
func IsFileKindName(k Kind) bool {
	return kindName.MatchString(string(k)) && !isBuiltInKind(k) && !slices.Contains(FormatNames, string(k))
}

// isBuiltInKind says whether k is a kind built into the code.
func isBuiltInKind(k Kind) bool {
	return slices.ContainsFunc(Protocols, func(p Protocol) bool { return p.Kind == k })
}

// typeable says whether k is a key a keyboard types as itself, which the
// HIT screen can then take for a label: one printable character that is no
// space (the space bar's key is "space"), no mark alone, and nothing a
// terminal acts on (a control character, C1, a direction override).
func typeable(k string) bool {
	r, size := utf8.DecodeRuneInString(k)
	return size > 0 && size == len(k) && r != utf8.RuneError && r != ' ' && unicode.IsPrint(r) && !unicode.IsMark(r)
}

// drawable says whether s is text every terminal shows as written: no
// control character, C1 or direction override, nothing display.Clean
// would change.
func drawable(s string) bool { return display.Clean(s) == s }

// MaxSteps is the most steps a protocol file may have: each is up to
// a group's rows in units, and every unit of every kind a database keeps is in the
// process's unit set and the SQL that orders labels.
const MaxSteps = 30

// ProtocolError is a problem in a protocol file, at a line of it.
type ProtocolError struct {
	File string
	Line int // 0: the file as a whole
	Msg  string
}

func (e *ProtocolError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", display.Clean(e.File), e.Msg)
	}
	return fmt.Sprintf("%s:%d: %s", display.Clean(e.File), e.Line, e.Msg)
}

// MaxProtocolFile bounds a protocol file, in bytes: it is text a lead
// writes, and every session holds it.
const MaxProtocolFile = 1 << 20

// ParseProtocolFile reads and checks a protocol file; name is what errors
// call it. Every problem found comes back, each at its line; a file past
// one of the bounds on its size (protoscan.go) is refused at the first
// line past it, with nothing else said. A UTF-8 byte order mark at its
// start is skipped (editors on Windows write one).
func ParseProtocolFile(name string, b []byte) (*ProtocolFile, error) {
	return parseProtocolFile(name, b, true, "")
}

// ParseKeptProtocolFile reads a protocol file a database keeps. It checks
// what ParseProtocolFile checks except the rules that admit a new file and
// came after files were kept: a scale key a screen uses or a keyboard
// cannot type, control characters in label names, a format's name, a shown
// label column. A database that kept such a file still opens and works as
// it did, and Protocol cleans what its kind draws.
func ParseKeptProtocolFile(name string, b []byte) (*ProtocolFile, error) {
	return parseProtocolFile(name, b, false, "")
}

// utf8BOM is the byte order mark some editors put first in a UTF-8 file.
var utf8BOM = []byte("\xef\xbb\xbf")

// kindFile, when set, is the built-in kind whose shipped file b is: only
// it may take that kind's name and parts (protofile_builtin.go).
func parseProtocolFile(name string, b []byte, admit bool, kindFile Kind) (*ProtocolFile, error) {
	if len(b) > MaxProtocolFile {
		return nil, &ProtocolError{File: name, Msg: fmt.Sprintf("the file is over %d bytes", MaxProtocolFile)}
	}
	b = bytes.TrimPrefix(b, utf8BOM)
	if admit {
		if err := rawDrawable(name, b); err != nil {
			return nil, err
		}
	}
	// The bounds first, in one pass: nothing below grows past them, and
	// no value the parser would build whole before the pass sees it.
	if err := boundValues(name, b); err != nil {
		return nil, err
	}
	lines, err := scanProtocol(name, b)
	if err != nil {
		return nil, err
	}
	var f ProtocolFile
	d := toml.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return nil, decodeProblems(name, err)
	}
	if err := tooManyTables(name, &f, lines); err != nil {
		return nil, err
	}
	c := &fileCheck{f: &f, name: name, lines: lines, admit: admit, kindFile: kindFile}
	c.check()
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	f.elementsAsRows()
	return &f, nil
}

// tooManyTables refuses a file with more [[step]] or [[scale]] tables
// than their bounds, at the first past, before a problem is said per
// table. The pass over the bytes (boundValues) refuses most such files
// first, but it reads headers as written, and the bounds must hold
// however a header names its table (with escapes, say).
func tooManyTables(name string, f *ProtocolFile, lines map[string]int) error {
	for _, kind := range []string{"scale", "step"} { // in the order a file has them
		n, bound := len(f.Scales), tableBounds[kind]
		if kind == "step" {
			n = len(f.Steps)
		}
		if n <= bound {
			continue
		}
		line, ok := lines[kind+"."+strconv.Itoa(bound)]
		if !ok {
			line = lines[kind]
		}
		return &ProtocolError{File: name, Line: line, Msg: fmt.Sprintf("[[%s]] number %d: a protocol file has at most %d", kind, bound+1, bound)}
	}
	return nil
}

// rawDrawable refuses a file holding, as written, a character a terminal
// acts on that TOML lets through (it refuses C0 controls itself, but not
// C1 ones or direction overrides, in comments and strings alike): claritty
// protocols show prints a kept file as written. Escaped in a string
// (\u009b), such a character is no threat to that print, and Protocol
// cleans it where a kind's text is drawn.
func rawDrawable(name string, b []byte) error {
	line := 1
	for i, w := 0, 0; i < len(b); i += w {
		var r rune
		r, w = utf8.DecodeRune(b[i:])
		switch {
		case r == '\n':
			line++
		case r >= 0x80 && !drawable(string(r)):
			return &ProtocolError{File: name, Line: line, Msg: fmt.Sprintf("%U is in the file: a terminal would act on it, not show it", r)}
		}
	}
	return nil
}

// decodeProblems turns the TOML decoder's errors into ProtocolErrors: an
// unknown key each, or the syntax error.
func decodeProblems(name string, err error) error {
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) {
		var errs []error
		for _, e := range strict.Errors {
			line, _ := e.Position()
			errs = append(errs, &ProtocolError{File: name, Line: line, Msg: fmt.Sprintf("unknown key %q", strings.Join(e.Key(), "."))})
		}
		return errors.Join(errs...)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, _ := de.Position()
		return &ProtocolError{File: name, Line: line, Msg: decodeWords(de)}
	}
	return &ProtocolError{File: name, Msg: err.Error()}
}

// decodeWords says what the decoder found wrong, in the file's words: the
// scan refuses a value of the wrong type before the decoder sees it, but a
// message of the decoder's naming Go's types (a struct field, int) never
// reaches a lead.
func decodeWords(de *toml.DecodeError) string {
	msg := strings.TrimPrefix(de.Error(), "toml: ")
	key := strings.Join(de.Key(), ".")
	switch {
	case strings.Contains(msg, "too large to fit"):
		msg = "the number is too large"
	case strings.Contains(msg, "cannot decode") || strings.Contains(msg, "struct field"):
		msg = "a value of the wrong type"
	default:
		return msg
	}
	if key != "" {
		msg = keyTitle(key) + ": " + msg
	}
	return msg
}

// fileCheck gathers a protocol file's problems.
type fileCheck struct {
	f     *ProtocolFile
	name  string
	lines map[string]int
	admit bool // a new file: ParseKeptProtocolFile leaves some rules out
	// kindFile is the built-in kind whose shipped file this is, if it is
	// one (protofile_builtin.go).
	kindFile Kind
	errs     []error
}

// at records a problem at the line of key (the nearest enclosing one the
// file has).
func (c *fileCheck) at(key, format string, args ...any) {
	line := 0
	for k := key; k != ""; {
		if l, ok := c.lines[k]; ok {
			line = l
			break
		}
		i := strings.LastIndexByte(k, '.')
		if i < 0 {
			break
		}
		k = k[:i]
	}
	c.errs = append(c.errs, &ProtocolError{File: c.name, Line: line, Msg: fmt.Sprintf(format, args...)})
}

var (
	kindName = regexp.MustCompile(`^[a-z][a-z0-9-]{0,39}$`)
	unitName = regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)
)

func (c *fileCheck) check() {
	f := c.f
	switch {
	case !kindName.MatchString(string(f.Name)):
		c.at("name", "name %q: want lower-case letters, digits and dashes, starting with a letter (at most 40)", f.Name)
	case c.kindFile != "" && f.Name != c.kindFile:
		c.at("name", "name %q: the shipped file of %s names it", f.Name, c.kindFile)
	case f.Name == c.kindFile: // a built-in kind's own shipped file
	case isBuiltInKind(f.Name):
		c.at("name", "name %q is a built-in task kind's", f.Name)
	case c.admit && slices.Contains(FormatNames, string(f.Name)):
		c.at("name", "name %q is a format's (import or export --format %s would never reach the kind): give it another", f.Name, f.Name)
	}
	if strings.TrimSpace(f.Items) == "" {
		c.at("items", "items: say what an item is called (panes, queries)")
	}
	c.conversationAsList()
	c.checkItem()
	c.checkItemKeys()
	scales := c.checkScales()
	c.checkSteps(scales)
	c.checkRowID()
	c.checkElement()
	c.checkPassage()
	c.checkURL()
	c.checkAttention()
	c.checkShared()
	c.checkJoins()
	c.checkParts()
	c.checkContext()
	c.checkLabelsNamed()
	if r := c.f.Item.Run; r != "" && !c.f.hasField(r) {
		c.at("item.run", "item.run: %q is not %s", r, c.f.fieldWords())
	}
}

// checkRowID checks item.row_id: a column of the header, naming grouped
// rows, and (for a new file) none that holds known labels, which exports
// beside every unit would then give away.
func (c *fileCheck) checkRowID() {
	it := c.f.Item
	switch {
	case it.RowID == "":
	case !c.f.hasField(it.RowID):
		c.at("item.row_id", "item.row_id: %q is not %s", it.RowID, c.f.fieldWords())
	case it.Group == "":
		c.at("item.row_id", "item.row_id names each of a group's rows, but rows are not grouped (item.group)")
	case c.admit && c.f.labelColumns()[it.RowID]:
		c.at("item.row_id", "item.row_id: %q is a column holding known labels", it.RowID)
	}
	if it.Repeats && it.Group != "" {
		c.at("item.repeats", "item.repeats takes a repeated id as another item, but rows are grouped (item.group): a group's rows share their id")
	}
}

func (c *fileCheck) checkItem() {
	it := c.f.Item
	switch it.Format {
	case "", FormatTSV:
	case FormatJSONL:
		c.checkJSONLItem()
		return
	default:
		c.at("item.format", "item.format = %q: want tsv or jsonl", it.Format)
	}
	if len(it.Keys) > 0 {
		c.at("item.keys", "item.keys are a JSONL file's: give format = \"jsonl\", or a TSV's item.header")
	}
	if len(it.Header) == 0 {
		c.at("item.header", "item.header: the file's header is missing")
	}
	// An empty name is a column no step reads (MIMICS-Duo's Task 2 pads
	// its rows with eight); a name twice could not say which it means.
	seen := map[string]bool{}
	for _, col := range it.Header {
		if col != "" && seen[col] {
			c.at("item.header", "item.header: column %q is there twice", col)
		}
		seen[col] = col != ""
	}
	cols := func(key string, names []string) {
		for _, n := range names {
			if !seen[n] {
				c.at(key, "%s: %q is not a column of item.header", key, n)
			}
		}
	}
	if len(it.ID) == 0 {
		c.at("item.id", "item.id: name the columns that identify an item")
	}
	cols("item.id", it.ID)
	cols("item.text", it.Text)
	cols("item.list", it.List)
	if it.Group != "" {
		cols("item.group", []string{it.Group})
	}
	if len(it.List) > 0 && it.ListName == "" {
		c.at("item.list_name", "item.list_name: say what one element of item.list is called")
	}
}

// checkScales checks the scales and returns them by name.
func (c *fileCheck) checkScales() map[string]FileScale {
	out := map[string]FileScale{}
	for i, s := range c.f.Scales {
		key := "scale." + strconv.Itoa(i)
		if s.Name == "" || out[s.Name].Name != "" {
			c.at(key+".name", "scale %q: a scale needs a name of its own", s.Name)
		}
		out[s.Name] = s
		if len(s.Values) < 2 {
			c.at(key+".values", "scale %q: at least two values", s.Name)
		}
		if len(s.Keys) != len(s.Values) || len(s.Names) != len(s.Values) {
			c.at(key, "scale %q: %s, %s and %s; want one key and one name a value", s.Name,
				display.Count(len(s.Values), "value", "values"), display.Count(len(s.Keys), "key", "keys"), display.Count(len(s.Names), "name", "names"))
		}
		for j, v := range s.Values {
			if v < 0 || v >= 10 || slices.Index(s.Values, v) != j {
				c.at(key+".values", "scale %q: value %d is twice or not 0-9", s.Name, v)
			}
		}
		c.checkKeys(key, s)
		c.checkCodes(key, s)
		if c.admit {
			c.checkNames(key, s)
		}
		if s.Nominal != c.f.Scales[0].Nominal {
			// Agreement reads a kind's labels one way: as categories, or
			// in their order.
			c.at(key+".nominal", "scale %q: nominal = %v, scale %q's is %v: a protocol's scales are all nominal or all ordered",
				s.Name, s.Nominal, c.f.Scales[0].Name, c.f.Scales[0].Nominal)
		}
	}
	return out
}

// checkNames checks a new file's scale names. A name is drawn on every
// screen, report and export, and read back by a merge (item.labels =
// "names"): so one a terminal would act on, one twice, one with spaces
// around it (a labels file's cell loses them) or one that is another
// value's key (its label would be read back as that value) is refused.
func (c *fileCheck) checkNames(key string, s FileScale) {
	for j, n := range s.Names {
		switch {
		case !drawable(n):
			c.at(key+".names", "scale %q: name %q holds a control character or a direction override", s.Name, n)
		case n == "" || strings.TrimSpace(n) != n:
			c.at(key+".names", "scale %q: name %q is empty or has spaces around it", s.Name, n)
		case slices.Index(s.Names, n) != j:
			c.at(key+".names", "scale %q: name %q is twice; each value needs a name of its own", s.Name, n)
		case j < len(s.Keys) && slices.Contains(s.Keys, n) && s.Keys[j] != n:
			c.at(key+".names", "scale %q: name %q is another value's key; a labels file could not tell them apart", s.Name, n)
		}
	}
}

// checkKeys checks a scale's keys: each one character and not twice; for
// a new file (admit), also typeable and none a screen keeps. The screens'
// keys grow (z and R came after protocol files), so a file a database
// kept is not held to today's.
func (c *fileCheck) checkKeys(key string, s FileScale) {
	for j, k := range s.Keys {
		switch {
		case utf8.RuneCountInString(k) != 1:
			c.at(key+".keys", "scale %q: key %q is not one character", s.Name, k)
		case slices.Index(s.Keys, k) != j:
			c.at(key+".keys", "scale %q: key %q is twice", s.Name, k)
		case !c.admit:
		case !typeable(k):
			c.at(key+".keys", "scale %q: key %q is not a printable character a keyboard types", s.Name, k)
		case slices.Contains(ReservedKeys, k):
			c.at(key+".keys", "scale %q: key %q is the HIT screen's own (%s)", s.Name, k, strings.Join(ReservedKeys, " "))
		case slices.Contains(AdjudicationKeys, k):
			c.at(key+".keys", "scale %q: key %q is the adjudication screen's own (%s)", s.Name, k, strings.Join(AdjudicationKeys, " "))
		}
	}
}

func (c *fileCheck) checkSteps(scales map[string]FileScale) {
	if len(c.f.Steps) == 0 {
		c.at("step", "no [[step]]: a protocol labels something")
	}
	it := c.f.Item
	units := map[string]FileStep{}
	labelled := c.f.labelColumns()
	for i, st := range c.f.Steps {
		key := "step." + strconv.Itoa(i)
		switch {
		case !unitName.MatchString(st.Unit) || len(st.Unit) > 30:
			c.at(key+".unit", "step %d: unit %q: want lower-case words joined by underscores (at most 30 characters)", i+1, st.Unit)
		case units[st.Unit].Unit != "":
			c.at(key+".unit", "step %d: unit %q is labelled by an earlier step too", i+1, st.Unit)
		}
		scale, ok := scales[st.Scale]
		if !ok && (st.Kind == "" || st.Kind == StepScale) { // an unknown kind is said once, by checkStepKind
			c.at(key+".scale", "step %d: scale %q is not a [[scale]] of the file", i+1, st.Scale)
		}
		switch st.Per {
		case "", PerItem:
		case PerElement:
			if it.Element != "" {
				break // the group's elements (item.element)
			}
			if len(it.List) == 0 {
				c.at(key+".per", "step %d: per = %q, but the item has no list", i+1, st.Per)
			}
			if it.Group != "" {
				// A grouped item's rows each have their own list: an
				// element's unit would not say whose.
				c.at(key+".per", "step %d: per = %q, but rows are grouped: label each row (per = \"row\")", i+1, st.Per)
			}
		case PerRow:
			if it.Group == "" {
				c.at(key+".per", "step %d: per = %q, but rows are not grouped (item.group)", i+1, st.Per)
			}
			if it.Element != "" {
				c.at(key+".per", "step %d: per = %q, but rows make elements (item.element): label each element (per = \"element\")", i+1, st.Per)
			}
		default:
			if NestedPer(st.Per) {
				c.checkNested(key, i, st)
				break
			}
			c.at(key+".per", "step %d: per = %q: want item, element, row, turn or a nested list's path (answer[].citations[])", i+1, st.Per)
		}
		c.checkStepKind(key, i, st)
		c.checkNone(key, i, st)
		c.checkMaxChars(key, i, st)
		c.checkShow(key, i, st, labelled)
		if ok && len(st.LabelText) > 0 && len(st.LabelText) != len(scale.Values) {
			c.at(key+".label_text", "step %d: %s for a scale of %s", i+1,
				display.Count(len(st.LabelText), "label text", "label texts"), display.Count(len(scale.Values), "value", "values"))
		}
		c.checkColumn(key, i, st)
		if st.When != nil {
			c.checkWhen(key, i, st, units, scales)
		}
		units[st.Unit] = st
	}
}

// checkStepKind checks what a step asks for.
func (c *fileCheck) checkStepKind(key string, i int, st FileStep) {
	switch st.Kind {
	case "", StepScale:
	case StepChoice:
		c.checkChoice(key, i, st)
	case StepText:
		c.checkText(key, i, st)
	default:
		c.at(key+".kind", "step %d: kind = %q: want scale, choice or text", i+1, st.Kind)
	}
}

// labelColumns are the columns that hold a step's known label, any step's
// (for each list element or row it labels): the answers of practice and
// gold checks.
func (f *ProtocolFile) labelColumns() map[string]bool {
	out := map[string]bool{}
	for _, st := range f.Steps {
		for _, lc := range f.LabelCells(st, 0) {
			out[lc.Column] = true
		}
	}
	return out
}

// checkShow checks what a step shows: text columns of the item or its
// list; for a new file (admit), none that holds a known label, nor the
// list when one of its columns does, since the screen would show the
// annotator the answer.
func (c *fileCheck) checkShow(key string, i int, st FileStep, labelled map[string]bool) {
	it := c.f.Item
	for _, s := range st.Show {
		switch {
		case s != ShowList && !slices.Contains(it.Text, s) && !c.nestedShow(st, s):
			c.at(key+".show", "step %d: shows %q, which is not an item.text column or \"list\"", i+1, s)
		case !c.admit:
		case s != ShowList && labelled[s]:
			c.at(key+".show", "step %d: shows %q, a column holding known labels: annotators would see the answer", i+1, s)
		case s == ShowList:
			if j := slices.IndexFunc(it.List, func(col string) bool { return labelled[col] }); j >= 0 {
				c.at(key+".show", "step %d: shows the list, whose column %q holds known labels: annotators would see the answer", i+1, it.List[j])
			}
		}
	}
}

// checkColumn checks that a step's label column is in the header, once
// for each element or row ({n}) when the step is asked more than once.
func (c *fileCheck) checkColumn(key string, i int, st FileStep) {
	if st.Column == "" {
		return
	}
	if st.Per == PerElement && c.f.Item.Element == "" {
		if !strings.Contains(st.Column, "{n}") {
			c.at(key+".column", "step %d: column %q: a step per element names its columns with {n}", i+1, st.Column)
			return
		}
		for n := range c.f.listCap() {
			if col := strings.ReplaceAll(st.Column, "{n}", strconv.Itoa(n+1)); !c.f.hasField(col) {
				c.at(key+".column", "step %d: column %q is not %s", i+1, col, c.f.fieldsAre())
			}
		}
		return
	}
	if !c.f.hasField(st.Column) {
		c.at(key+".column", "step %d: column %q is not %s", i+1, st.Column, c.f.fieldsAre())
	}
}

func (c *fileCheck) checkWhen(key string, i int, st FileStep, earlier map[string]FileStep, scales map[string]FileScale) {
	if len(st.When.Share) > 0 {
		c.checkShare(key, i, st)
	}
	if st.When.Field != "" {
		c.checkFieldWhen(key, i, *st.When)
		return
	}
	if st.When.Is != nil || st.When.Not != nil {
		c.at(key+".when", "step %d: when.is and when.not are a field's: name it (field = \"template\")", i+1)
		return
	}
	before, ok := earlier[st.When.Unit]
	switch {
	case !ok:
		c.at(key+".when", "step %d: asked after unit %q, which no earlier step labels", i+1, st.When.Unit)
	case before.Per != "" && before.Per != PerItem:
		c.at(key+".when", "step %d: asked after unit %q, which is asked more than once an item", i+1, st.When.Unit)
	case before.Kind == StepChoice:
		c.at(key+".when", "step %d: asked after unit %q, a choice: its labels are each item's own elements, which no condition can name", i+1, st.When.Unit)
	case before.Kind == StepText:
		c.at(key+".when", "step %d: asked after unit %q, a written answer: a condition names a label on a scale", i+1, st.When.Unit)
	default:
		c.checkWhenValues(key, i, *st.When, scales[before.Scale])
	}
}

// checkWhenValues checks the labels a condition names: value or in, not
// both; in not empty and each value once; every value on the scale of the
// unit it names.
func (c *fileCheck) checkWhenValues(key string, i int, w FileCondition, scale FileScale) {
	switch {
	case w.Value != nil && w.In != nil:
		c.at(key+".when", "step %d: when gives both value and in: give one (in = [2, 3] for several values)", i+1)
		return
	case w.Value != nil:
		if !slices.Contains(scale.Values, *w.Value) {
			c.at(key+".when", "step %d: value %d is not on the scale of %q", i+1, *w.Value, w.Unit)
		}
		return
	case w.In == nil && !c.admit:
		// A kept file's missing value is 0 (set), as it was when kept.
		if !slices.Contains(scale.Values, 0) {
			c.at(key+".when", "step %d: value 0 is not on the scale of %q", i+1, w.Unit)
		}
		return
	case w.In == nil:
		c.at(key+".when", "step %d: when names no label of %q: give value = 1, or in = [2, 3] for several", i+1, w.Unit)
		return
	case len(w.In) == 0:
		c.at(key+".when", "step %d: when.in is empty: name at least one value", i+1)
		return
	}
	seen := map[int]bool{}
	for _, v := range w.In {
		switch {
		case seen[v]:
			c.at(key+".when", "step %d: when.in: value %d is twice", i+1, v)
		case !slices.Contains(scale.Values, v):
			c.at(key+".when", "step %d: when.in: value %d is not on the scale of %q", i+1, v, w.Unit)
		}
		seen[v] = true
	}
}

func (c *fileCheck) checkAttention() {
	a := c.f.Attention
	if a == nil {
		return
	}
	if strings.TrimSpace(a.Ask) == "" {
		c.at("attention.ask", "attention.ask: the question to ask is missing")
	}
	switch a.Count {
	case "rows":
		if c.f.Item.Group == "" {
			c.at("attention.count", "attention: counts rows, but rows are not grouped (item.group)")
		}
	case "elements":
		if len(c.f.Item.List) == 0 {
			c.at("attention.count", "attention: counts elements, but the item has no list")
		} else if !c.showsList() {
			c.at("attention.count", "attention: counts elements, but no step shows the list")
		}
	default:
		c.at("attention.count", "attention.count %q: want rows or elements", a.Count)
	}
}

// showsList says whether any step shows the item's list.
func (c *fileCheck) showsList() bool {
	for _, st := range c.f.Steps {
		if slices.Contains(st.Show, ShowList) {
			return true
		}
	}
	return false
}
