package api

import "errors"

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
// own text, see Error) gets its Code's words as Message, that text as
// Detail, and the code's hint unless it had its own; an error that is no
// *Error is CodeInternal. Explain(nil) is nil.
func Explain(err error) *Error {
	if err == nil {
		return nil
	}
	var e *Error
	if !errors.As(err, &e) {
		e = &Error{Code: CodeInternal}
	}
	out := &Error{Code: e.Code, Message: e.Message, Hint: e.Hint, Detail: e.Detail, Reason: e.Reason}
	if out.Detail != "" && out.Message != "" {
		return out
	}
	what, todo := out.Code.Words()
	out.Message = what
	if out.Detail == "" {
		out.Detail = err.Error()
	}
	if out.Hint == "" {
		out.Hint = todo
	}
	return out
}
