package p256verify

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/sha256"
	"math/big"
	"math/rand/v2"
	"testing"
)

// seeded is a deterministic byte stream for keys and nonces in tests.
type seeded struct{ r *rand.ChaCha8 }

func newSeeded(seed byte) seeded { return seeded{rand.NewChaCha8([32]byte{seed})} }

func (s seeded) Read(p []byte) (int, error) { return s.r.Read(p) }

// signed is a key and one valid signature of a digest by it.
type signed struct {
	key    *ecdsa.PrivateKey
	digest []byte
	r, s   *big.Int
}

func sign(t testing.TB, rnd seeded, key *ecdsa.PrivateKey, msg []byte) signed {
	t.Helper()
	d := sha256.Sum256(msg)
	r, s, err := ecdsa.Sign(rnd, key, d[:])
	if err != nil {
		t.Fatal(err)
	}
	return signed{key, d[:], r, s}
}

func newKey(t testing.TB, rnd seeded) *ecdsa.PrivateKey {
	t.Helper()
	k, err := ecdsa.GenerateKey(elliptic.P256(), rnd)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// agree checks that the table answers as crypto/ecdsa does and returns it.
func agree(t *testing.T, tab *Table, pub *ecdsa.PublicKey, digest []byte, r, s *big.Int, what string) bool {
	t.Helper()
	want := ecdsa.Verify(pub, digest, r, s)
	if got := tab.Verify(digest, r, s); got != want {
		t.Fatalf("%s: table %v, crypto/ecdsa %v (r=%x s=%x digest=%x)", what, got, want, r, s, digest)
	}
	return want
}

// variant is one signature to check: a valid one, or one way of breaking it.
type variant struct {
	name   string
	digest []byte
	r, s   *big.Int
}

// variants are a valid signature and the ways of changing it that the
// range checks, the digest reading and the final comparison must catch.
func variants(sg signed, rnd *rand.Rand) []variant {
	n := order
	add := func(x *big.Int, d int64) *big.Int { return new(big.Int).Add(x, big.NewInt(d)) }
	plusN := func(x *big.Int) *big.Int { return new(big.Int).Add(x, n) }
	neg := func(x *big.Int) *big.Int { return new(big.Int).Neg(x) }
	one, zero, nm1 := big.NewInt(1), new(big.Int), add(n, -1)
	big256 := new(big.Int).Lsh(one, 256)
	flip := func(bit int) []byte {
		d := append([]byte(nil), sg.digest...)
		d[bit/8] ^= 1 << (bit % 8)
		return d
	}
	d := sg.digest
	vs := []variant{
		{"valid", d, sg.r, sg.s},
		{"s negated (n−s)", d, sg.r, new(big.Int).Sub(n, sg.s)},
		{"r+1", d, add(sg.r, 1), sg.s}, {"r−1", d, add(sg.r, -1), sg.s},
		{"s+1", d, sg.r, add(sg.s, 1)}, {"s−1", d, sg.r, add(sg.s, -1)},
		{"r swapped with s", d, sg.s, sg.r},
		{"r=0", d, zero, sg.s}, {"s=0", d, sg.r, zero},
		{"r=1", d, one, sg.s}, {"s=1", d, sg.r, one},
		{"r=n", d, n, sg.s}, {"s=n", d, sg.r, n},
		{"r=n−1", d, nm1, sg.s}, {"s=n−1", d, sg.r, nm1},
		{"r+n", d, plusN(sg.r), sg.s}, {"s+n", d, sg.r, plusN(sg.s)},
		{"r+2²⁵⁶", d, new(big.Int).Add(sg.r, big256), sg.s},
		{"−r", d, neg(sg.r), sg.s}, {"−s", d, sg.r, neg(sg.s)},
		{"digest longer (truncated back)", append(append([]byte(nil), d...), 1, 2, 3), sg.r, sg.s},
		{"digest shorter", d[:31], sg.r, sg.s},
		{"digest empty", nil, sg.r, sg.s},
		{"digest all ones (≥ n)", bytesOf(0xff, 32), sg.r, sg.s},
		{"digest first bit", flip(0), sg.r, sg.s},
		{"digest last bit", flip(255), sg.r, sg.s},
	}
	for range 3 {
		b := rnd.IntN(256)
		vs = append(vs, variant{"digest random bit", flip(b), sg.r, sg.s})
	}
	return vs
}

func bytesOf(b byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = b
	}
	return out
}

// TestAgreesWithCryptoECDSA: over many random keys and messages, every
// valid signature and every variant of it gets crypto/ecdsa's answer, and
// a key's signatures do not verify under another key's table.
func TestAgreesWithCryptoECDSA(t *testing.T) {
	keys, msgs := 24, 12
	if testing.Short() || raceOn {
		keys, msgs = 4, 4
	}
	rnd := newSeeded(4)
	pick := rand.New(rand.NewPCG(4, 4))
	var prev *Table
	valid, refused := 0, 0
	for k := range keys {
		key := newKey(t, rnd)
		tab, err := NewTable(&key.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		for m := range msgs {
			sg := sign(t, rnd, key, []byte{byte(k), byte(m)})
			for _, v := range variants(sg, pick) {
				if agree(t, tab, &key.PublicKey, v.digest, v.r, v.s, v.name) {
					valid++
				} else {
					refused++
				}
			}
			if prev != nil && prev.Verify(sg.digest, sg.r, sg.s) {
				t.Fatalf("key %d: a signature verifies under another key's table", k)
			}
		}
		prev = tab
	}
	// Each signature is valid as made, negated, and with a longer digest.
	if valid != 3*keys*msgs || refused == 0 {
		t.Errorf("%d valid and %d refused, want %d valid", valid, refused, 3*keys*msgs)
	}
}
