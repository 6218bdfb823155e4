package runtime

import (
	"fmt"

	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/vault"
)

// msgShortPassphrase is what a person reads when a new passphrase is too
// short (vault.MinPassphraseLen).
var msgShortPassphrase = fmt.Sprintf("Choose a passphrase of at least %d characters: a short one is easy to guess.",
	vault.MinPassphraseLen)

// checkNewPassphrase refuses a passphrase about to be set (a new vault, or a
// passphrase wrap added to one) that is too short: CodeInvalid with a
// person's message, wrapping vault.ErrShortPassphrase. It is never asked of
// a passphrase that opens a vault, so older vaults stay openable.
func checkNewPassphrase(pass string) error {
	if err := vault.CheckNewPassphrase(pass); err != nil {
		return &api.Error{Code: api.CodeInvalid, Message: msgShortPassphrase, Detail: err.Error(), Err: err}
	}
	return nil
}

// needPassphrase is the error of a seed about to be kept where no keychain
// is usable and no passphrase was given: the node never falls back silently.
func needPassphrase() *api.Error {
	return &api.Error{Code: api.CodeUnavailable, Reason: api.ReasonNeedPassphrase, Message: "no keychain is usable on this system",
		Hint: "choose a passphrase to lock the account's keys"}
}
