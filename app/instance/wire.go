package instance

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// wireVersion is the version of the hand-off message.
const wireVersion = 1

// Message kinds.
const (
	kindLink     = "link"
	kindActivate = "activate"
)

// maxMessage bounds one line: a link of MaxLinkLen, JSON-escaped at worst
// six bytes a byte, and the envelope.
const maxMessage = 6*MaxLinkLen + 256

// request is what a later launch sends.
type request struct {
	V    int    `json:"v"`
	Kind string `json:"kind"`
	Link string `json:"link,omitempty"`
}

// reply is what the running instance answers.
type reply struct {
	OK    bool   `json:"ok,omitempty"`
	Error string `json:"error,omitempty"`
	// Yield: a windowless instance let go of the profile's instance for
	// the launch that asked it to show a window (yield.go).
	Yield bool `json:"yield,omitempty"`
}

// ErrRefused wraps the running instance's refusal of a hand-off.
var ErrRefused = errors.New("instance: the running Minca refused")

// writeLine writes v as one JSON line.
func writeLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// readLine reads one JSON line of at most maxMessage bytes into v.
func readLine(r *bufio.Reader, v any) error {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		line = append(line, chunk...)
		if len(line) > maxMessage {
			return fmt.Errorf("message longer than %d bytes", maxMessage)
		}
		if err == nil {
			break
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return err
		}
	}
	return json.Unmarshal(line, v)
}
