package keychain_test

import (
	"errors"
	"testing"

	"minca.dev/desktop/keychain"
	"minca.dev/desktop/keychain/keychaintest"
)

func TestMemorySuite(t *testing.T) {
	keychaintest.Run(t, func(t *testing.T) keychain.Keychain { return keychain.NewMemory() })
}

func TestMemoryUnavailable(t *testing.T) {
	kc := keychain.NewMemory()
	if err := kc.Set("alice", []byte("k")); err != nil {
		t.Fatal(err)
	}
	kc.SetUnavailable("test says so")
	_, getErr := kc.Get("alice")
	errs := map[string]error{
		"probe":  kc.Probe(),
		"get":    getErr,
		"set":    kc.Set("alice", []byte("other")),
		"delete": kc.Delete("alice"),
	}
	for op, err := range errs {
		var u *keychain.UnavailableError
		if !errors.As(err, &u) || u.Op != op || u.Reason != "test says so" || errors.Is(err, keychain.ErrNotFound) {
			t.Errorf("%s: error %v, want *UnavailableError for %q", op, err, op)
		}
	}
	kc.SetUnavailable("")
	got, err := kc.Get("alice")
	if err != nil || string(got) != "k" {
		t.Fatalf("after recovery Get = %q, %v; want the secret kept", got, err)
	}
}
