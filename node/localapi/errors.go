package localapi

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"

	"minca.dev/desktop/node/api"
)

// wireError is the body of every failed request: {"error": {...}}.
type wireError struct {
	Error *api.Error `json:"error"`
}

// httpStatus is the HTTP status each api.Code travels with. The client reads
// the code from the body, not from the status; the status is for curl.
var httpStatus = map[api.Code]int{
	api.CodeInvalid:      http.StatusBadRequest,
	api.CodeNotFound:     http.StatusNotFound,
	api.CodeForbidden:    http.StatusForbidden,
	api.CodeConflict:     http.StatusConflict,
	api.CodeNoAccount:    http.StatusPreconditionFailed,
	api.CodeLocked:       http.StatusLocked,
	api.CodeUnavailable:  http.StatusServiceUnavailable,
	api.CodeInternal:     http.StatusInternalServerError,
	api.CodeKeychainOnly: http.StatusForbidden,
}

// toAPIError makes any error an *api.Error to send; an error that is not one
// becomes CodeInternal with its message.
func toAPIError(err error) *api.Error {
	var e *api.Error
	if errors.As(err, &e) {
		return &api.Error{Code: e.Code, Message: err.Error(), Hint: e.Hint, Detail: e.Detail, Reason: e.Reason}
	}
	return &api.Error{Code: api.CodeInternal, Message: err.Error()}
}

func writeError(w http.ResponseWriter, err error) {
	e := toAPIError(err)
	status, ok := httpStatus[e.Code]
	if !ok {
		status = http.StatusInternalServerError
	}
	writeJSON(w, status, wireError{Error: e})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		body, _ = json.Marshal(wireError{Error: &api.Error{Code: api.CodeInternal, Message: "result is not JSON: " + err.Error()}})
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	w.Write(append(body, '\n'))
}

// readError turns a failed response back into an *api.Error.
func readError(resp *http.Response) error {
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxBody))
	var we wireError
	if err := json.Unmarshal(body, &we); err != nil || we.Error == nil || we.Error.Code == "" {
		return &api.Error{Code: api.CodeInternal, Message: fmt.Sprintf("local API: %s: %.200q", resp.Status, body)}
	}
	return we.Error
}
