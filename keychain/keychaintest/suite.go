// Package keychaintest is the one test suite every keychain.Keychain must
// pass: the in-memory one in plain `go test ./keychain/`, the Secret Service
// one against a real keyring in the e2e tests (tests/keychain_e2e_test.go).
package keychaintest

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"minca.dev/desktop/keychain"
)

// Open returns an empty, available keychain for one subtest.
type Open func(t *testing.T) keychain.Keychain

// Run runs the suite on keychains from open. Every subtest cleans up the
// accounts it sets.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		run  func(t *testing.T, kc keychain.Keychain)
	}{
		{"Probe", testProbe},
		{"GetAbsent", testGetAbsent},
		{"RoundTrip", testRoundTrip},
		{"BinarySecret", testBinarySecret},
		{"Replace", testReplace},
		{"Delete", testDelete},
		{"AccountsApart", testAccountsApart},
		{"Copies", testCopies},
		{"Invalid", testInvalid},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			kc := open(t)
			tc.run(t, kc)
		})
	}
}

// set stores secret and deletes it when the test ends.
func set(t *testing.T, kc keychain.Keychain, account string, secret []byte) {
	t.Helper()
	if err := kc.Set(account, secret); err != nil {
		t.Fatalf("Set(%q): %v", account, err)
	}
	t.Cleanup(func() {
		if err := kc.Delete(account); err != nil && !errors.Is(err, keychain.ErrNotFound) {
			t.Errorf("cleanup Delete(%q): %v", account, err)
		}
	})
}

// wantSecret fails unless account holds want.
func wantSecret(t *testing.T, kc keychain.Keychain, account string, want []byte) {
	t.Helper()
	got, err := kc.Get(account)
	if err != nil {
		t.Fatalf("Get(%q): %v", account, err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("Get(%q) = %x, want %x", account, got, want)
	}
}

// wantAbsent fails unless err is ErrNotFound and not unavailable.
func wantAbsent(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, keychain.ErrNotFound) || keychain.IsUnavailable(err) {
		t.Fatalf("%s: error %v, want ErrNotFound", what, err)
	}
}

func testProbe(t *testing.T, kc keychain.Keychain) {
	if err := kc.Probe(); err != nil {
		t.Fatalf("Probe: %v", err)
	}
	_, err := kc.Get("probe-leaves-nothing")
	wantAbsent(t, "Get after Probe", err)
}

func testGetAbsent(t *testing.T, kc keychain.Keychain) {
	got, err := kc.Get("did:key:zAbsent")
	wantAbsent(t, "Get of an absent account", err)
	if got != nil {
		t.Fatalf("Get of an absent account returned %x", got)
	}
}

func testRoundTrip(t *testing.T, kc keychain.Keychain) {
	const account = "did:key:zRoundTrip"
	secret := []byte("0123456789abcdef") // a 16-byte seed
	set(t, kc, account, secret)
	wantSecret(t, kc, account, secret)
	if err := kc.Delete(account); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	_, err := kc.Get(account)
	wantAbsent(t, "Get after Delete", err)
}

func testBinarySecret(t *testing.T, kc keychain.Keychain) {
	all := make([]byte, 256) // every byte value: NUL, invalid UTF-8, 0xff
	for i := range all {
		all[i] = byte(i)
	}
	cases := map[string][]byte{
		"one-zero":  {0},
		"all-bytes": all,
		"max-size":  bytes.Repeat([]byte{0xfe, 0x00, 0x80}, keychain.MaxSecretSize/3),
		"unicode-ü": []byte("\xc3\xbc\xff"),
	}
	for account, secret := range cases {
		set(t, kc, account, secret)
	}
	for account, secret := range cases {
		wantSecret(t, kc, account, secret)
	}
}

func testReplace(t *testing.T, kc keychain.Keychain) {
	const account = "did:key:zReplace"
	set(t, kc, account, []byte("first"))
	set(t, kc, account, []byte("second, longer"))
	wantSecret(t, kc, account, []byte("second, longer"))
}

func testDelete(t *testing.T, kc keychain.Keychain) {
	const account = "did:key:zDelete"
	wantAbsent(t, "Delete of an absent account", kc.Delete(account))
	set(t, kc, account, []byte("k"))
	if err := kc.Delete(account); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantAbsent(t, "second Delete", kc.Delete(account))
}

func testAccountsApart(t *testing.T, kc keychain.Keychain) {
	set(t, kc, "alice", []byte("a"))
	set(t, kc, "alice2", []byte("b"))
	set(t, kc, "Alice", []byte("c"))
	if err := kc.Delete("alice"); err != nil {
		t.Fatalf("Delete: %v", err)
	}
	wantSecret(t, kc, "alice2", []byte("b"))
	wantSecret(t, kc, "Alice", []byte("c"))
	_, err := kc.Get("alice")
	wantAbsent(t, "Get of the deleted account", err)
}

func testCopies(t *testing.T, kc keychain.Keychain) {
	const account = "did:key:zCopies"
	secret := []byte("original")
	set(t, kc, account, secret)
	secret[0] = 'X' // the caller's slice after Set
	got, err := kc.Get(account)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	got[0] = 'Y' // the slice Get returned
	wantSecret(t, kc, account, []byte("original"))
}

func testInvalid(t *testing.T, kc keychain.Keychain) {
	const account = "did:key:zInvalid"
	set(t, kc, account, []byte("kept"))
	badAccounts := []string{"", "a\x00b", "tab\there", "bad\xffutf8", strings.Repeat("a", keychain.MaxAccountLen+1)}
	for _, name := range badAccounts {
		wantInvalid(t, "Set(bad account)", kc.Set(name, []byte("x")))
		_, err := kc.Get(name)
		wantInvalid(t, "Get(bad account)", err)
		wantInvalid(t, "Delete(bad account)", kc.Delete(name))
	}
	wantInvalid(t, "Set(empty secret)", kc.Set(account, nil))
	wantInvalid(t, "Set(oversized secret)", kc.Set(account, make([]byte, keychain.MaxSecretSize+1)))
	wantSecret(t, kc, account, []byte("kept"))
	if err := kc.Set(strings.Repeat("é", keychain.MaxAccountLen/2), []byte("x")); err != nil {
		t.Fatalf("Set of a name of exactly MaxAccountLen bytes: %v", err)
	}
	if err := kc.Delete(strings.Repeat("é", keychain.MaxAccountLen/2)); err != nil {
		t.Fatalf("Delete of a name of exactly MaxAccountLen bytes: %v", err)
	}
}

// wantInvalid fails unless err wraps ErrInvalid and neither other error.
func wantInvalid(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, keychain.ErrInvalid) || errors.Is(err, keychain.ErrNotFound) || keychain.IsUnavailable(err) {
		t.Fatalf("%s: error %v, want ErrInvalid", what, err)
	}
}
