package kinds

import (
	"cmp"
	"maps"
	"slices"

	"github.com/claritty/claritty/guidelines"
)

// KindExport is an export with the kind it writes.
type KindExport struct {
	Kind guidelines.Kind
	Export
}

// Exports lists the shipped kinds' exports in the order help lists them:
// each shipped file's that names export parts (a built-in kind's, and
// ClariMM's and necessity's named parts), kind by kind in helpOrder, then
// each built-in kind's own under the kind's name (export --format mimics).
func Exports() []KindExport {
	byKind := map[guidelines.Kind][]KindExport{}
	owns := map[guidelines.Kind]KindExport{}
	for _, k := range Builtins() {
		kind := k.Protocol.Kind
		for _, e := range k.Exports {
			byKind[kind] = append(byKind[kind], KindExport{kind, e})
			if e.Name == k.Own {
				// Named for its kind, it writes that kind's dataset.
				e.Name, e.FirstOfKind = string(kind), true
				owns[kind] = KindExport{kind, e}
			}
		}
	}
	shipped, _ := guidelines.ShippedProtocols() // a build whose files do not parse fails its tests
	for _, s := range shipped {
		if es := shippedPartExports(s.File.Name); len(es) > 0 {
			byKind[s.File.Name] = es
		}
	}
	var out, own []KindExport
	for _, kind := range slices.SortedFunc(maps.Keys(byKind), byHelpOrder) {
		out = append(out, byKind[kind]...)
		if e, ok := owns[kind]; ok {
			own = append(own, e)
		}
	}
	return append(out, own...)
}

// helpOrder is the order help has always listed the shipped kinds'
// exports in: the order they came to claritty. Another shipped file's
// follow, by name.
var helpOrder = []guidelines.Kind{"mimics", "clarimm", "nuggets", "necessity", "compare"}

// byHelpOrder orders kinds as help lists their exports.
func byHelpOrder(a, b guidelines.Kind) int {
	rank := func(k guidelines.Kind) int {
		if i := slices.Index(helpOrder, k); i >= 0 {
			return i
		}
		return len(helpOrder)
	}
	return cmp.Or(cmp.Compare(rank(a), rank(b)), cmp.Compare(a, b))
}

// FileExport is what export --format NAME writes when NAME may be a
// protocol file's kind: its datasets in the file's own shape; or, named
// KIND-ratings or KIND-gold, that named part of a kind whose file names
// it (partExport). Which files a database keeps is known once it is open
// (Set.Kind says; a release part's writer asks the kept file).
func FileExport(name string) (KindExport, bool) {
	if e, ok := partExport(name); ok {
		return e, true
	}
	k := guidelines.Kind(name)
	if !guidelines.IsFileKindName(k) {
		return KindExport{}, false
	}
	return KindExport{k, Export{Name: name, Release: true, Unresolved: true, FirstOfKind: true, Write: writeProtocolFile}}, true
}
