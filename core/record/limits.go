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
	// keyPattern is a record key (§4.1).
	keyPattern = regexp.MustCompile(`^[a-z0-9:._-]{1,128}$`)
	// collectionPattern is a collection name (§6.1).
	collectionPattern = regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$`)
	// relPattern is a link's rel (§5).
	relPattern = regexp.MustCompile(`^[a-z][a-zA-Z0-9]{0,63}$`)
	// fileHashPattern is a files[].hash: 64 lower-case hex (05 §16.6).
	fileHashPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)
)
