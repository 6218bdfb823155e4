package syncmsg

import (
	"bytes"
	"fmt"
	"strconv"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
)

// RawJSON is a value already written as JSON (a version's wire bytes,
// core/record.Marshal): Marshal copies it as it is. Parse gives the entries
// of a versions message so, as received.
type RawJSON []byte

// Marshal writes m's wire form: "v" and "type" first, then its members in
// the order of its field table (see the package doc).
func Marshal(m Message) ([]byte, error) {
	w := &writer{}
	w.buf.WriteString(`{"v":` + strconv.Itoa(Version) + `,"type":`)
	w.value(m.Type())
	switch m := m.(type) {
	case *Hello:
		w.hello(m)
	case *Reconcile:
		w.member("id", m.ID)
		w.member("collection", m.Collection)
		w.member("message", enc.B64URL(m.Message))
	case *Reconciled:
		w.member("id", m.ID)
		w.member("message", enc.B64URL(m.Message))
		if m.NotHeld {
			w.member("held", false)
		}
	case *Want:
		w.member("id", m.ID)
		w.member("ids", stringList(m.IDs))
	case *Versions:
		w.buf.Grow(rawLen(m.Versions) + 64) // up to 200 versions: grown once, not doubled
		if m.HasID {
			w.member("id", m.ID)
		}
		w.list("versions", m.Versions)
	case *PushUpdate:
		w.member("version", m.Version)
	case *Stored:
		w.member("ids", stringList(m.IDs))
	default:
		return nil, fmt.Errorf("marshal sync message: unknown type %T", m)
	}
	if w.err != nil {
		return nil, fmt.Errorf("marshal %s: %w", m.Type(), w.err)
	}
	w.buf.WriteByte('}')
	return w.buf.Bytes(), nil
}

func (w *writer) hello(h *Hello) {
	if h.Holds.All {
		w.member("holds", "all")
	} else {
		w.member("holds", stringList(h.Holds.Collections))
	}
	sums := make(map[string]any, len(h.Sums))
	for c, fp := range h.Sums {
		sums[c] = fp.String()
	}
	w.member("sums", sums)
	if h.Reply {
		w.member("reply", true)
	}
}

type writer struct {
	buf bytes.Buffer
	err error
}

func (w *writer) member(name string, v any) {
	w.buf.WriteByte(',')
	w.value(name)
	w.buf.WriteByte(':')
	w.value(v)
}

func (w *writer) list(name string, vs []any) {
	w.buf.WriteByte(',')
	w.value(name)
	w.buf.WriteString(":[")
	for i, v := range vs {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		w.value(v)
	}
	w.buf.WriteByte(']')
}

func (w *writer) value(v any) {
	if raw, ok := v.(RawJSON); ok {
		w.buf.Write(raw)
		return
	}
	b, err := cjson.Marshal(v)
	if err != nil && w.err == nil {
		w.err = err
	}
	w.buf.Write(b)
}

// rawLen is the length of the RawJSON values among vs, with a comma each.
func rawLen(vs []any) int {
	n := 0
	for _, v := range vs {
		if raw, ok := v.(RawJSON); ok {
			n += len(raw) + 1
		}
	}
	return n
}

func stringList(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}
