package record

import (
	"strings"
	"testing"

	"minca.dev/desktop/core/enc"
)

// TestIsSignatureAgrees: the shape check of a signature answers as
// decoding it with enc.DecodeB64URL and counting its bytes does.
func TestIsSignatureAgrees(t *testing.T) {
	good := enc.B64URL(make([]byte, SignatureLen))
	cases := []string{good, good[:85], good + "A", strings.Repeat("_", 86), strings.Repeat("-", 85) + "B",
		good[:85] + "=", good[:84] + "\nA", good[:85] + "\n", "", good[:40] + "+" + good[41:], good[:40] + "/" + good[41:]}
	for _, s := range cases {
		b, err := enc.DecodeB64URL(s)
		want := err == nil && len(b) == SignatureLen
		if got := isSignature(s); got != want {
			t.Errorf("%q: %v, decoding says %v", s, got, want)
		}
	}
}
