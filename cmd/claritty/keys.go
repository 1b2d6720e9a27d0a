package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"

	gossh "golang.org/x/crypto/ssh"

	"github.com/claritty/claritty/display"
	"github.com/claritty/claritty/store"
)

// readKeys reads public keys in authorized_keys form (what ssh-keygen
// writes to KEY.pub), one a line; blank lines and # comments are skipped.
// A line that is not a key is refused as file:line.
func readKeys(r io.Reader, name string) ([]store.Key, error) {
	var keys []store.Key
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 64*1024) // an RSA-16384 key is under 3 KB
	lines := 0
	for n := 1; sc.Scan(); n++ {
		lines = n
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pub, comment, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: not an SSH public key (want a line like ssh-ed25519 AAAA… you@laptop): %v", name, n, err)
		}
		keys = append(keys, store.Key{Fingerprint: gossh.FingerprintSHA256(pub),
			Public: strings.TrimSpace(string(gossh.MarshalAuthorizedKey(pub))), Comment: display.Clean(comment)})
	}
	if err := sc.Err(); errors.Is(err, bufio.ErrTooLong) {
		return nil, fmt.Errorf("%s:%d: a line of over 64 KiB: not an SSH public key (want a line like ssh-ed25519 AAAA… you@laptop)", name, lines+1)
	} else if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s: no public key in the file", name)
	}
	return keys, nil
}
