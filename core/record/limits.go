package record

import "regexp"

// Limits of §10, each beside the section it comes from.
const (
	// MaxSafeInteger bounds seq and log.n (§3.1): 2^53−1, the largest integer
	// a JavaScript peer reads exactly.
	MaxSafeInteger = 1<<53 - 1
	// MaxKeyLen is the longest record key (§4.1).
	MaxKeyLen = 128
	// MaxCollectionLen is the longest collection name (§6.1, our choice).
	MaxCollectionLen = 128
	// MaxSeen is the most ids a version's seen may name (§3.1, 03 §3.2).
	MaxSeen = 64
	// MaxLinks is the most links on one version (§5).
	MaxLinks = 32
	// MaxTags is the most topic tags on one version (§8).
	MaxTags = 64
	// MaxTagLen is the longest tag (§3.1, our choice; 03 §15 wake tags).
	MaxTagLen = 64
	// MaxFilesTaken is how many files entries a reader takes (05 §16.6).
	MaxFilesTaken = 16
	// MaxFileSize is the largest files[].size, the bytes as stored (05 §16.6).
	MaxFileSize = 1 << 31
	// FutureSkewSeconds is how far ahead of now createdAt may be (§9 step 3).
	FutureSkewSeconds = 300
	// SignatureLen is the byte length of a P1363 P-256 signature (§3.3).
	SignatureLen = 64
	// IDLen is the length of an id: "b" and 52 base32 characters (§1).
	IDLen = 53
	// FreshKeyBytes is the randomness in a fresh record key (§4.1).
	FreshKeyBytes = 16
)

var (
	// relPattern is a link's rel (§5).
	relPattern = regexp.MustCompile(`^[a-z][a-zA-Z0-9]{0,63}$`)
	// fileHashPattern is a files[].hash: 64 lower-case hex (05 §16.6).
	fileHashPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

// isKey reports whether k is a record key (§4.1): 1 to MaxKeyLen of
// a-z 0-9 : . _ - (the pattern ^[a-z0-9:._-]{1,128}$, written out: it is
// checked for every version taken in).
func isKey(k string) bool {
	if len(k) == 0 || len(k) > MaxKeyLen {
		return false
	}
	for i := 0; i < len(k); i++ {
		if c := k[i]; !isLowerDigit(c) && c != ':' && c != '.' && c != '_' && c != '-' {
			return false
		}
	}
	return true
}

// isCollectionName reports whether name has a collection name's form
// (§6.1): two or more dot-separated parts, each a letter a-z followed by
// a-z 0-9 - (the pattern ^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$, written
// out).
func isCollectionName(name string) bool {
	parts, start := 0, true
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case start:
			if c < 'a' || c > 'z' {
				return false
			}
			start = false
		case c == '.':
			parts, start = parts+1, true
		case !isLowerDigit(c) && c != '-':
			return false
		}
	}
	return !start && parts >= 1
}

func isLowerDigit(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' }
