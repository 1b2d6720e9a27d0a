package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// FormatClariMM is the clarimm JSONL format: one conversation per line,
//
//	{"id": "...", "topic": "...", "facet": "...",
//	 "turns": [{"question": "...", "images": ["a.jpg", "https://..."], "answer": "..."}]}
//
// with 1 to 4 turns. Image paths are relative to the file's folder and may
// not leave it; http(s) URLs are kept as links. Other fields are ignored.
const FormatClariMM store.Format = "clarimm"

// clarimmLine is one line as JSON has it; pointers tell a missing field
// from an empty one.
type clarimmLine struct {
	ID    *string `json:"id"`
	Topic *string `json:"topic"`
	Facet *string `json:"facet"`
	Turns *[]struct {
		Question *string  `json:"question"`
		Images   []string `json:"images"`
		Answer   *string  `json:"answer"`
	} `json:"turns"`
}

// isClariMMLine tells a clarimm line from a Bing results line: it has turns.
func isClariMMLine(line []byte) bool {
	var probe struct {
		Turns json.RawMessage `json:"turns"`
	}
	return json.Unmarshal(line, &probe) == nil && probe.Turns != nil
}

// ImageWarning is an image that will show as a placeholder: the import
// goes on, and says so.
type ImageWarning struct {
	File    string
	Line    int
	Src     string
	Problem string
}

func (w ImageWarning) String() string {
	return fmt.Sprintf("%s:%d: image %s: %s; it shows as a placeholder", w.File, w.Line, display.Clean(w.Src), w.Problem)
}

// readClariMM checks every line, makes the previews of the local images
// (several at once, each file once), then adds the conversations in file
// order. Any malformed line stops the import with its line number.
func readClariMM(lr *lineReader, first []byte, dir string, im sink) ([]ImageWarning, error) {
	var convs []store.Conversation
	var lines []int
	seen := map[string]int{}
	for line, n := first, lr.n; ; {
		if len(bytes.TrimSpace(line)) > 0 {
			c, err := parseConversation(line, dir)
			if err != nil {
				return nil, lineErr(lr.file, n, "%v", err)
			}
			if prev, dup := seen[c.ID]; dup {
				return nil, lineErr(lr.file, n, "conversation %q is already on line %d", c.ID, prev)
			}
			seen[c.ID] = n
			convs, lines = append(convs, c), append(lines, n)
		}
		var err error
		if line, err = lr.next(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		n = lr.n
	}
	warnings := makePreviews(convs, lines, lr.file)
	for i, c := range convs {
		if _, err := im.AddConversation(c); err != nil {
			return nil, lineErr(lr.file, lines[i], "%v", err)
		}
	}
	return warnings, nil
}

// parseConversation checks one line and resolves its image paths.
func parseConversation(line []byte, dir string) (store.Conversation, error) {
	var c store.Conversation
	var l clarimmLine
	if err := json.Unmarshal(line, &l); err != nil {
		return c, fmt.Errorf("not a conversation: %s", jsonProblem(err))
	}
	// In the line's order, so a line lacking several is told of the same
	// one every time.
	for _, f := range []struct {
		name string
		v    *string
	}{{"id", l.ID}, {"topic", l.Topic}, {"facet", l.Facet}} {
		if f.v == nil || strings.TrimSpace(*f.v) == "" {
			return c, fmt.Errorf("%s is missing or empty", f.name)
		}
	}
	if display.Clean(*l.ID) != *l.ID || strings.ContainsAny(*l.ID, "\t\n") {
		return c, fmt.Errorf("id %q has control characters", *l.ID)
	}
	c.ID, c.Topic, c.Facet = *l.ID, *l.Topic, *l.Facet
	switch {
	case l.Turns == nil || len(*l.Turns) == 0:
		return c, fmt.Errorf("conversation %q has no turns", c.ID)
	case len(*l.Turns) > guidelines.MaxTurns:
		return c, fmt.Errorf("conversation %q has %d turns; at most %d are rated", c.ID, len(*l.Turns), guidelines.MaxTurns)
	}
	for i, t := range *l.Turns {
		if t.Question == nil || strings.TrimSpace(*t.Question) == "" {
			return c, fmt.Errorf("turn %d: question is missing or empty", i+1)
		}
		if t.Answer == nil || strings.TrimSpace(*t.Answer) == "" {
			return c, fmt.Errorf("turn %d: answer is missing or empty", i+1)
		}
		turn := store.Turn{Question: *t.Question, Answer: *t.Answer}
		for _, src := range t.Images {
			img, err := resolveImage(src, dir)
			if err != nil {
				return c, fmt.Errorf("turn %d: %v", i+1, err)
			}
			turn.Images = append(turn.Images, img)
		}
		c.Turns = append(c.Turns, turn)
	}
	return c, nil
}

// jsonProblem words a decoding error for a person: which field has the
// wrong type, or where the syntax breaks, in JSON's words (text, a number,
// a list, an object), never Go's (int, float64, map, data.clarimmLine).
func jsonProblem(err error) string {
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te) && te.Field == "":
		return fmt.Sprintf("the line is %s; want one JSON object ({...}) a line", jsonValueWords(te.Value))
	case errors.As(err, &te) && outOfRange(te):
		return fmt.Sprintf("%s: %s is out of range", te.Field, jsonValueWords(te.Value))
	case errors.As(err, &te):
		return fmt.Sprintf("%s should be %s, not %s", te.Field, jsonTypeWords(te.Type), jsonValueWords(te.Value))
	case errors.As(err, &se):
		return fmt.Sprintf("broken JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "the line ends before its JSON object does"
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return "unknown field " + f
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

// outOfRange says whether a number was refused for its size alone: a
// number field given a number too large for it (not a fraction where a
// whole number goes).
func outOfRange(te *json.UnmarshalTypeError) bool {
	n, ok := strings.CutPrefix(te.Value, "number ")
	if !ok {
		return false
	}
	switch jsonTypeWords(te.Type) {
	case "a number":
		return true
	case "a whole number":
		return !strings.ContainsAny(n, ".eE")
	}
	return false
}

// jsonTypeWords says what a field holds, in JSON's words.
func jsonTypeWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "text"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another kind of value"
}

// jsonValueWords says what a JSON value is: encoding/json names it
// "string", "number", "number 3.5", "array", "object" or "bool".
func jsonValueWords(v string) string {
	if n, ok := strings.CutPrefix(v, "number "); ok {
		return "the number " + n
	}
	switch v {
	case "string":
		return "text"
	case "number":
		return "a number"
	case "array":
		return "a list"
	case "object":
		return "an object"
	case "bool":
		return "true or false"
	}
	return v
}

// resolveImage checks one image reference: an http(s) URL, or a path
// relative to dir that stays inside it (symbolic links included); with no
// dir, only a URL.
func resolveImage(src, dir string) (store.Image, error) {
	img := store.Image{Src: src, Location: src}
	lower := strings.ToLower(src)
	switch {
	case strings.TrimSpace(src) == "":
		return img, fmt.Errorf("an image path is empty")
	case display.Clean(src) != src:
		return img, fmt.Errorf("image %q has control characters", src)
	case strings.HasPrefix(lower, "http://") || strings.HasPrefix(lower, "https://"):
		return img, nil
	case strings.Contains(src, "://") || strings.HasPrefix(lower, "data:") || strings.HasPrefix(lower, "file:"):
		return img, fmt.Errorf("image %q: only paths relative to the file's folder and http(s) URLs are allowed", src)
	case filepath.IsAbs(src) || strings.HasPrefix(src, "~"):
		return img, fmt.Errorf("image %q: the path must be relative to the file's folder", src)
	}
	if dir == "" {
		return img, fmt.Errorf("image %q: a file sent over SSH has no folder beside it; give images as http(s) URLs", src)
	}
	path := filepath.Join(dir, filepath.FromSlash(src))
	if !inside(dir, path) {
		return img, fmt.Errorf("image %q leaves the file's folder", src)
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		realDir, err := filepath.EvalSymlinks(dir)
		if err == nil && !inside(realDir, real) {
			return img, fmt.Errorf("image %q leaves the file's folder through a symbolic link", src)
		}
	}
	img.Location = path
	return img, nil
}

// inside reports whether path is dir or below it (both cleaned, absolute).
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// makePreviews fills in the previews of every local image, decoding each
// file once and several at a time, and lists the images that will show as
// placeholders.
func makePreviews(convs []store.Conversation, lines []int, file string) []ImageWarning {
	type result struct {
		preview []byte
		problem string
	}
	paths := map[string]*result{}
	var files []string
	for _, c := range convs {
		for _, t := range c.Turns {
			for _, img := range t.Images {
				if _, ok := paths[img.Location]; !ok && !img.IsURL() {
					paths[img.Location] = nil
					files = append(files, img.Location)
				}
			}
		}
	}
	todo := make(chan string)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(files))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range todo {
				prev, problem := display.MakePreview(p)
				mu.Lock()
				paths[p] = &result{prev, problem}
				mu.Unlock()
			}
		}()
	}
	for _, p := range files {
		todo <- p
	}
	close(todo)
	wg.Wait()
	var warnings []ImageWarning
	for i := range convs {
		for _, t := range convs[i].Turns {
			for j := range t.Images {
				img := &t.Images[j]
				if r := paths[img.Location]; r != nil && !img.IsURL() {
					img.Preview, img.Problem = r.preview, r.problem
					if r.problem != "" {
						warnings = append(warnings, ImageWarning{File: file, Line: lines[i], Src: img.Src, Problem: r.problem})
					}
				}
			}
		}
	}
	return warnings
}
