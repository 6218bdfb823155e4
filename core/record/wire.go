package record

import (
	"fmt"
	"math"

	"minca.dev/desktop/core/cjson"
)

// Member names on the wire (§3.1).
const (
	mID, mAuthor, mCollection, mSpace = "id", "author", "collection", "space"
	mCreatedAt, mKey, mSeq, mPrev     = "createdAt", "key", "seq", "prev"
	mGenesis, mLog, mSeen, mProof     = "genesis", "log", "seen", "proof"
	mBodyHash, mBody, mRetain         = "bodyHash", "body", "retain"
	mDeleted, mLinks, mTags, mFiles   = "deleted", "links", "tags", "files"
	mSignature                        = "signature"
	mLogN, mLogPrev                   = "n", "prev"
	mLinkRel, mLinkTo                 = "rel", "to"
)

// ParseBytes parses a version from JSON text and checks its shape (§4.6).
func ParseBytes(b []byte) (*Version, error) {
	if v, ok := parseDirect(b); ok {
		return v, nil
	}
	val, err := cjson.Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrShape, err)
	}
	return Parse(val)
}

// Parse reads a version from a parsed JSON value (as core/cjson.Parse gives)
// and checks its shape (§4.6). It does not verify the signature (Verify).
func Parse(val any) (*Version, error) {
	v, err := fromWire(val)
	if err != nil {
		return nil, err
	}
	if err := CheckShape(v); err != nil {
		return nil, err
	}
	v.shaped = v
	return v, nil
}

// Marshal writes v as canonical JSON. For a version Parse read from
// canonical bytes, it gives those bytes back.
func Marshal(v *Version) ([]byte, error) {
	if b, ok, err := marshalChecked(v, true); ok || err != nil {
		return b, err
	}
	return appendCanonical(make([]byte, 0, stubCap(v)+canonCap/2), v, withIDSig|withBody)
}

// MarshalStub writes v's stub as canonical JSON: Marshal(v.Stub()), without
// copying v.
func MarshalStub(v *Version) ([]byte, error) {
	if b, ok, err := marshalChecked(v, false); ok || err != nil {
		return b, err
	}
	return appendCanonical(make([]byte, 0, stubCap(v)), v, withIDSig)
}

// canonCap is room for a usual version's canonical JSON.
const canonCap = 512

// stubCap is room for v's stub: its strings and ids, and about 240 bytes
// of member names and the rest, so that the buffer is rarely grown (a
// stub with its ids and signature is longer than canonCap).
func stubCap(v *Version) int {
	n := 240 + len(v.ID) + len(v.Author) + len(v.Collection) + len(v.Space) + len(v.CreatedAt) +
		len(v.Key) + len(v.Prev) + len(v.Genesis) + len(v.BodyHash) + len(v.Signature)
	if v.Log != nil {
		n += len(v.Log.Prev)
	}
	for _, id := range v.Seen {
		n += len(id) + 3
	}
	for _, t := range v.Tags {
		n += len(t) + 3
	}
	return n
}

// Wire returns v's wire form, a JSON object as core/cjson handles it.
func (v *Version) Wire() map[string]any { return v.toWire(true) }

// toWire builds the JSON object of v; without body it is the stub's form.
// id and signature are written when not "" (an unsigned draft has neither).
func (v *Version) toWire(withBody bool) map[string]any {
	m := make(map[string]any, 16+len(v.Unknown))
	for k, x := range v.Unknown {
		m[k] = x
	}
	putStr(m, mID, v.ID)
	putStr(m, mSignature, v.Signature)
	v.putSigned(m)
	if withBody && v.HasBody {
		m[mBody] = v.Body
	}
	return m
}

// putSigned writes every member of the signed part but Unknown (§3.3).
func (v *Version) putSigned(m map[string]any) {
	putStr(m, mAuthor, v.Author)
	putStr(m, mCollection, v.Collection)
	putStr(m, mSpace, v.Space)
	putStr(m, mCreatedAt, v.CreatedAt)
	putStr(m, mKey, v.Key)
	m[mSeq] = float64(v.Seq)
	putStr(m, mPrev, v.Prev)
	putStr(m, mGenesis, v.Genesis)
	if v.Log != nil {
		l := map[string]any{mLogN: float64(v.Log.N)}
		putStr(l, mLogPrev, v.Log.Prev)
		m[mLog] = l
	}
	if v.Seen != nil {
		m[mSeen] = stringsToWire(v.Seen)
	}
	if v.Proof != nil {
		m[mProof] = v.Proof
	}
	putStr(m, mBodyHash, v.BodyHash)
	putTrue(m, mRetain, v.Retain)
	putTrue(m, mDeleted, v.Deleted)
	if v.Links != nil {
		ls := make([]any, len(v.Links))
		for i, l := range v.Links {
			ls[i] = map[string]any{mLinkRel: l.Rel, mLinkTo: l.To}
		}
		m[mLinks] = ls
	}
	if v.Tags != nil {
		m[mTags] = stringsToWire(v.Tags)
	}
	if v.HasFiles {
		m[mFiles] = v.Files
	}
}

func putStr(m map[string]any, name, s string) {
	if s != "" {
		m[name] = s
	}
}

func putTrue(m map[string]any, name string, b bool) {
	if b {
		m[name] = true
	}
}

func stringsToWire(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// isSafeInt reports whether f is an integer in 0 … 2^53−1 (§3.1).
func isSafeInt(f float64) bool {
	return f >= 0 && f <= MaxSafeInteger && f == math.Trunc(f)
}
