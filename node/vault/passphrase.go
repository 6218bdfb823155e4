package vault

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// MinPassphraseLen is the fewest characters (Unicode code points, as typed)
// a new passphrase may have. Choice: 01 §12 sets no floor; a passphrase
// guards the account's seed in a data folder that may sit in Dropbox, where
// anyone who copies account.json can guess offline, so a short one is
// refused. It applies only when a passphrase is set (AddPassphrase), never
// when one opens a vault (OpenPassphrase): older vaults stay openable.
// The UI's first-run and restore forms use the same number
// (frontend/src/lib/passphrase.ts).
const MinPassphraseLen = 8

// ErrShortPassphrase: a new passphrase shorter than MinPassphraseLen.
var ErrShortPassphrase = errors.New("vault: passphrase too short")

// CheckNewPassphrase refuses a passphrase too short to be set, with
// ErrShortPassphrase wrapped.
func CheckNewPassphrase(pass string) error {
	if n := utf8.RuneCountInString(pass); n < MinPassphraseLen {
		return fmt.Errorf("%w: %d characters, at least %d", ErrShortPassphrase, n, MinPassphraseLen)
	}
	return nil
}

// HasPassphrase reports whether the vault holds a passphrase wrap.
func (v *Vault) HasPassphrase() bool {
	for _, w := range v.Wraps {
		if w.Kind == KindPassphrase {
			return true
		}
	}
	return false
}
