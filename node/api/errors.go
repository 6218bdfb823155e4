package api

import (
	"errors"
	"fmt"
)

// Code says what kind of failure an *Error is. Codes travel over the local
// socket as strings; a client turns them back into *Error.
type Code string

const (
	CodeInvalid     Code = "invalid"     // malformed input; nothing changed
	CodeNotFound    Code = "not_found"   // no such space, member, invite
	CodeForbidden   Code = "forbidden"   // the account may not do this (03 §2)
	CodeConflict    Code = "conflict"    // e.g. an account exists already
	CodeNoAccount   Code = "no_account"  // no account yet: create or restore
	CodeLocked      Code = "locked"      // the vault needs a passphrase
	CodeUnavailable Code = "unavailable" // keychain, folder or peer not reachable
	CodeInternal    Code = "internal"    // a bug or an I/O failure
	// CodeKeychainOnly: a restore from a data folder found the account, but
	// its key is kept only in the keychain of the computer that made it (its
	// vault has no passphrase wrap), so here only the recovery code opens it
	// (01 §12).
	CodeKeychainOnly Code = "keychain_only"
)

// Error is a failure a user interface can branch on and show.
// Hint, when set, says what to do. Detail, when set, is the technical
// reason behind Message (e.g. the protocol's words for a refused invite,
// 03 §7.6), for logs and for people who ask for it (`minca join
// --verbose`), not the page's headline; and then Message is written for
// people. Without Detail, Message may be the node's own technical text: a
// page shows its Code's words (Code.Words) and keeps the text as details
// (Explain).
type Error struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	Hint    string `json:"hint,omitempty"`
	Detail  string `json:"detail,omitempty"`
	// Reason, when set, says why in a word a UI may branch on: for
	// CodeForbidden a refused change's code (03 §4.5: no-grant, founder,
	// not-member, …; core/access RefusalCode) or ReasonNoKey; for a
	// refused invite link ReasonInvite and core/invite's reason, which
	// InviteWhy words; else one of the Reason*
	// below, which Explain words when Message is the node's text.
	Reason string `json:"reason,omitempty"`
	// Why is what is wrong in plain words, where Reason tells it (a refused
	// invite link: InviteWhy); Explain sets it for a page, which shows it
	// under "Details" above Detail.
	Why string `json:"why,omitempty"`
	Err error  `json:"-"`
}

// Reasons of an Error besides the refusal codes of 03 §4.5.
const (
	ReasonNotMember       = "not-member"       // forbidden: this account holds no place in the space
	ReasonNoKey           = "no-key"           // forbidden: this node lacks a private space's current key (03 §8.3)
	ReasonNoKeychain      = "no-keychain"      // locked: no keychain is usable to unlock the account
	ReasonKeychainRefused = "keychain-refused" // locked: the keychain holds no key that opens the account
	ReasonNeedPassphrase  = "need-passphrase"  // unavailable: no keychain is usable, and no passphrase was given to lock the keys
	// ReasonInvite, then core/invite's reason ("invite-parse",
	// "invite-loose", …): invalid, a refused invite link (03 §7.6).
	ReasonInvite = "invite-"
)

func (e *Error) Error() string { return e.Message }
func (e *Error) Unwrap() error { return e.Err }

// Errorf makes an *Error with a formatted message; %w wraps as usual.
func Errorf(code Code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{Code: code, Message: err.Error(), Err: errors.Unwrap(err)}
}

// CodeOf is the Code of err, CodeInternal when err is no *Error, "" for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return CodeInternal
}
