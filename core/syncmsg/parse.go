package syncmsg

import (
	"bytes"
	"fmt"
	"math"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
)

// Parse reads one sync message (05 §4). Any error wraps ErrDrop: the message
// is not an object, its v is not 8, its type is not a string or not known,
// or a member breaks its type's rule. Nothing is returned but the whole
// message or an error.
func Parse(b []byte) (Message, error) {
	if bytes.HasPrefix(b, []byte(versionsPrefix)) {
		if m, ok := parseVersionsRaw(b); ok {
			return m, nil
		}
	}
	val, err := cjson.Parse(b)
	if err != nil {
		return nil, drop("not JSON: %v", err)
	}
	return ParseValue(val)
}

// ParseValue is Parse over a JSON value as core/cjson gives it.
func ParseValue(val any) (Message, error) {
	m, ok := val.(map[string]any)
	if !ok {
		return nil, drop("not an object")
	}
	if v, ok := m["v"].(float64); !ok || v != Version {
		return nil, drop("v is %v, not %d", m["v"], Version)
	}
	typ, ok := m["type"].(string)
	if !ok {
		return nil, drop("type is not a string")
	}
	parse, ok := parsers[typ]
	if !ok {
		return nil, drop("unknown type %q", typ)
	}
	msg, err := parse(m)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrDrop, typ, err)
	}
	return msg, nil
}

var parsers = map[string]func(map[string]any) (Message, error){
	TypeHello:      parseHello,
	TypeReconcile:  parseReconcile,
	TypeReconciled: parseReconciled,
	TypeWant:       parseWant,
	TypeVersions:   parseVersions,
	TypePushUpdate: parsePushUpdate,
	TypeStored:     parseStored,
}

func drop(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrDrop, fmt.Sprintf(format, args...))
}

// parseHello applies 05 §4: sums must be an object of at most 1000
// collections; a holds that is not absent, "all" or an array of at most
// 1000 entries holds only sys.*.
func parseHello(m map[string]any) (Message, error) {
	sums, ok := m["sums"].(map[string]any)
	if !ok {
		return nil, fmt.Errorf("sums is not an object")
	}
	if len(sums) > MaxSums {
		return nil, fmt.Errorf("sums names %d collections, more than %d", len(sums), MaxSums)
	}
	h := &Hello{Holds: readHolds(m["holds"], m), Sums: map[string]negentropy.Fingerprint{}}
	for c, s := range sums {
		fp, ok := parseFingerprint(s)
		if ok && record.ValidCollectionName(c) == nil {
			h.Sums[c] = fp
		}
	}
	h.Reply = m["reply"] == true
	return h, nil
}

func readHolds(v any, m map[string]any) Holds {
	if _, present := m["holds"]; !present || v == "all" {
		return HoldsAll
	}
	list, ok := v.([]any)
	if !ok || len(list) > MaxHolds {
		return Holds{}
	}
	h := Holds{Collections: []string{}}
	for _, e := range list {
		if s, ok := e.(string); ok {
			h.Collections = append(h.Collections, s)
		}
	}
	return h
}

func parseFingerprint(v any) (negentropy.Fingerprint, bool) {
	var fp negentropy.Fingerprint
	s, ok := v.(string)
	if !ok || len(s) != 2*len(fp) {
		return fp, false
	}
	for i := range fp {
		hi, ok1 := hexDigit(s[2*i])
		lo, ok2 := hexDigit(s[2*i+1])
		if !ok1 || !ok2 {
			return fp, false
		}
		fp[i] = hi<<4 | lo
	}
	return fp, true
}

func hexDigit(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10, true
	}
	return 0, false
}

func parseReconcile(m map[string]any) (Message, error) {
	id, err := readID(m)
	if err != nil {
		return nil, err
	}
	c, ok := m["collection"].(string)
	if !ok {
		return nil, fmt.Errorf("collection is not a string")
	}
	if err := record.ValidCollectionName(c); err != nil {
		return nil, fmt.Errorf("collection: %w", err)
	}
	msg, err := readFrame(m["message"])
	if err != nil {
		return nil, err
	}
	return &Reconcile{ID: id, Collection: c, Message: msg}, nil
}

func parseReconciled(m map[string]any) (Message, error) {
	id, err := readID(m)
	if err != nil {
		return nil, err
	}
	msg, err := readFrame(m["message"])
	if err != nil {
		return nil, err
	}
	r := &Reconciled{ID: id, Message: msg}
	if held, present := m["held"]; present {
		if held != false {
			return nil, fmt.Errorf("held is %v, not false", held)
		}
		r.NotHeld = true
	}
	return r, nil
}

// readFrame decodes a base64url Negentropy message of at most MaxFrame bytes.
func readFrame(v any) ([]byte, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("message is not a string")
	}
	if len(s) > (MaxFrame*4+2)/3 {
		return nil, fmt.Errorf("message longer than %d bytes", MaxFrame)
	}
	b, err := enc.DecodeB64URL(s)
	if err != nil {
		return nil, fmt.Errorf("message: %w", err)
	}
	return b, nil
}

func parseWant(m map[string]any) (Message, error) {
	id, err := readID(m)
	if err != nil {
		return nil, err
	}
	list, ok := m["ids"].([]any)
	if !ok {
		return nil, fmt.Errorf("ids is not an array")
	}
	w := &Want{ID: id, IDs: []string{}}
	for i, e := range list {
		if i == MaxWant {
			break
		}
		if s, ok := e.(string); ok && IsVersionID(s) {
			w.IDs = append(w.IDs, s)
		}
	}
	return w, nil
}

func parseVersions(m map[string]any) (Message, error) {
	list, ok := m["versions"].([]any)
	if !ok {
		return nil, fmt.Errorf("versions is not an array")
	}
	v := &Versions{}
	if _, present := m["id"]; present {
		id, err := readID(m)
		if err != nil {
			return nil, err
		}
		v.ID, v.HasID = id, true
	} else if len(list) > MaxVersions {
		list = list[:MaxVersions]
	}
	var err error
	if v.Versions, err = rawEntries(list); err != nil {
		return nil, fmt.Errorf("versions: %w", err)
	}
	return v, nil
}

func parsePushUpdate(m map[string]any) (Message, error) {
	v, present := m["version"]
	if !present {
		return nil, fmt.Errorf("no version")
	}
	return &PushUpdate{Version: v}, nil
}

func parseStored(m map[string]any) (Message, error) {
	list, ok := m["ids"].([]any)
	if !ok {
		return nil, fmt.Errorf("ids is not an array")
	}
	s := &Stored{IDs: []string{}}
	for _, e := range list {
		if len(s.IDs) == MaxStored {
			break
		}
		if id, ok := e.(string); ok {
			s.IDs = append(s.IDs, id)
		}
	}
	return s, nil
}

// readID reads m's id: a non-negative safe integer.
func readID(m map[string]any) (uint64, error) {
	f, ok := m["id"].(float64)
	if !ok || f < 0 || f > MaxID || f != math.Trunc(f) {
		return 0, fmt.Errorf("id %v is not a non-negative safe integer", m["id"])
	}
	return uint64(f), nil
}

// IsVersionID says whether s is a version id in its one canonical spelling
// (05 §2).
func IsVersionID(s string) bool {
	_, err := negentropy.IDFromVersionID(s)
	return err == nil
}
