package judge

import (
	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// publicWrite prepares the /record/write invocation of v, a version of a
// public space whose body is opened as it is (PublicBodies), from the
// body's canonical JSON that checking v kept (record.BodyJSON), rather
// than writing the arguments' JSON again for the may() cache key
// (access.NewInvocationJSON). ok is false when that cannot be done; the
// caller then prepares it as any other.
func publicWrite(inv invocation, v *record.Version, byCreator bool) (invocation, bool) {
	body, err := record.BodyJSON(v)
	if err != nil {
		return inv, false
	}
	args, ok := writeArgsJSON(v.Collection, byCreator, body)
	if !ok {
		return inv, false
	}
	inv.asked, _ = access.NewInvocationJSON(inv.cmd, inv.args, args)
	return inv, true
}

// writeArgsJSON is the canonical JSON of space.RecordWriteArgs(collection,
// byCreator, body) given body's canonical JSON: its members in canonical
// order (02 §3.1: "body" < "byCreator" < "collection"; TestWriteArgsJSON
// holds it to cjson.Marshal).
func writeArgsJSON(collection string, byCreator bool, body []byte) ([]byte, bool) {
	b := make([]byte, 0, len(body)+len(collection)+48)
	b = append(b, `{"`+space.ArgBody+`":`...)
	b = append(b, body...)
	b = append(b, `,"`+space.ArgByCreator+`":`...)
	if byCreator {
		b = append(b, "true"...)
	} else {
		b = append(b, "false"...)
	}
	b = append(b, `,"`+space.ArgCollection+`":`...)
	b, err := cjson.AppendString(b, collection)
	if err != nil {
		return nil, false
	}
	return append(b, '}'), true
}
