package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"reflect"
)

// maxCallBody bounds the JSON arguments of one call.
const maxCallBody = 1 << 20

var errorType = reflect.TypeFor[error]()

// methodSet maps a bound method's name to the method, bound to its value.
type methodSet map[string]reflect.Value

// methodsOf returns the exported methods of api that the bridge can call:
// those returning nothing, a value, an error, or a value and an error.
func methodsOf(api any) methodSet {
	v := reflect.ValueOf(api)
	set := methodSet{}
	for i := range v.NumMethod() {
		m := v.Type().Method(i)
		if callable(m.Type) {
			set[m.Name] = v.Method(i)
		}
	}
	return set
}

func callable(t reflect.Type) bool {
	switch t.NumOut() {
	case 0, 1:
		return true
	case 2:
		return t.Out(1) == errorType
	}
	return false
}

// decodeArgs parses body, a JSON array, into arguments for a method of
// type fn: exactly as many as it takes, each of its parameter's type.
func decodeArgs(fn reflect.Type, body []byte) ([]reflect.Value, error) {
	var raw []json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(&raw); err != nil {
		return nil, fmt.Errorf("arguments must be a JSON array: %w", err)
	}
	if raw == nil {
		return nil, errors.New("arguments must be a JSON array, not null")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("arguments: trailing data after the array")
	}
	if fn.IsVariadic() || len(raw) != fn.NumIn() {
		return nil, fmt.Errorf("want %d arguments, got %d", fn.NumIn(), len(raw))
	}
	args := make([]reflect.Value, len(raw))
	for i, r := range raw {
		p := reflect.New(fn.In(i))
		if err := json.Unmarshal(r, p.Interface()); err != nil {
			return nil, fmt.Errorf("argument %d: %w", i+1, err)
		}
		args[i] = p.Elem()
	}
	return args, nil
}

// results turns a method's return values into a result and an error.
func results(out []reflect.Value) (any, error) {
	if len(out) == 0 {
		return nil, nil
	}
	last := out[len(out)-1]
	if last.Type() == errorType {
		if !last.IsNil() {
			return nil, last.Interface().(error)
		}
		out = out[:len(out)-1]
	}
	if len(out) == 0 {
		return nil, nil
	}
	return out[0].Interface(), nil
}

func (b *Bridge) serveCall(w http.ResponseWriter, r *http.Request, name string) {
	if r.Method != http.MethodPost {
		writeError(w, http.StatusMethodNotAllowed, "calls are POST")
		return
	}
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "calls must be Content-Type: application/json")
		return
	}
	m, ok := b.methods[name]
	if !ok {
		writeError(w, http.StatusNotFound, fmt.Sprintf("no method %q", name))
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxCallBody))
	if err != nil {
		writeError(w, http.StatusRequestEntityTooLarge, "arguments too large")
		return
	}
	args, err := decodeArgs(m.Type(), body)
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("%s: %v", name, err))
		return
	}
	result, err := results(m.Call(args))
	var ue *UIError
	if errors.As(err, &ue) {
		// The node refused: its *api.Error, with code and hint, for the page.
		writeJSON(w, http.StatusUnprocessableEntity, map[string]any{"error": ue.API})
		return
	}
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"result": result})
}

func writeError(w http.ResponseWriter, code int, msg string) {
	writeJSON(w, code, map[string]string{"error": msg})
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	body, err := json.Marshal(v)
	if err != nil {
		code = http.StatusInternalServerError
		body = []byte(`{"error":"result is not JSON"}`)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(append(body, '\n'))
}
