package account

import (
	"bytes"
	"testing"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/spacekey"
)

// TestLinkDone: a link ends past its until, or once its key is held and a
// newer one is current; a device behind leaves it alone (03 §13.2).
func TestLinkDone(t *testing.T) {
	gen := func(b byte) *spacekey.Key {
		k, err := spacekey.Generate(bytes.NewReader(bytes.Repeat([]byte{b}, 32)))
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	k0, k1 := gen(1), gen(2)
	one := []access.KeyEntry{{KeyID: k0.ID(), ReadKey: k0.ReadDID(), Event: "bs"}}
	two := append(one, access.KeyEntry{KeyID: k1.ID(), ReadKey: k1.ReadDID(), Event: "bk1"})
	ring := func(keys []access.KeyEntry, held ...*spacekey.Key) *spacekey.Keyring {
		return spacekey.NewKeyring(spacekey.Input{Space: "bs", Keys: keys, Held: held})
	}
	now := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		name  string
		until time.Time
		ring  *spacekey.Keyring
		want  bool
	}{
		{"current key, no until", time.Time{}, ring(one, k0), false},
		{"before until", now.Add(time.Hour), ring(one, k0), false},
		{"past until", now.Add(-time.Hour), ring(one, k0), true},
		{"past until, space not held", now.Add(-time.Hour), nil, true},
		{"a newer key is current", time.Time{}, ring(two, k0), true},
		{"its key not held yet", time.Time{}, ring(two, k1), false},
		{"space not held", time.Time{}, nil, false},
	}
	for _, c := range cases {
		if got := LinkDone(c.until, k0.ID(), now, c.ring); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
