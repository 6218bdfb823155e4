package record

import (
	"encoding/base64"
	"strings"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
)

// didKeyPrefix starts every P-256 did:key a writer may use (01 §4); the
// full decode is §3.3 step 2.
const didKeyPrefix = "did:key:z"

// CheckShape checks every rule of §4.6 that v can be judged on alone. It
// does not verify the signature or the body's hash (Verify does).
func CheckShape(v *Version) error {
	for _, check := range []func(*Version) error{
		checkIdentity, checkPlace, checkChainMembers, checkLogShape,
		checkSeen, checkContent, checkLinks, checkTags, checkUnknown,
	} {
		if err := check(v); err != nil {
			return err
		}
	}
	return nil
}

// checkIdentity: id, author, signature (§4.6 rule 1).
func checkIdentity(v *Version) error {
	if err := checkID(mID, v.ID, true); err != nil {
		return err
	}
	if !strings.HasPrefix(v.Author, didKeyPrefix) {
		return shapeErr(mAuthor, "must be a did:key (starting %q)", didKeyPrefix)
	}
	if v.Signature == "" {
		return shapeErr(mSignature, "is required")
	}
	if !isSignature(v.Signature) {
		return shapeErr(mSignature, "must be base64url of %d bytes", SignatureLen)
	}
	return nil
}

// sigB64 is the base64url of a signature as enc.DecodeB64URL reads it
// (no padding, non-zero trailing bits refused).
var sigB64 = base64.RawURLEncoding.Strict()

// sigB64Len is the length of that text: 6 bits a character, unpadded.
const sigB64Len = (SignatureLen*8 + 5) / 6

// isSignature says whether s is base64url of SignatureLen bytes, decoded
// into a buffer on the stack (enc.DecodeB64URL's answer, without its
// allocations: every version is checked twice on its way in).
func isSignature(s string) bool {
	if len(s) != sigB64Len {
		return false
	}
	var src [sigB64Len]byte
	var dst [SignatureLen + 2]byte
	n, err := sigB64.Decode(dst[:], append(src[:0], s...))
	return err == nil && n == SignatureLen
}

// checkPlace: collection, key, createdAt, space (§4.6 rules 2–4).
func checkPlace(v *Version) error {
	if err := ValidCollectionName(v.Collection); err != nil {
		return shapeErr(mCollection, "%v", err)
	}
	if err := ValidKey(v.Key); err != nil {
		return shapeErr(mKey, "%v", err)
	}
	if _, err := ParseTime(v.CreatedAt); err != nil {
		return shapeErr(mCreatedAt, "%v", err)
	}
	return checkID(mSpace, v.Space, false)
}

// checkChainMembers: seq, prev and genesis (§4.6 rule 5), and the loose
// version's seq 0 (§3.5).
func checkChainMembers(v *Version) error {
	if v.Seq < 0 || v.Seq > MaxSafeInteger {
		return shapeErr(mSeq, "must be an integer from 0 to 2^53−1")
	}
	if v.Seq == 0 {
		if v.Prev != "" || v.Genesis != "" {
			return shapeErr(mPrev, "a first version (seq 0) has no prev or genesis")
		}
		return nil
	}
	if v.IsLoose() {
		return shapeErr(mSeq, "a loose version has seq 0 (§3.5)")
	}
	for _, m := range []struct{ name, val string }{{mPrev, v.Prev}, {mGenesis, v.Genesis}} {
		if err := checkID(m.name, m.val, true); err != nil {
			return shapeErr(m.name, "a later version (seq > 0) names an id: %v", err)
		}
		if m.val == v.ID {
			return shapeErr(m.name, "must not name the version itself")
		}
	}
	return nil
}

// checkLogShape: log is required in a space and absent on a loose version;
// log.prev is present exactly when log.n > 0 (§3.1, our choice).
func checkLogShape(v *Version) error {
	if v.IsLoose() {
		if v.Log != nil {
			return shapeErr(mLog, "a loose version has no log (§3.5)")
		}
		return nil
	}
	if v.Log == nil {
		return shapeErr(mLog, "is required on a version in a space")
	}
	if v.Log.N < 0 || v.Log.N > MaxSafeInteger {
		return shapeErr("log.n", "must be an integer from 0 to 2^53−1")
	}
	if v.Log.N == 0 {
		if v.Log.Prev != "" {
			return shapeErr("log.prev", "place 0 has no log.prev")
		}
		return nil
	}
	if err := checkID("log.prev", v.Log.Prev, true); err != nil {
		return err
	}
	if v.Log.Prev == v.ID {
		return shapeErr("log.prev", "must not name the version itself")
	}
	return nil
}

// checkSeen: at most 64 ids; none on a loose version (§3.1, §3.5).
func checkSeen(v *Version) error {
	if v.Seen == nil {
		return nil
	}
	if v.IsLoose() {
		return shapeErr(mSeen, "a loose version has no seen (§3.5)")
	}
	if len(v.Seen) > MaxSeen {
		return shapeErr(mSeen, "names %d ids, at most %d", len(v.Seen), MaxSeen)
	}
	for i, s := range v.Seen {
		if err := checkID(mSeen, s, true); err != nil {
			return shapeErr(mSeen, "entry %d: %v", i, err)
		}
	}
	return nil
}

// checkContent: a delete against bodyHash, body, links, tags (§4.6 rule 9).
func checkContent(v *Version) error {
	if !v.Deleted {
		if v.BodyHash == "" {
			return shapeErr(mBodyHash, "is required unless the version is a delete")
		}
		return checkID(mBodyHash, v.BodyHash, true)
	}
	switch {
	case v.BodyHash != "":
		return shapeErr(mBodyHash, "a delete has no bodyHash")
	case v.HasBody && v.Body != nil:
		return shapeErr(mBody, "a delete's body is absent or null")
	case v.Links != nil:
		return shapeErr(mLinks, "a delete has no links")
	case v.Tags != nil:
		return shapeErr(mTags, "a delete has no tags")
	}
	return nil
}

// checkLinks: 1–32 links, each {rel, to} well formed (§5).
func checkLinks(v *Version) error {
	if v.Links == nil {
		return nil
	}
	if len(v.Links) == 0 || len(v.Links) > MaxLinks {
		return shapeErr(mLinks, "must hold 1 to %d links (leave it out when none)", MaxLinks)
	}
	for i, l := range v.Links {
		if !relPattern.MatchString(l.Rel) {
			return shapeErr(mLinks, "entry %d: rel %q must match %s", i, l.Rel, relPattern)
		}
		if ValidKey(l.To) != nil {
			return shapeErr(mLinks, "entry %d: to %q is not a record key", i, l.To)
		}
	}
	return nil
}

// checkTags: 1–64 tags of 1–64 characters, strictly ascending by UTF-16
// code units, so sorted and distinct (§8, our choice).
func checkTags(v *Version) error {
	if v.Tags == nil {
		return nil
	}
	if len(v.Tags) == 0 || len(v.Tags) > MaxTags {
		return shapeErr(mTags, "must hold 1 to %d tags (leave it out when none)", MaxTags)
	}
	for i, t := range v.Tags {
		if t == "" || len([]rune(t)) > MaxTagLen {
			return shapeErr(mTags, "entry %d must be 1 to %d characters", i, MaxTagLen)
		}
		if i > 0 && cjson.CompareUTF16(v.Tags[i-1], t) >= 0 {
			return shapeErr(mTags, "must be sorted and distinct (entry %d)", i)
		}
	}
	return nil
}

// checkUnknown: an unknown member never takes a known member's name (a
// Version built in Go could try; one parsed from the wire cannot).
func checkUnknown(v *Version) error {
	for name := range v.Unknown {
		if known[name] {
			return shapeErr(name, "is a known member and cannot be held as unknown")
		}
	}
	return nil
}

// checkID checks that s is an id as every writer writes it (§1): "b" and 52
// lower-case base32 characters whose padding bits are zero.
func checkID(member, s string, required bool) error {
	if s == "" {
		if required {
			return shapeErr(member, "is required")
		}
		return nil
	}
	if _, err := enc.ParseCID(s); err != nil {
		if len(s) != IDLen || strings.ToLower(s) != s {
			return shapeErr(member, "must be an id (b and 52 lower-case base32 characters)")
		}
		return shapeErr(member, "must be an id: %v", err)
	}
	return nil
}
