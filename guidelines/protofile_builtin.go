package guidelines

import (
	"fmt"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// A kind built into the code (MIMICS-Manual, compare, nuggets) ships a
// protocol file of its name as well (issue 47): its items, steps, scales,
// attention question and guideline as the language writes them, and
// [parts] naming the Go code that does what the language cannot (its
// reader, screen, statistics, runs and releases). claritty protocols show
// prints it. The kind itself stays the Go protocol: a test holds the two
// equal where the language reaches, and its guideline is read from the
// file. It is no importable kind: a file of a built-in kind's name is
// refused anywhere else (a lead's own, a kept one), and only this file
// may name the parts that read the kind's own tables (kindParts).

// KindFile is the shipped protocol file of a kind built into the code,
// if it has one.
func KindFile(k Kind) (ProtocolText, bool) {
	all, err := shipped()
	if err != nil {
		return ProtocolText{}, false
	}
	for _, f := range all.kinds {
		if f.File.Name == k {
			return f, true
		}
	}
	return ProtocolText{}, false
}

// kindFileName is the built-in kind a shipped file's name says it is the
// file of ("mimics.toml"), or "" for another shipped file.
func kindFileName(file string) Kind {
	k := Kind(strings.TrimSuffix(file, ".toml"))
	if !isBuiltInKind(k) {
		return ""
	}
	return k
}

// shippedGuideline is the guideline of a built-in kind's shipped file,
// read as the package starts: the kind's Go protocol holds it as its text.
// It reads the one key without the file's checks, which read the
// built-in kinds themselves (ParseProtocolFile, at first use of the
// shipped files, checks the whole file, and the package's tests parse it).
func shippedGuideline(name string) string {
	b, err := shippedFS.ReadFile("protocols/" + name + ".toml")
	if err != nil {
		panic(fmt.Sprintf("the shipped protocol file of %s: %v", name, err))
	}
	var f struct {
		Guideline string `toml:"guideline"`
	}
	if err := toml.Unmarshal(b, &f); err != nil {
		panic(fmt.Sprintf("the shipped protocol file of %s: %v", name, err))
	}
	return f.Guideline
}
