// Package keychain keeps account secrets in the OS keychain.
//
// This is where account keys live. 01 Identity says an account's seed is
// never stored in the clear (01 is missing from our copy; see the shared
// spec's missing-parts-brief §1.2), so the desktop keeps account secrets
// here, in the session's Secret Service (GNOME Keyring, KWallet), and never
// in a file of the data folder.
//
// A Keychain maps an account name to a binary secret. Two implementations
// pass one shared suite (package keychaintest): SecretService, the real one,
// and Memory, for tests of callers.
//
// Callers branch on two errors:
//   - ErrNotFound: the keychain works and holds nothing for that account.
//   - *UnavailableError: there is no usable keychain (no provider on the
//     session bus, a dead bus, no bus, a locked collection, no answer).
//     This is the only case in which a caller may fall back to another
//     store; never fall back on ErrNotFound.
package keychain

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// Limits on what a Keychain accepts. Account keys are tens of bytes; the
// limits leave room for several and keep keyring items small.
const (
	MaxAccountLen = 512  // bytes of UTF-8
	MaxSecretSize = 4096 // bytes, before base64
)

// Keychain stores one secret per account name.
//
// Set replaces any secret already stored for the account. Get and Delete
// report ErrNotFound (wrapped) for an account with no secret; Delete is
// therefore not idempotent, and callers that do not care test errors.Is(err,
// ErrNotFound). Get returns a fresh copy: changing it changes nothing stored.
// Every method returns a *UnavailableError when no usable keychain answers,
// and an error wrapping ErrInvalid, with nothing changed, for an account name
// or secret outside the limits.
type Keychain interface {
	Get(account string) ([]byte, error)
	Set(account string, secret []byte) error
	Delete(account string) error
	// Probe reports whether a usable keychain is present: nil, or a
	// *UnavailableError saying why not. It stores nothing.
	Probe() error
}

var (
	// ErrNotFound means the keychain works and holds no secret for the account.
	ErrNotFound = errors.New("keychain: no secret stored for this account")
	// ErrInvalid means an account name or secret outside the limits above.
	ErrInvalid = errors.New("keychain: invalid argument")
)

// UnavailableError says that no usable keychain answered, and why. It is the
// one error on which callers may fall back to another store.
type UnavailableError struct {
	Op     string // "get", "set", "delete" or "probe"
	Reason string // for people: "no Secret Service provider on the session bus"
	Err    error  // the underlying error, or nil
}

func (e *UnavailableError) Error() string {
	msg := fmt.Sprintf("keychain unavailable (%s): %s", e.Op, e.Reason)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *UnavailableError) Unwrap() error { return e.Err }

// IsUnavailable reports whether err is or wraps a *UnavailableError.
func IsUnavailable(err error) bool {
	var u *UnavailableError
	return errors.As(err, &u)
}

// checkAccount accepts a non-empty UTF-8 name of at most MaxAccountLen bytes
// without control characters (it becomes a keyring attribute and label).
func checkAccount(account string) error {
	switch {
	case account == "":
		return fmt.Errorf("account name is empty: %w", ErrInvalid)
	case len(account) > MaxAccountLen:
		return fmt.Errorf("account name is %d bytes, over %d: %w", len(account), MaxAccountLen, ErrInvalid)
	case !utf8.ValidString(account):
		return fmt.Errorf("account name %q is not UTF-8: %w", account, ErrInvalid)
	}
	for _, r := range account {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) {
			return fmt.Errorf("account name %q has a control character: %w", account, ErrInvalid)
		}
	}
	return nil
}

// checkSecret accepts 1 to MaxSecretSize bytes: an empty secret is never a key.
func checkSecret(secret []byte) error {
	switch {
	case len(secret) == 0:
		return fmt.Errorf("secret is empty: %w", ErrInvalid)
	case len(secret) > MaxSecretSize:
		return fmt.Errorf("secret is %d bytes, over %d: %w", len(secret), MaxSecretSize, ErrInvalid)
	}
	return nil
}

// notFound wraps ErrNotFound with the operation and account.
func notFound(op, account string) error {
	return fmt.Errorf("keychain %s %q: %w", op, account, ErrNotFound)
}
