package invite

import "testing"

// BenchmarkAcceptString: parsing and every check of §7.6 on the chess
// club's role invite (two signatures: the note's and the version's).
func BenchmarkAcceptString(b *testing.B) {
	s, err := Encode(mustMake(b, roleParams(b)), secret0())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		if _, err := AcceptString(s); err != nil {
			b.Fatal(err)
		}
	}
}
