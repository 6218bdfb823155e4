package app

import (
	"encoding/json"

	"minca.dev/desktop/node/api"
)

// UIError is an error as the page receives it. Wails rejects a promise with
// the error's text only, so the text is the JSON of the *api.Error
// ({"code","message","hint","detail","reason"}), which frontend/src/lib/host.ts reads back;
// the browser bridge sends the same object as {"error": {...}}.
type UIError struct{ API *api.Error }

func (e *UIError) Error() string {
	b, err := json.Marshal(e.API)
	if err != nil {
		return e.API.Message
	}
	return string(b)
}

func (e *UIError) Unwrap() error { return e.API }

// uiError turns a node error into a UIError in people's words
// (api.Explain): the code's sentence and what to do whenever the node's
// message is its own technical text, which then travels as Detail, for a
// "Details" disclosure; an error that is no *api.Error is CodeInternal.
func uiError(err error) error {
	return &UIError{API: api.Explain(err)}
}
