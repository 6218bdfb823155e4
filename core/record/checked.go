package record

import "minca.dev/desktop/core/cjson"

// gaps are the places, as offsets into a version's canonical JSON written
// without them, where the members body, id and signature go (-1: unknown).
type gaps struct{ body, id, sig int }

// checked is the canonical JSON VerifyCached wrote of a version and found
// good (§3.3): its signed part, which hashes to its id, and its body's,
// which hashes to its bodyHash. Marshal, MarshalStub and BodyJSON put
// together from it what they would otherwise encode again: a version taken
// in is stored as its stub and its body apart (05 §10).
type checked struct {
	of     *Version // the version it was written of; a copy (*v, Stub) does not use it
	signed []byte
	at     gaps
	body   []byte // nil when the version has no body or is a delete
	// shaped: Parse had checked the version's shape before (CheckedShape).
	shaped bool
}

// keepChecked notes what VerifyCached checked of v; a version with unknown
// members (whose gaps are not known) keeps nothing.
func (v *Version) keepChecked(signed []byte, at gaps, body []byte) {
	if at.body < 0 || at.id < 0 || at.sig < 0 || !(at.body <= at.id && at.id <= at.sig) {
		return
	}
	v.checked = &checked{of: v, signed: signed, at: at, body: body, shaped: v.shaped == v}
}

// CheckedShape is CheckShape for a version on its way into a store: it
// answers nil at once for a version that Parse read and checked and
// VerifyCached then found good, both of the version itself (not a copy),
// which is then not to be changed in place; any other version is checked.
func CheckedShape(v *Version) error {
	if c := v.checkedOf(); c != nil && c.shaped {
		return nil
	}
	return CheckShape(v)
}

// checkedOf is what VerifyCached kept of v itself, or nil.
func (v *Version) checkedOf() *checked {
	if c := v.checked; c != nil && c.of == v {
		return c
	}
	return nil
}

// BodyJSON is the canonical JSON of v's body: the bytes the body hash was
// checked on when VerifyCached checked v, and otherwise written anew. The
// bytes must not be changed.
func BodyJSON(v *Version) ([]byte, error) {
	if c := v.checkedOf(); c != nil && c.body != nil {
		return c.body, nil
	}
	return cjson.Marshal(v.Body)
}

// marshalChecked writes v's stub, or with body v whole, from what
// VerifyCached kept: the signed part with id, signature and body put in at
// their places. ok is false when nothing fits (v not checked, or a body
// that was not hashed), and the caller encodes v.
func marshalChecked(v *Version, body bool) (b []byte, ok bool, err error) {
	c := v.checkedOf()
	if c == nil || (body && v.HasBody && c.body == nil) {
		return nil, false, nil
	}
	n := len(c.signed) + len(v.ID) + len(v.Signature) + 32
	if body {
		n += len(c.body) + 8
	}
	b = make([]byte, 0, n)
	b = append(b, c.signed[:c.at.body]...)
	if body && v.HasBody {
		b = append(append(b, `,"`+mBody+`":`...), c.body...)
	}
	b = append(b, c.signed[c.at.body:c.at.id]...)
	if b, err = appendMember(b, mID, v.ID); err != nil {
		return nil, false, err
	}
	b = append(b, c.signed[c.at.id:c.at.sig]...)
	if b, err = appendMember(b, mSignature, v.Signature); err != nil {
		return nil, false, err
	}
	return append(b, c.signed[c.at.sig:]...), true, nil
}

// appendMember writes a string member after another, left out when "".
func appendMember(b []byte, name, s string) ([]byte, error) {
	if s == "" {
		return b, nil
	}
	b = append(b, ',', '"')
	b = append(b, name...)
	b = append(b, '"', ':')
	return cjson.AppendString(b, s)
}
