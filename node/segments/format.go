package segments

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/record"
)

// FormatVersion is the segment format's v (05 §16.3: 8, with sync's).
const FormatVersion = 8

// Suffix: only names ending in it are segments (05 §16.3).
const Suffix = ".seg"

var (
	nameRe   = regexp.MustCompile(`^([0-9]{6,9})-([0-9a-f]{16})\.seg$`)
	writerRe = regexp.MustCompile(`^[0-9a-f]{32}$`)
)

// ValidWriterID says whether id is a store writer id: 32 lower-case hex
// characters (05 §16.2).
func ValidWriterID(id string) bool { return writerRe.MatchString(id) }

// Encode writes a segment: {"v":8,"versions":[…]} with each version as on
// the wire, in canonical JSON (05 §16.3).
func Encode(vs []*record.Version) ([]byte, error) {
	wire := make([]any, len(vs))
	for i, v := range vs {
		wire[i] = v.Wire()
	}
	b, err := cjson.Marshal(map[string]any{"v": FormatVersion, "versions": wire})
	if err != nil {
		return nil, fmt.Errorf("encode segment: %w", err)
	}
	return b, nil
}

// hash16 is the first 8 bytes of SHA-256 of b, as 16 lower-case hex.
func hash16(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}

// Name is a segment's name: <counter, 6 digits>-<hash>.seg (05 §16.3).
func Name(counter int, data []byte) string {
	return fmt.Sprintf("%06d-%s%s", counter, hash16(data), Suffix)
}

// ParseName reads a segment name's counter and hash. Only the name Name
// writes is read: six digits at least, no zero padding beyond six.
func ParseName(name string) (counter int, hash string, ok bool) {
	m := nameRe.FindStringSubmatch(name)
	if m == nil {
		return 0, "", false
	}
	n, err := strconv.Atoi(m[1])
	if err != nil || n < 1 || (len(m[1]) > 6 && m[1][0] == '0') {
		return 0, "", false
	}
	return n, m[2], true
}

// Matches says whether data hashes to the hash in name (05 §16.4: a reader
// takes no segment whose bytes do not).
func Matches(name string, data []byte) bool {
	_, h, ok := ParseName(name)
	return ok && h == hash16(data)
}

// Decode reads a segment's entries (05 §16.3). Bytes that are not JSON,
// v other than 8, or no versions array hold nothing (ok false); entries that
// are not objects with a string id are skipped (counted in skipped). The
// entries are still unchecked versions: they go through the gatekeeper.
func Decode(data []byte) (entries []map[string]any, skipped int, ok bool) {
	val, err := cjson.Parse(data)
	if err != nil {
		return nil, 0, false
	}
	obj, isObj := val.(map[string]any)
	if !isObj {
		return nil, 0, false
	}
	if v, isNum := obj["v"].(float64); !isNum || v != FormatVersion {
		return nil, 0, false
	}
	list, isList := obj["versions"].([]any)
	if !isList {
		return nil, 0, false
	}
	for _, e := range list {
		m, isMap := e.(map[string]any)
		if !isMap {
			skipped++
			continue
		}
		if _, hasID := m["id"].(string); !hasID {
			skipped++
			continue
		}
		entries = append(entries, m)
	}
	return entries, skipped, true
}
