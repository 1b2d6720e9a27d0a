package data

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/guidelines"
	"github.com/claritty/claritty/store"
)

// A conversation file's turns may name images (item.conversation, the
// turn's images key). With item.images = "beside-file" each is a path
// relative to the data file's folder,
// which may not leave it, or an http(s) URL, kept as a link. The import
// resolves each beside the file and makes a small preview of each local
// image (several at once, each file once); the item keeps them
// (store.FileItem.Images), so the screen shows the previews and o opens
// the file, as ClariMM's conversations always had. An image that will not
// decode shows as a placeholder, and the import says so (ImageWarning).

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

// itemImages resolves a conversation row's images beside dir ("" when
// the file came with no folder: over SSH, only URLs), each turn's in
// order: nil for a file that is no conversation. A path that may not be
// read is refused, naming its turn.
func itemImages(f *guidelines.ProtocolFile, line, dir string) ([]store.Image, error) {
	if !f.ImagesKept() {
		return nil, nil
	}
	var out []store.Image
	for turn, srcs := range f.FieldsOf(line).TurnImages() {
		for pos, src := range srcs {
			img, err := resolveImage(src, dir)
			if err != nil {
				return nil, fmt.Errorf("%s %d: %v", f.Item.ListName, turn+1, err)
			}
			img.Element, img.Pos = turn+1, pos+1
			out = append(out, img)
		}
	}
	return out, nil
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

// previews makes the previews of an import's local images, each file
// once however many items name it.
type previews struct {
	made map[string]preview // by location
}

type preview struct {
	png     []byte
	problem string
}

// fill sets the previews of one item's images, decoding the files not
// seen before several at a time, and returns the images that will show
// as placeholders, at the item's line.
func (p *previews) fill(imgs []store.Image, file string, line int) []ImageWarning {
	if p.made == nil {
		p.made = map[string]preview{}
	}
	var todo []string
	for _, img := range imgs {
		if _, ok := p.made[img.Location]; !ok && !img.IsURL() {
			p.made[img.Location] = preview{}
			todo = append(todo, img.Location)
		}
	}
	p.makeAll(todo)
	var warnings []ImageWarning
	for i := range imgs {
		img := &imgs[i]
		if img.IsURL() {
			continue
		}
		r := p.made[img.Location]
		img.Preview, img.Problem = r.png, r.problem
		if r.problem != "" {
			warnings = append(warnings, ImageWarning{File: file, Line: line, Src: img.Src, Problem: r.problem})
		}
	}
	return warnings
}

// makeAll decodes the files, as many at once as there are processors.
func (p *previews) makeAll(files []string) {
	todo := make(chan string)
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(files))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for path := range todo {
				png, problem := display.MakePreview(path)
				mu.Lock()
				p.made[path] = preview{png, problem}
				mu.Unlock()
			}
		}()
	}
	for _, path := range files {
		todo <- path
	}
	close(todo)
	wg.Wait()
}
