package kinds

import (
	"github.com/claritty/claritty/guidelines"
)

// KindExport is an export with the kind it writes.
type KindExport struct {
	Kind guidelines.Kind
	Export
}

// Exports lists the built-in kinds' exports in the order help lists them,
// the shipped protocol files' named exports where their kinds' always
// stood (clarimm's before nuggets', necessity's before compare's), then
// each kind's own under the kind's name (export --format mimics).
func Exports() []KindExport {
	var out, own []KindExport
	for i, k := range Builtins() {
		switch i {
		case 1:
			out = append(out, shippedPartExports("clarimm")...)
		case 2:
			out = append(out, shippedPartExports("necessity")...)
		}
		for _, e := range k.Exports {
			out = append(out, KindExport{k.Protocol.Kind, e})
			if e.Name == k.Own {
				// Named for its kind, it writes that kind's dataset.
				e.Name, e.FirstOfKind = string(k.Protocol.Kind), true
				own = append(own, KindExport{k.Protocol.Kind, e})
			}
		}
	}
	return append(out, own...)
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
