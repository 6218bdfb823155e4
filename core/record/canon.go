package record

import (
	"fmt"

	"minca.dev/desktop/core/cjson"
)

// Which members appendCanonical writes besides the signed part (§3.3).
const (
	withIDSig = 1 << iota // id and signature, when not ""
	withBody              // body, when the version has one
)

// appendCanonical writes v's canonical JSON straight from its fields: the
// signed part, and the members parts asks for. It writes exactly what
// cjson.Marshal writes for toWire's object (TestCanonicalAgrees), member by
// member in code-unit order, without building that object: it is written for
// every version taken in (its id), and a store's copy of it is put
// together from those bytes (checked.go). A version
// with unknown members goes through the object, as their names fall
// anywhere among the known ones.
func appendCanonical(dst []byte, v *Version, parts int) ([]byte, error) {
	b, _, err := appendCanonicalAt(dst, v, parts)
	return b, err
}

// appendCanonicalAt is appendCanonical that also tells where, in what it
// wrote, the members it left out go (checkedBytes); the marks are -1 for a
// version with unknown members.
func appendCanonicalAt(dst []byte, v *Version, parts int) ([]byte, gaps, error) {
	none := gaps{body: -1, id: -1, sig: -1}
	if len(v.Unknown) > 0 {
		m := make(map[string]any, 16+len(v.Unknown))
		for k, x := range v.Unknown {
			m[k] = x
		}
		if parts&withIDSig != 0 {
			putStr(m, mID, v.ID)
			putStr(m, mSignature, v.Signature)
		}
		v.putSigned(m)
		if parts&withBody != 0 && v.HasBody {
			m[mBody] = v.Body
		}
		b, err := cjson.AppendValue(dst, m, 0)
		return b, none, err
	}
	w := canonWriter{dst: append(dst, '{'), first: true}
	at := none
	// The members in code-unit order; every name is ASCII.
	w.str(mAuthor, v.Author)
	if parts&withBody != 0 && v.HasBody {
		w.value(mBody, v.Body)
	} else {
		at.body = w.gap(len(dst))
	}
	w.str(mBodyHash, v.BodyHash)
	w.str(mCollection, v.Collection)
	w.str(mCreatedAt, v.CreatedAt)
	w.flag(mDeleted, v.Deleted)
	if v.HasFiles {
		w.value(mFiles, v.Files)
	}
	w.str(mGenesis, v.Genesis)
	if parts&withIDSig != 0 {
		w.str(mID, v.ID)
	} else {
		at.id = w.gap(len(dst))
	}
	w.str(mKey, v.Key)
	if v.Links != nil {
		w.links(v.Links)
	}
	if v.Log != nil {
		w.log(v.Log)
	}
	w.str(mPrev, v.Prev)
	if v.Proof != nil {
		w.value(mProof, v.Proof)
	}
	w.flag(mRetain, v.Retain)
	if v.Seen != nil {
		w.strings(mSeen, v.Seen)
	}
	w.value(mSeq, float64(v.Seq))
	if parts&withIDSig != 0 {
		w.str(mSignature, v.Signature)
	} else {
		at.sig = w.gap(len(dst))
	}
	w.str(mSpace, v.Space)
	if v.Tags != nil {
		w.strings(mTags, v.Tags)
	}
	if w.err != nil {
		return dst, none, w.err
	}
	return append(w.dst, '}'), at, nil
}

// canonWriter writes one object's members in the order it is given them;
// the first error sticks.
type canonWriter struct {
	dst   []byte
	first bool
	err   error
}

// gap is where a member left out at this point would start, counted from
// start, the object's first byte: -1 before the first member, where it
// would need no comma in front.
func (w *canonWriter) gap(start int) int {
	if w.first {
		return -1
	}
	return len(w.dst) - start
}

// name starts a member (the names are ASCII and need no escaping).
func (w *canonWriter) name(n string) {
	if !w.first {
		w.dst = append(w.dst, ',')
	}
	w.first = false
	w.dst = append(w.dst, '"')
	w.dst = append(w.dst, n...)
	w.dst = append(w.dst, '"', ':')
}

// str writes a string member, left out when "" (putStr).
func (w *canonWriter) str(n, s string) {
	if s == "" || w.err != nil {
		return
	}
	w.name(n)
	w.dst, w.err = cjson.AppendString(w.dst, s)
}

// flag writes a member that is true, left out when false (putTrue).
func (w *canonWriter) flag(n string, b bool) {
	if b && w.err == nil {
		w.name(n)
		w.dst = append(w.dst, "true"...)
	}
}

// value writes any JSON value as a member of the top-level object.
func (w *canonWriter) value(n string, x any) {
	if w.err != nil {
		return
	}
	w.name(n)
	if w.dst, w.err = cjson.AppendValue(w.dst, x, 1); w.err != nil {
		w.err = fmt.Errorf("member %s: %w", n, w.err)
	}
}

func (w *canonWriter) strings(n string, ss []string) {
	if w.err != nil {
		return
	}
	w.name(n)
	w.dst = append(w.dst, '[')
	for i, s := range ss {
		if i > 0 {
			w.dst = append(w.dst, ',')
		}
		if w.dst, w.err = cjson.AppendString(w.dst, s); w.err != nil {
			return
		}
	}
	w.dst = append(w.dst, ']')
}

// log writes {"n":…,"prev":…} (prev left out when "").
func (w *canonWriter) log(l *Log) {
	if w.err != nil {
		return
	}
	w.name(mLog)
	w.dst = append(w.dst, `{"n":`...)
	if w.dst, w.err = cjson.AppendValue(w.dst, float64(l.N), 2); w.err != nil {
		return
	}
	if l.Prev != "" {
		w.dst = append(w.dst, `,"prev":`...)
		if w.dst, w.err = cjson.AppendString(w.dst, l.Prev); w.err != nil {
			return
		}
	}
	w.dst = append(w.dst, '}')
}

// links writes [{"rel":…,"to":…},…].
func (w *canonWriter) links(ls []Link) {
	if w.err != nil {
		return
	}
	w.name(mLinks)
	w.dst = append(w.dst, '[')
	for i, l := range ls {
		if i > 0 {
			w.dst = append(w.dst, ',')
		}
		w.dst = append(w.dst, `{"rel":`...)
		if w.dst, w.err = cjson.AppendString(w.dst, l.Rel); w.err != nil {
			return
		}
		w.dst = append(w.dst, `,"to":`...)
		if w.dst, w.err = cjson.AppendString(w.dst, l.To); w.err != nil {
			return
		}
		w.dst = append(w.dst, '}')
	}
	w.dst = append(w.dst, ']')
}
