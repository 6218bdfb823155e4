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
