package handshake

import (
	"bytes"
	"encoding/hex"
	"testing"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/note"
)

// The private chess club of 03 §1.2 (vectors.json constitution-private-chess-club).
const (
	chessID    = "bvvz7u7w4jvlzzbkkaqs4em7ahvxmhnsrjqnupq475wlslsl7uqfa"
	chessKHex  = "fffefdfcfbfaf9f8f7f6f5f4f3f2f1f0efeeedecebeae9e8e7e6e5e4e3e2e1e0"
	chessRead  = "did:key:zDnaes7SHHEzJcR4LfXNL8UjSMWQ3VMFfQiv6vZzoxgkaCNqt"
	nodeSeed   = "00112233445566778899aabbccddeeff"
	clientSeed = "0102030405060708090a0b0c0d0e0f10"
)

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func seedKey(t testing.TB, seedHex string) *identity.KeyPair {
	t.Helper()
	k, err := identity.DeriveKeyPairFromSeed(unhex(t, seedHex))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func readKey(t testing.TB, k []byte) *identity.KeyPair {
	t.Helper()
	r, err := identity.ReadKeyPair(k)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// fixed is a deterministic "random" source: b repeated.
func fixed(b byte) *bytes.Reader { return bytes.NewReader(bytes.Repeat([]byte{b}, 4096)) }

// counting gives 0, 1, 2, … so successive nonces differ.
type counting struct{ n byte }

func (c *counting) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = c.n
		c.n++
	}
	return len(p), nil
}

// sessionNote is a note from account to session with no expiry.
func sessionNote(t testing.TB, account *identity.KeyPair, session string) *note.Note {
	t.Helper()
	n, err := note.Make(account, note.Grant{Aud: session, Cmd: note.CmdAll}, fixed(7))
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func olderKey() []byte { return bytes.Repeat([]byte{0x11}, 32) }
