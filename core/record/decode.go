package record

import (
	"fmt"

	"minca.dev/desktop/core/cjson"
)

// fromWire reads the members of a version from its JSON object, checking
// each one's JSON type; CheckShape checks the rules between them (§4.6).
func fromWire(val any) (*Version, error) {
	m, ok := val.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: a version is a JSON object, not %s", ErrShape, jsonKind(val))
	}
	d := decoder{m: m, v: &Version{}}
	d.strings()
	d.seq()
	d.log()
	d.seen()
	d.proof()
	d.flags()
	d.links()
	d.tags()
	d.bodyAndFiles()
	d.unknown()
	if d.err != nil {
		return nil, d.err
	}
	return d.v, nil
}

// decoder keeps the first error; later steps do nothing once one is set.
type decoder struct {
	m   map[string]any
	v   *Version
	err error
	n   int // how many known members m holds, as read so far
}

// get is m[name], counting a member present.
func (d *decoder) get(name string) (any, bool) {
	x, ok := d.m[name]
	if ok {
		d.n++
	}
	return x, ok
}

func (d *decoder) fail(member, format string, args ...any) {
	if d.err == nil {
		d.err = shapeErr(member, format, args...)
	}
}

// str reads a string member: absent gives "", present must be a non-empty string.
func (d *decoder) str(name string) string {
	x, ok := d.get(name)
	if !ok {
		return ""
	}
	s, ok := x.(string)
	if !ok {
		d.fail(name, "must be a string, not %s", jsonKind(x))
		return ""
	}
	if s == "" {
		d.fail(name, "must not be empty (leave an unused member out)")
	}
	return s
}

func (d *decoder) strings() {
	v := d.v
	v.ID, v.Author, v.Collection = d.str(mID), d.str(mAuthor), d.str(mCollection)
	v.Space, v.CreatedAt, v.Key = d.str(mSpace), d.str(mCreatedAt), d.str(mKey)
	v.Prev, v.Genesis, v.BodyHash = d.str(mPrev), d.str(mGenesis), d.str(mBodyHash)
	v.Signature = d.str(mSignature)
}

// safeInt reads an integer 0 … 2^53−1 held as a JSON number.
func (d *decoder) safeInt(member string, x any) int64 {
	f, ok := x.(float64)
	if !ok {
		d.fail(member, "must be a number, not %s", jsonKind(x))
		return 0
	}
	if !isSafeInt(f) {
		d.fail(member, "must be an integer from 0 to 2^53−1, not %v", f)
		return 0
	}
	return int64(f)
}

func (d *decoder) seq() {
	x, ok := d.get(mSeq)
	if !ok {
		d.fail(mSeq, "is required")
		return
	}
	d.v.Seq = d.safeInt(mSeq, x)
}

func (d *decoder) log() {
	x, ok := d.get(mLog)
	if !ok {
		return
	}
	lm, ok := x.(map[string]any)
	if !ok {
		d.fail(mLog, "must be an object, not %s", jsonKind(x))
		return
	}
	l := &Log{}
	n, ok := lm[mLogN]
	if !ok {
		d.fail("log.n", "is required")
	}
	l.N = d.safeInt("log.n", n)
	want := 1
	if p, ok := lm[mLogPrev]; ok {
		want++
		if s, ok := p.(string); ok && s != "" {
			l.Prev = s
		} else {
			d.fail("log.prev", "must be a non-empty string")
		}
	}
	if len(lm) > want {
		d.fail(mLog, "may hold only n and prev")
	}
	d.v.Log = l
}

// stringList reads an array of strings; nil with ok=false when absent.
func (d *decoder) stringList(name string) ([]string, bool) {
	x, ok := d.get(name)
	if !ok {
		return nil, false
	}
	a, ok := x.([]any)
	if !ok {
		d.fail(name, "must be an array, not %s", jsonKind(x))
		return nil, false
	}
	out := make([]string, len(a))
	for i, y := range a {
		s, ok := y.(string)
		if !ok {
			d.fail(name, "entry %d must be a string, not %s", i, jsonKind(y))
			return nil, false
		}
		out[i] = s
	}
	return out, true
}

func (d *decoder) seen() {
	if s, ok := d.stringList(mSeen); ok {
		d.v.Seen = s
	}
}

func (d *decoder) tags() {
	if s, ok := d.stringList(mTags); ok {
		d.v.Tags = s
	}
}

func (d *decoder) proof() {
	x, ok := d.get(mProof)
	if !ok {
		return
	}
	p, ok := x.(map[string]any)
	if !ok {
		d.fail(mProof, "must be an object (a note, 01 §7), not %s", jsonKind(x))
		return
	}
	d.v.Proof = p
}

// flag reads a member that is true when present (§3.1).
func (d *decoder) flag(name string) bool {
	x, ok := d.get(name)
	if !ok {
		return false
	}
	if x != true {
		d.fail(name, "must be true when present, not %s", jsonKind(x))
	}
	return true
}

func (d *decoder) flags() {
	d.v.Retain, d.v.Deleted = d.flag(mRetain), d.flag(mDeleted)
}

func (d *decoder) links() {
	x, ok := d.get(mLinks)
	if !ok {
		return
	}
	a, ok := x.([]any)
	if !ok {
		d.fail(mLinks, "must be an array, not %s", jsonKind(x))
		return
	}
	d.v.Links = make([]Link, 0, len(a))
	for i, y := range a {
		lm, ok := y.(map[string]any)
		rel, okR := lm[mLinkRel].(string)
		to, okT := lm[mLinkTo].(string)
		if !ok || !okR || !okT || len(lm) != 2 {
			d.fail(mLinks, "entry %d must be exactly {rel, to} with string values", i)
			return
		}
		d.v.Links = append(d.v.Links, Link{Rel: rel, To: to})
	}
}

func (d *decoder) bodyAndFiles() {
	d.v.Body, d.v.HasBody = d.get(mBody)
	d.v.Files, d.v.HasFiles = d.get(mFiles)
}

// known is every member fromWire reads; the rest are kept as Unknown.
var known = map[string]bool{
	mID: true, mAuthor: true, mCollection: true, mSpace: true, mCreatedAt: true,
	mKey: true, mSeq: true, mPrev: true, mGenesis: true, mLog: true, mSeen: true,
	mProof: true, mBodyHash: true, mBody: true, mRetain: true, mDeleted: true,
	mLinks: true, mTags: true, mFiles: true, mSignature: true,
}

func (d *decoder) unknown() {
	if d.n == len(d.m) { // every member is known: no need to look
		return
	}
	for k, x := range d.m {
		if known[k] {
			continue
		}
		if d.v.Unknown == nil {
			d.v.Unknown = map[string]any{}
		}
		d.v.Unknown[k] = x
	}
}

// jsonKind names the JSON type of a parsed value, for error messages: as
// cjson.Kind does, but a list is "an array", this package's word for it.
func jsonKind(x any) string {
	if _, ok := x.([]any); ok {
		return "an array"
	}
	return cjson.Kind(x)
}
