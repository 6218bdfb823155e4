package api

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"
)

// codeWords are, per Code, what happened and what to do, in people's
// words: what a page shows for an error whose Message is the node's own
// technical text (Error).
var codeWords = map[Code][2]string{
	CodeInvalid:      {"Minca could not use what was entered.", "Check it and try again."},
	CodeNotFound:     {"Minca could not find that here any more.", "It may have been removed or closed meanwhile: reload and try again."},
	CodeForbidden:    {"Your place in this space does not allow that.", "Ask someone who manages the space, such as an admin or its founder."},
	CodeConflict:     {"That is already done, or something else is in the way.", "Reload to see how things stand now."},
	CodeNoAccount:    {"There is no account on this computer yet.", "Create an account, or restore yours."},
	CodeLocked:       {"Your account is locked.", "Unlock it with your passphrase."},
	CodeUnavailable:  {"Minca cannot reach something it needs right now.", "Check the connection, the keychain or the data folder, then try again."},
	CodeInternal:     {"Something went wrong inside Minca.", "Try again. If it keeps happening, the details below help to report it."},
	CodeKeychainOnly: {"This account's key is kept in the keychain of the computer that made it, so its passphrase does not open it here.", "Use your recovery code instead."},
}

// reasonWords are, per Reason, what happened in people's words, for an
// error whose Message is the node's text; what to do is the node's Hint,
// else the code's.
var reasonWords = map[string]string{
	ReasonNoKeychain:      "This computer has no keychain Minca can use, so your account stays locked.",
	ReasonKeychainRefused: "This computer's keychain does not hold the key of this account.",
	ReasonNeedPassphrase:  "This computer has no keychain Minca can use, so your account's keys need a passphrase to lock them.",
}

// Words are what happened and what to do, for an error of this code,
// in people's words; an unknown code gets CodeInternal's.
func (c Code) Words() (what, todo string) {
	w, ok := codeWords[c]
	if !ok {
		w = codeWords[CodeInternal]
	}
	return w[0], w[1]
}

// Explain is err as a page shows it: an *Error whose Message is written
// for people. An error that carries no Detail (its Message is the node's
// own text, see Error) gets its Reason's words, else its Code's, as
// Message, that text as Detail, and its own hint as a sentence, else the
// code's; an error that is no *Error is CodeInternal. Explain(nil) is nil.
func Explain(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Code: CodeInternal}
	}
	out := &Error{Code: e.Code, Message: e.Message, Hint: e.Hint, Detail: e.Detail, Reason: e.Reason, Why: InviteWhy(e.Reason)}
	if out.Detail != "" && out.Message != "" {
		return out
	}
	what, todo := out.Code.Words()
	if w, ok := reasonWords[out.Reason]; ok {
		what = w
	}
	out.Message = what
	if out.Detail == "" {
		out.Detail = err.Error()
	}
	out.Hint = sentence(out.Hint)
	if out.Hint == "" {
		out.Hint = todo
	}
	return out
}

// sentence is a node's hint ("give the recovery code") as a sentence.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s)
	s = string(unicode.ToUpper(r)) + s[n:]
	if !strings.HasSuffix(s, ".") && !strings.HasSuffix(s, "?") && !strings.HasSuffix(s, "!") {
		s += "."
	}
	return s
}
