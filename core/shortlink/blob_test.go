package shortlink

import (
	"bytes"
	"compress/zlib"
	"errors"
	"runtime"
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/internal/testkit"
)

// zlibOf deflates b as zlib (RFC 1950).
func zlibOf(t testing.TB, b []byte) []byte {
	t.Helper()
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(b)
	w.Close()
	return z.Bytes()
}

// Sealing then opening gives the body back; the pin is the blob's hash.
func TestSealOpen(t *testing.T) {
	key, _ := exampleLink(t).SealKey()
	until := int64(1_790_000_000_000)
	inv := invitation(t, "editor").Wire()
	blob, err := Seal(key, Body{Invite: inv, Until: &until}, testkit.Rand(1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := OpenBlob(key, blob)
	if err != nil {
		t.Fatal(err)
	}
	if b.Until == nil || *b.Until != until || b.Invite["id"] != inv["id"] {
		t.Errorf("opened %+v", b)
	}
	if _, err := OpenBlob(key, mustSeal(t, key, Body{Invite: inv})); err != nil {
		t.Errorf("without until: %v", err)
	}
}

func mustSeal(t testing.TB, key []byte, b Body) string {
	t.Helper()
	blob, err := Seal(key, b, testkit.Rand(2))
	if err != nil {
		t.Fatal(err)
	}
	return blob
}

// Every refusal of §7.7 step 4: does not decrypt, inflates past 64 KiB
// (stopping as it inflates), is not a v2 body.
func TestOpenBlobRefusals(t *testing.T) {
	key, _ := exampleLink(t).SealKey()
	other := bytes.Repeat([]byte{9}, 32)
	good := mustSeal(t, key, Body{Invite: map[string]any{"id": "x"}})
	raw, _ := enc.DecodeB64URL(good)
	flipped := append([]byte{}, raw...)
	flipped[len(flipped)-1] ^= 1
	pad := func(n int) []byte { // valid JSON body of exactly n bytes
		head, tail := `{"invite":{"p":"`, `"},"v":2}`
		return []byte(head + strings.Repeat("a", n-len(head)-len(tail)) + tail)
	}
	bomb := zlibOf(t, bytes.Repeat([]byte{' '}, 50<<20)) // 50 MiB of spaces in ~50 KiB
	cases := []struct {
		name string
		blob string
		want error
	}{
		{"another key", mustSeal(t, other, Body{Invite: map[string]any{}}), ErrNotDecrypt},
		{"a flipped bit", enc.B64URL(flipped), ErrNotDecrypt},
		{"not base64url", good + "=", ErrNotDecrypt},
		{"shorter than a nonce", enc.B64URL(raw[:11]), ErrNotDecrypt},
		{"empty", "", ErrNotDecrypt},
		{"not zlib", sealRaw(t, key, []byte(`{"v":2,"invite":{}}`)), ErrInflate},
		{"raw deflate", sealRaw(t, key, zlibOf(t, []byte(`{"v":2,"invite":{}}`))[2:]), ErrInflate},
		{"bytes after the stream", sealRaw(t, key, append(zlibOf(t, []byte(`{"v":2,"invite":{}}`)), 0)), ErrInflate},
		{"a bad checksum", sealRaw(t, key, func() []byte {
			z := zlibOf(t, []byte(`{"v":2,"invite":{}}`))
			z[len(z)-1] ^= 1
			return z
		}()), ErrInflate},
		{"one byte past 64 KiB", sealRaw(t, key, zlibOf(t, pad(MaxInflated+1))), ErrTooLarge},
		{"a 50 MiB bomb", sealRaw(t, key, bomb), ErrTooLarge},
		{"not JSON", sealRaw(t, key, zlibOf(t, []byte("v=2"))), ErrBody},
		{"not an object", sealRaw(t, key, zlibOf(t, []byte(`[2]`))), ErrBody},
		{"v 1", sealRaw(t, key, zlibOf(t, []byte(`{"v":1,"invite":{}}`))), ErrBody},
		{"v \"2\"", sealRaw(t, key, zlibOf(t, []byte(`{"v":"2","invite":{}}`))), ErrBody},
		{"no v", sealRaw(t, key, zlibOf(t, []byte(`{"invite":{}}`))), ErrBody},
		{"invite a string", sealRaw(t, key, zlibOf(t, []byte(`{"v":2,"invite":"eyJ"}`))), ErrBody},
		{"no invite", sealRaw(t, key, zlibOf(t, []byte(`{"v":2}`))), ErrBody},
		{"another member", sealRaw(t, key, zlibOf(t, []byte(`{"v":2,"invite":{},"secret":"x"}`))), ErrBody},
		{"until negative", sealRaw(t, key, zlibOf(t, []byte(`{"v":2,"invite":{},"until":-1}`))), ErrBody},
		{"until a fraction", sealRaw(t, key, zlibOf(t, []byte(`{"v":2,"invite":{},"until":1.5}`))), ErrBody},
		{"until a string", sealRaw(t, key, zlibOf(t, []byte(`{"v":2,"invite":{},"until":"soon"}`))), ErrBody},
		{"duplicate members", sealRaw(t, key, zlibOf(t, []byte(`{"v":2,"v":2,"invite":{}}`))), ErrBody},
	}
	for _, c := range cases {
		if _, err := OpenBlob(key, c.blob); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := OpenBlob(key, sealRaw(t, key, zlibOf(t, pad(MaxInflated)))); err != nil {
		t.Errorf("exactly 64 KiB: %v", err)
	}
	if _, err := OpenBlob(key[:31], good); err == nil {
		t.Error("a 31-byte seal key opened a blob")
	}
}

// The bomb is refused having inflated no more than the limit: opening it
// allocates far less than what it would inflate to.
func TestOpenBlobStopsInflating(t *testing.T) {
	key, _ := exampleLink(t).SealKey()
	blob := sealRaw(t, key, zlibOf(t, bytes.Repeat([]byte{' '}, 50<<20)))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := OpenBlob(key, blob)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("bomb: %v", err)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("opening the bomb allocated %d bytes", n)
	}
}

// A blob longer than a mailbox takes is not made.
func TestSealTooLong(t *testing.T) {
	key, _ := exampleLink(t).SealKey()
	noise := make([]byte, 12000)
	testkit.Rand(4).Read(noise)
	_, err := Seal(key, Body{Invite: map[string]any{"x": enc.B64URL(noise)}}, testkit.Rand(1))
	if !errors.Is(err, ErrBlobLong) {
		t.Errorf("12,000 random bytes sealed: %v", err)
	}
}
