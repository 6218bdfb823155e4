package handshake

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
)

// BenchmarkReaderProof: what a prover spends on a private space's read
// proof in one hello (node/netsync gate.Reader, then ProveRead): the note
// sealed under the newest key alone, or also under 4 older keys (our
// choice, 04 §6.3 step 4 over earlier).
func BenchmarkReaderProof(b *testing.B) {
	client, account := seedKey(b, clientSeed), seedKey(b, "ffffffffffffffffffffffffffffffff")
	note := sessionNote(b, account, client.DID()).JSON()
	var raw [][]byte
	var keys []*identity.KeyPair
	for i := range 5 {
		k := bytes.Repeat([]byte{byte(0x30 + i)}, 32)
		raw, keys = append(raw, k), append(keys, readKey(b, k))
	}
	msg, _ := ClientMessage(chessID, client.DID(), seedKey(b, nodeSeed).DID(), "AAECAwQFBgcICQoLDA0ODw")
	for _, members := range []int{1, 5} {
		b.Run(fmt.Sprintf("members=%d", members), func(b *testing.B) {
			for b.Loop() {
				var ms []string
				for _, k := range raw[:members] {
					m, err := SealMember(k, chessID, note, fixed(1))
					if err != nil {
						b.Fatal(err)
					}
					ms = append(ms, m)
				}
				if _, err := ProveRead(msg, keys, ms[0], ms[1:]...); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkCheckReadEarlierMember: the verifier admitting a prover by a
// member proof under its 4th earlier key, the worst case of step 4 over
// earlier.
func BenchmarkCheckReadEarlierMember(b *testing.B) {
	node, client, account := seedKey(b, nodeSeed), seedKey(b, clientSeed), seedKey(b, "ffffffffffffffffffffffffffffffff")
	note := sessionNote(b, account, client.DID()).JSON()
	var raw [][]byte
	var keys []*identity.KeyPair
	var ms []string
	for i := range 5 {
		k := bytes.Repeat([]byte{byte(0x30 + i)}, 32)
		raw, keys = append(raw, k), append(keys, readKey(b, k))
		m, err := SealMember(k, chessID, note, fixed(1))
		if err != nil {
			b.Fatal(err)
		}
		ms = append(ms, m)
	}
	msg, _ := ClientMessage(chessID, client.DID(), node.DID(), "AAECAwQFBgcICQoLDA0ODw")
	p, err := ProveRead(msg, keys, ms[0], ms[1:]...)
	if err != nil {
		b.Fatal(err)
	}
	shared := keys[4].DID() // the only key the verifier holds besides its current
	check := MemberCheck(chessID, func(rk string) []byte {
		if rk == shared {
			return raw[4]
		}
		return nil
	}, time.Unix(1_800_000_000, 0), func(string) bool { return true })
	v := Verifier{Current: seedKey(b, "01010101010101010101010101010101").DID(), Member: check}
	for b.Loop() {
		if on, err := CheckRead(msg, client.DID(), p, v); err != nil || on != shared {
			b.Fatalf("admitted on %q: %v", on, err)
		}
	}
}
