package record

import (
	"minca.dev/desktop/core/cjson"
)

// parseDirect is ParseBytes for the common version, read straight from its
// bytes rather than through a map of its members: the strings, seq, log,
// seen and flags are read in place, and only body, proof and files are
// parsed as JSON values (core/cjson). It gives up (ok false) on anything
// else, a member name or string with an escape or beyond ASCII, an unknown
// member, links, tags, a number not a plain integer, any error of syntax
// or shape, and ParseBytes then reads the version the long way, with the
// error of old. So it returns exactly what ParseBytes did or nothing
// (FuzzParseDirect).
func parseDirect(b []byte) (*Version, bool) {
	d := direct{b: b, s: string(b)}
	d.space()
	if !d.next('{') {
		return nil, false
	}
	d.space()
	if d.next('}') {
		return nil, false // no members: a shape error
	}
	for {
		d.space()
		name, ok := d.plain()
		if !ok {
			return nil, false
		}
		d.space()
		if !d.next(':') {
			return nil, false
		}
		d.space()
		if !d.member(name) {
			return nil, false
		}
		d.space()
		if d.next('}') {
			break
		}
		if !d.next(',') {
			return nil, false
		}
	}
	d.space()
	if d.i != len(b) || d.seen&(1<<dSeq) == 0 {
		return nil, false
	}
	if err := CheckShape(&d.v); err != nil {
		return nil, false
	}
	v := new(Version)
	*v = d.v
	v.shaped = v
	return v, true
}

// direct reads a version's bytes b (and s, the same as a string, whose
// substrings become the version's strings without a copy each).
type direct struct {
	b    []byte
	s    string
	i    int
	v    Version
	seen uint32 // the members read, by their dXxx bit
}

// The members parseDirect reads, as bits of direct.seen.
const (
	dID = iota
	dAuthor
	dCollection
	dSpace
	dCreatedAt
	dKey
	dSeq
	dPrev
	dGenesis
	dLog
	dSeen
	dProof
	dBodyHash
	dBody
	dRetain
	dDeleted
	dFiles
	dSignature
)

// member reads the value of the member name, once.
func (d *direct) member(name string) bool {
	bit, str := directMember(name)
	if bit < 0 || d.seen&(1<<bit) != 0 {
		return false
	}
	d.seen |= 1 << bit
	if str != nil {
		s, ok := d.plain()
		*str(&d.v) = s
		return ok && s != ""
	}
	switch bit {
	case dSeq:
		n, ok := d.integer()
		d.v.Seq = n
		return ok
	case dLog:
		return d.log()
	case dSeen:
		s, ok := d.strings()
		d.v.Seen = s
		return ok
	case dRetain:
		d.v.Retain = true
		return d.literal("true")
	case dDeleted:
		d.v.Deleted = true
		return d.literal("true")
	case dProof:
		x, ok := d.value()
		p, isObj := x.(map[string]any)
		d.v.Proof = p
		return ok && isObj
	case dBody:
		x, ok := d.value()
		d.v.Body, d.v.HasBody = x, true
		return ok
	case dFiles:
		x, ok := d.value()
		d.v.Files, d.v.HasFiles = x, true
		return ok
	}
	return false
}

// directMember gives the bit of a member parseDirect reads (−1: another)
// and, for a string member, where it goes.
func directMember(name string) (int, func(*Version) *string) {
	switch name {
	case mID:
		return dID, func(v *Version) *string { return &v.ID }
	case mAuthor:
		return dAuthor, func(v *Version) *string { return &v.Author }
	case mCollection:
		return dCollection, func(v *Version) *string { return &v.Collection }
	case mSpace:
		return dSpace, func(v *Version) *string { return &v.Space }
	case mCreatedAt:
		return dCreatedAt, func(v *Version) *string { return &v.CreatedAt }
	case mKey:
		return dKey, func(v *Version) *string { return &v.Key }
	case mPrev:
		return dPrev, func(v *Version) *string { return &v.Prev }
	case mGenesis:
		return dGenesis, func(v *Version) *string { return &v.Genesis }
	case mBodyHash:
		return dBodyHash, func(v *Version) *string { return &v.BodyHash }
	case mSignature:
		return dSignature, func(v *Version) *string { return &v.Signature }
	case mSeq:
		return dSeq, nil
	case mLog:
		return dLog, nil
	case mSeen:
		return dSeen, nil
	case mProof:
		return dProof, nil
	case mBody:
		return dBody, nil
	case mRetain:
		return dRetain, nil
	case mDeleted:
		return dDeleted, nil
	case mFiles:
		return dFiles, nil
	}
	return -1, nil
}

func (d *direct) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *direct) next(c byte) bool {
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}
	return false
}

func (d *direct) literal(word string) bool {
	if len(d.s)-d.i < len(word) || d.s[d.i:d.i+len(word)] != word {
		return false
	}
	d.i += len(word)
	return true
}

// plain reads a string of printable ASCII without escapes.
func (d *direct) plain() (string, bool) {
	if !d.next('"') {
		return "", false
	}
	for j := d.i; j < len(d.b); j++ {
		switch c := d.b[j]; {
		case c == '"':
			s := d.s[d.i:j]
			d.i = j + 1
			return s, true
		case c == '\\' || c < 0x20 || c > 0x7e:
			return "", false
		}
	}
	return "", false
}

// integer reads 0 or [1-9][0-9]* of at most 15 digits, a safe integer
// written as cjson writes it; anything else gives up.
func (d *direct) integer() (int64, bool) {
	start := d.i
	var n int64
	for d.i < len(d.b) && d.b[d.i] >= '0' && d.b[d.i] <= '9' {
		n = n*10 + int64(d.b[d.i]-'0')
		d.i++
	}
	digits := d.i - start
	if digits == 0 || digits > 15 || (digits > 1 && d.b[start] == '0') {
		return 0, false
	}
	if d.i < len(d.b) && (d.b[d.i] == '.' || d.b[d.i] == 'e' || d.b[d.i] == 'E') {
		return 0, false
	}
	return n, true
}

// log reads {"n":…} or {"n":…,"prev":…}, in either order.
func (d *direct) log() bool {
	if !d.next('{') {
		return false
	}
	l := &Log{}
	hasN, hasPrev := false, false
	for {
		d.space()
		name, ok := d.plain()
		if !ok {
			return false
		}
		d.space()
		if !d.next(':') {
			return false
		}
		d.space()
		switch {
		case name == mLogN && !hasN:
			hasN = true
			if l.N, ok = d.integer(); !ok {
				return false
			}
		case name == mLogPrev && !hasPrev:
			hasPrev = true
			if l.Prev, ok = d.plain(); !ok || l.Prev == "" {
				return false
			}
		default:
			return false
		}
		d.space()
		if d.next('}') {
			break
		}
		if !d.next(',') {
			return false
		}
	}
	d.v.Log = l
	return hasN
}

// strings reads an array of plain strings.
func (d *direct) strings() ([]string, bool) {
	if !d.next('[') {
		return nil, false
	}
	out := []string{}
	d.space()
	if d.next(']') {
		return out, true
	}
	for {
		d.space()
		s, ok := d.plain()
		if !ok {
			return nil, false
		}
		out = append(out, s)
		d.space()
		if d.next(']') {
			return out, true
		}
		if !d.next(',') {
			return nil, false
		}
	}
}

// value reads any JSON value through cjson, found by matching brackets
// outside strings; cjson then checks it. A value nested as deeply as
// cjson allows alone would be too deep inside the version: it gives up.
func (d *direct) value() (any, bool) {
	start, nest, deepest := d.i, 0, 0
	for d.i < len(d.b) {
		c := d.b[d.i]
		switch {
		case c == '"':
			if !d.skipString() {
				return nil, false
			}
			if nest == 0 {
				return d.parsed(start, deepest)
			}
			continue
		case c == '{' || c == '[':
			nest++
			deepest = max(deepest, nest)
		case c == '}' || c == ']':
			if nest == 0 {
				return d.parsed(start, deepest)
			}
			if nest--; nest == 0 {
				d.i++
				return d.parsed(start, deepest)
			}
		case nest == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return d.parsed(start, deepest)
		}
		d.i++
	}
	return nil, false
}

func (d *direct) parsed(start, deepest int) (any, bool) {
	if deepest >= cjson.MaxDepth {
		return nil, false
	}
	x, err := cjson.Parse(d.b[start:d.i])
	return x, err == nil
}

// skipString moves past the string literal at d.i, escapes and all.
func (d *direct) skipString() bool {
	for j := d.i + 1; j < len(d.b); j++ {
		switch d.b[j] {
		case '\\':
			j++
		case '"':
			d.i = j + 1
			return true
		}
	}
	return false
}
