package enc

import "testing"

func BenchmarkParseCID(b *testing.B) {
	id := CID([]byte("a version"))
	for b.Loop() {
		if _, err := ParseCID(id); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCIDOfDigest(b *testing.B) {
	sum, err := ParseCID(CID([]byte("a version")))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		_ = CIDOfDigest(sum)
	}
}
