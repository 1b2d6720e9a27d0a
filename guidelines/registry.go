package guidelines

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// registered are the protocol files this process knows besides the
// built-in kinds: a snapshot replaced whole on each registration, so the
// many readers (every label, every frame) take no lock.
var (
	registered   atomic.Pointer[map[Kind]fileKind]
	registerLock sync.Mutex
)

// fileKind is a registered protocol file: its kind and the text it was
// made from.
type fileKind struct {
	file     *ProtocolFile
	protocol Protocol
	text     []byte
}

// Register makes a protocol file's kind known to this process, as the
// built-in kinds are: Kind.Known, Kind.Scan, Kind.Value and ForKind take
// it. The same file again is nothing; another file under a name already
// known is refused, since labels stored under the one would be read under
// the other.
func Register(f *ProtocolFile, text []byte) error { return register(f, text, false) }

// Replace registers a protocol file's kind over whatever file of that
// name this process knows: for a file the database has just taken, when
// the one the process held was a rolled-back import's and is nowhere
// else.
func Replace(f *ProtocolFile, text []byte) error { return register(f, text, true) }

func register(f *ProtocolFile, text []byte, replace bool) error {
	registerLock.Lock()
	defer registerLock.Unlock()
	if slices.ContainsFunc(Protocols, func(p Protocol) bool { return p.Kind == f.Name }) {
		return fmt.Errorf("protocol %q: a built-in task kind has that name", f.Name)
	}
	now := map[Kind]fileKind{}
	if old := registered.Load(); old != nil {
		now = maps.Clone(*old)
	}
	if had, ok := now[f.Name]; ok && !replace {
		if bytes.Equal(had.text, text) {
			return nil
		}
		return fmt.Errorf("protocol %q: another file of that name is already in use", f.Name)
	}
	now[f.Name] = fileKind{file: f, protocol: f.Protocol(), text: slices.Clone(text)}
	registered.Store(&now)
	return nil
}

// RegisteredFile is the protocol file a registered kind was made from.
func RegisteredFile(k Kind) (*ProtocolFile, bool) {
	m := registered.Load()
	if m == nil {
		return nil, false
	}
	fk, ok := (*m)[k]
	return fk.file, ok
}

// registeredKind is a registered protocol file's kind, if k is one.
func registeredKind(k Kind) (Protocol, bool) {
	m := registered.Load()
	if m == nil {
		return Protocol{}, false
	}
	fk, ok := (*m)[k]
	return fk.protocol, ok
}

// FileProtocols are the protocol files this process may import under:
// those registered (a database's, which win for their names) and those
// claritty carries, in name order.
func FileProtocols() ([]ProtocolText, error) {
	shipped, err := ShippedProtocols()
	if err != nil {
		return nil, err
	}
	byName := map[Kind]ProtocolText{}
	for _, s := range shipped {
		byName[s.File.Name] = s
	}
	if m := registered.Load(); m != nil {
		for k, fk := range *m {
			byName[k] = ProtocolText{File: fk.file, Text: fk.text}
		}
	}
	out := slices.Collect(maps.Values(byName))
	slices.SortFunc(out, func(a, b ProtocolText) int { return strings.Compare(string(a.File.Name), string(b.File.Name)) })
	return out, nil
}
