package data

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/claritty/claritty/data/datatest"
	"github.com/claritty/claritty/store/storetest"
)

// writePNG writes a w × h image, left half red, right half blue.
func writePNG(t *testing.T, path string, w, h int) {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{200, 20, 20, 255}
			if x >= w/2 {
				c = color.RGBA{20, 20, 200, 255}
			}
			img.Set(x, y, c)
		}
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestImportClariMM(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	writePNG(t, filepath.Join(dir, "img", "wide.png"), 300, 100)
	datatest.WriteFile(t, filepath.Join(dir, "img", "broken.jpg"), "\xff\xd8\xff\xe0 not really a jpeg")
	body := datatest.ClariMMLine("c1", []string{"img/wide.png", "https://example.org/x.jpg"}, nil, []string{"img/broken.jpg"}) + "\n" +
		datatest.ClariMMLine("c2", []string{"img/wide.png"}) + "\n"
	file := datatest.WriteFile(t, filepath.Join(dir, "convs.jsonl"), body)
	st := storetest.Open(t)
	res, err := testImportFile(ctx, st, lead(t, st), file, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Format != "clarimm" || res.Dataset != "convs" || res.Items != 2 {
		t.Fatalf("result %+v", res)
	}
	if len(res.Warnings) != 1 || res.Warnings[0].Line != 1 || res.Warnings[0].Src != "img/broken.jpg" {
		t.Fatalf("warnings %+v", res.Warnings)
	}
	ds, _ := st.DatasetByName(ctx, "convs")
	if ds.Kind != "clarimm" {
		t.Fatalf("kind %q", ds.Kind)
	}
	it, err := st.ItemByUID(ctx, ds.ID, "c1")
	if err != nil {
		t.Fatal(err)
	}
	if it.Query != "topic of c1" || it.Question != "facet of c1" {
		t.Fatalf("item %+v", it)
	}
	turns := st.Protocol("clarimm").Units(it.Shape(1))
	if len(turns) != 3+3 || it.Options[1] != "Question 2 about c1?" {
		t.Fatalf("units %v, options %q", turns, it.Options)
	}
	images, err := st.ItemImages(ctx, it.ID)
	if err != nil || len(images) != 3 {
		t.Fatalf("images %+v %v", images, err)
	}
	wide, url, broken := images[0], images[1], images[2]
	if wide.Element != 1 || url.Element != 1 || url.Pos != 2 || broken.Element != 3 {
		t.Fatalf("the images' turns %+v", images)
	}
	if wide.Location != filepath.Join(dir, "img", "wide.png") || wide.Problem != "" {
		t.Fatalf("local image %+v", wide)
	}
	prev, err := png.Decode(bytes.NewReader(wide.Preview))
	if err != nil {
		t.Fatal(err)
	}
	// 300 × 100 fits the 64-pixel box as 64 × 21, its colours kept.
	if b := prev.Bounds(); b.Dx() != 64 || b.Dy() != 21 {
		t.Fatalf("preview %v", b)
	}
	if r, _, b, _ := prev.At(0, 10).RGBA(); r>>8 != 200 || b>>8 != 20 {
		t.Fatalf("left of the preview is not red: %v", prev.At(0, 10))
	}
	if !url.IsURL() || url.Preview != nil {
		t.Fatalf("url image %+v", url)
	}
	if broken.Preview != nil || broken.Problem == "" {
		t.Fatalf("broken image %+v", broken)
	}
	rows, err := st.ShownRows(ctx, it.ID)
	if err != nil || len(rows) != 1 || len(rows[0].Images[1]) != 0 || rows[0].Said[1][0] != "Question 2 about c1?" || rows[0].Said[1][1] != "Answer 2." {
		t.Fatalf("turn 2 %+v %v", rows, err)
	}

	// Again: nothing new.
	before := storetest.DataFingerprint(t, storetest.DB(t, st))
	res, err = testImportFile(ctx, st, lead(t, st), file, Options{})
	if err != nil || res.Items != 0 || res.ItemsKnown != 2 {
		t.Fatalf("re-import %+v %v", res, err)
	}
	if storetest.DataFingerprint(t, storetest.DB(t, st)) != before {
		t.Fatal("re-import changed the database")
	}
}

func TestClariMMRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	root := t.TempDir()
	dir := filepath.Join(root, "data")
	writePNG(t, filepath.Join(dir, "ok.png"), 4, 4)
	writePNG(t, filepath.Join(root, "secret.png"), 4, 4)
	if err := os.Symlink(filepath.Join(root, "secret.png"), filepath.Join(dir, "link.png")); err != nil {
		t.Fatal(err)
	}
	good := datatest.ClariMMLine("ok", []string{"ok.png"})
	st := storetest.Open(t)
	if _, err := testImportFile(ctx, st, lead(t, st), datatest.WriteFile(t, filepath.Join(dir, "seed.jsonl"), good+"\n"), Options{Dataset: "d"}); err != nil {
		t.Fatal(err)
	}
	five := datatest.ClariMMLine("five", nil, nil, nil, nil, nil)
	cases := []struct{ name, body, want string }{
		{"escaping path", good + "\n" + datatest.ClariMMLine("x", []string{"../secret.png"}), `x.jsonl:2: turn 1: image "../secret.png" leaves the file's folder`},
		{"escaping deeper", datatest.ClariMMLine("x", []string{"sub/../../secret.png"}), `x.jsonl:1: turn 1: image "sub/../../secret.png" leaves`},
		{"symbolic link out", datatest.ClariMMLine("x", []string{"link.png"}), `x.jsonl:1: turn 1: image "link.png" leaves the file's folder through a symbolic link`},
		{"absolute path", datatest.ClariMMLine("x", []string{filepath.Join(root, "secret.png")}), "x.jsonl:1: turn 1: image"},
		{"file url", datatest.ClariMMLine("x", []string{"file:///etc/passwd"}), "x.jsonl:1: turn 1: image \"file:///etc/passwd\": only paths"},
		{"five turns", good + "\n\n" + five, `x.jsonl:3: conversation "five" has 5 turns; at most 4 are rated`},
		{"no turns", `{"id": "n", "topic": "t", "facet": "f", "turns": []}`, `x.jsonl:1: conversation "n" has no turns`},
		{"broken json", good + "\n" + `{"id": "b", "topic": `, "x.jsonl:2: not JSON: "},
		{"wrong type", `{"id": "7", "topic": ["t"], "facet": "f", "turns": [{"question": "q", "answer": "a"}]}`, "x.jsonl:1: topic is a list, not a text or a number"},
		{"missing facet", `{"id": "m", "topic": "t", "turns": [{"question": "q", "answer": "a"}]}`, `x.jsonl:1: key "facet" is missing`},
		{"empty facet", `{"id": "m", "topic": "t", "facet": " ", "turns": [{"question": "q", "answer": "a"}]}`, "x.jsonl:1: facet is missing or empty"},
		{"empty answer", `{"id": "m", "topic": "t", "facet": "f", "turns": [{"question": "q", "answer": " "}]}`, "x.jsonl:1: turn 1: answer is missing or empty"},
		{"duplicate id", datatest.ClariMMLine("x", nil) + "\n" + datatest.ClariMMLine("x", nil), `x.jsonl:2: conversation "x" is already on line 1`},
		{"changed content", strings.Replace(good, "topic of ok", "another topic", 1), `x.jsonl:1: conversation "ok" is already imported with other content`},
		{"control characters in id", strings.Replace(good, `"id": "ok"`, `"id": "o\u001b[2Jk"`, 1), "x.jsonl:1: id"},
	}
	before := storetest.DataFingerprint(t, storetest.DB(t, st))
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := datatest.WriteFile(t, filepath.Join(dir, "x.jsonl"), c.body+"\n")
			_, err := testImportFile(ctx, st, lead(t, st), path, Options{Dataset: "d", Format: "clarimm"})
			var le *LineError
			if err == nil || !errors.As(err, &le) || !strings.HasPrefix(err.Error(), path[:len(path)-len("x.jsonl")]+c.want) {
				t.Fatalf("error %v\nwant one starting %q", err, c.want)
			}
			if strings.ContainsRune(err.Error(), '\x1b') {
				t.Fatalf("escape sequence in the error: %q", err)
			}
			if storetest.DataFingerprint(t, storetest.DB(t, st)) != before {
				t.Fatal("the failed import changed the database")
			}
		})
	}
}

// A conversation file sent over SSH (NoLocalFiles) has no folder beside it
// on the server: an image path is refused at its line, a URL is kept.
func TestClariMMOverSSHTakesURLsOnly(t *testing.T) {
	t.Parallel()
	st := storetest.Open(t)
	ctx := context.Background()
	opt := Options{Dataset: "d", NoLocalFiles: true}
	_, err := testImport(ctx, st, lead(t, st), strings.NewReader(datatest.ClariMMLine("x", []string{"pics/tower.png"})+"\n"), "-", opt)
	if err == nil || !strings.Contains(err.Error(), `-:1: turn 1: image "pics/tower.png": a file sent over SSH has no folder beside it`) {
		t.Fatalf("an image path over SSH: %v", err)
	}
	res, err := testImport(ctx, st, lead(t, st), strings.NewReader(datatest.ClariMMLine("x", []string{"https://example.org/t.png"})+"\n"), "-", opt)
	if err != nil || res.Items != 1 {
		t.Fatalf("a URL over SSH: %+v %v", res, err)
	}
	_, err = testImport(ctx, st, lead(t, st), strings.NewReader(datatest.ClariMMLine("y")+"\n"), "-", Options{NoLocalFiles: true})
	if err == nil || !strings.Contains(err.Error(), "give --dataset NAME") {
		t.Fatalf("standard input without --dataset: %v", err)
	}
}

// A conversation line lacking several of its fields is told of the first
// in the line's order, the same every time.
func TestConversationMissingFieldsInOrder(t *testing.T) {
	ctx := context.Background()
	st := storetest.Open(t)
	for range 30 {
		_, err := testImport(ctx, st, lead(t, st), strings.NewReader(`{"turns": []}`+"\n"), "-", Options{Dataset: "d", Format: "clarimm"})
		if err == nil || !strings.Contains(err.Error(), `keys "id", "topic", "facet" are missing`) {
			t.Fatalf("a line with no id, topic or facet: %v", err)
		}
		_, err = testImport(ctx, st, lead(t, st), strings.NewReader(`{"id": "c1", "turns": []}`+"\n"), "-", Options{Dataset: "d", Format: "clarimm"})
		if err == nil || !strings.Contains(err.Error(), `keys "topic", "facet" are missing`) {
			t.Fatalf("a line with no topic or facet: %v", err)
		}
	}
}
