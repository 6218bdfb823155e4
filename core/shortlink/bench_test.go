package shortlink

import "testing"

// BenchmarkOpenBlob: decrypting, inflating and reading a sealed invite.
func BenchmarkOpenBlob(b *testing.B) {
	key, _ := exampleLink(b).SealKey()
	blob := mustSeal(b, key, Body{Invite: invitation(b, "editor").Wire()})
	b.SetBytes(int64(len(blob)))
	for b.Loop() {
		if _, err := OpenBlob(key, blob); err != nil {
			b.Fatal(err)
		}
	}
}
