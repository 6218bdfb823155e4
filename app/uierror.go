package app

import (
	"encoding/json"
	"errors"

	"minca.dev/desktop/node/api"
)

// UIError is an error as the page receives it. Wails rejects a promise with
// the error's text only, so the text is the JSON of the *api.Error
// ({"code","message","hint","detail"}), which frontend/src/lib/host.ts reads back;
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

// uiError turns a node error into a UIError; an error that is no *api.Error
// gets CodeInternal.
func uiError(err error) error {
	var ae *api.Error
	if !errors.As(err, &ae) {
		ae = &api.Error{Code: api.CodeInternal, Message: err.Error()}
	} else {
		ae = &api.Error{Code: ae.Code, Message: err.Error(), Hint: ae.Hint, Detail: ae.Detail}
	}
	return &UIError{API: ae}
}
