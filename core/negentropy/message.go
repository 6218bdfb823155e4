package negentropy

import "fmt"

// Version is the protocol version byte of Negentropy version 1 (05 §3.2).
const Version byte = 0x61

// Versions 0x60..0x6f are Negentropy messages; a first byte outside them is
// not one (05 §3.2).
const (
	versionLow  byte = 0x60
	versionHigh byte = 0x6f
)

// Mode says what a range carries (05 §3.2).
type Mode uint64

// The modes of 05 §3.2.
const (
	ModeSkip        Mode = 0 // nothing
	ModeFingerprint Mode = 1 // 16 bytes
	ModeIDList      Mode = 2 // varint(count) and count ids
)

// Range is one range of a message: it covers the items from the previous
// range's bound (inclusive) up to Upper (exclusive) (05 §3.2).
type Range struct {
	Upper       Bound
	Mode        Mode
	Fingerprint Fingerprint // ModeFingerprint only
	IDs         []ID        // ModeIDList only
}

// Message is a Negentropy version 1 message: its ranges, in order.
type Message struct {
	Ranges []Range
}

// Decode parses a version 1 message. It wraps ErrNotNegentropy when the
// first byte is not a Negentropy version, ErrVersion when it is another
// Negentropy version, and ErrMalformed when the rest breaks 05 §3.2: a
// varint above 2^53 − 1, an id prefix longer than 32 bytes, an unknown mode,
// a message cut short, a bound past 2^53 − 1 that is not infinity, or bounds
// that go backwards.
func Decode(msg []byte) (Message, error) {
	if len(msg) == 0 || msg[0] < versionLow || msg[0] > versionHigh {
		return Message{}, ErrNotNegentropy
	}
	if msg[0] != Version {
		return Message{}, fmt.Errorf("%w: 0x%02x", ErrVersion, msg[0])
	}
	d := decoder{buf: msg, off: 1}
	// A range takes at least 3 bytes, and most take 19 (a Fingerprint).
	m := Message{Ranges: make([]Range, 0, len(msg)/19+1)}
	var prev Bound
	for d.off < len(d.buf) {
		r, err := d.rangeOf()
		if err != nil {
			return Message{}, fmt.Errorf("range %d at byte %d: %w", len(m.Ranges), d.off, err)
		}
		if compareBounds(&r.Upper, &prev) < 0 {
			return Message{}, fmt.Errorf("%w: range %d: bound before the previous one", ErrMalformed, len(m.Ranges))
		}
		prev = r.Upper
		m.Ranges = append(m.Ranges, r)
	}
	return m, nil
}

// decoder reads a message from the front; lastTS is the last timestamp
// decoded, for delta decoding (05 §3.2).
type decoder struct {
	buf    []byte
	off    int
	lastTS uint64
}

func (d *decoder) varint() (uint64, error) {
	v, n, err := readVarint(d.buf[d.off:])
	d.off += n
	return v, err
}

func (d *decoder) take(n uint64, what string) ([]byte, error) {
	if n > uint64(len(d.buf)-d.off) {
		return nil, fmt.Errorf("%w: message ends inside %s", ErrMalformed, what)
	}
	b := d.buf[d.off : d.off+int(n)]
	d.off += int(n)
	return b, nil
}

func (d *decoder) rangeOf() (Range, error) {
	var r Range
	var err error
	if r.Upper, err = d.bound(); err != nil {
		return r, err
	}
	mode, err := d.varint()
	if err != nil {
		return r, err
	}
	r.Mode = Mode(mode)
	switch r.Mode {
	case ModeSkip:
	case ModeFingerprint:
		fp, err := d.take(FingerprintSize, "a fingerprint")
		if err != nil {
			return r, err
		}
		r.Fingerprint = Fingerprint(fp)
	case ModeIDList:
		r.IDs, err = d.idList()
	default:
		err = fmt.Errorf("%w: unknown mode %d", ErrMalformed, mode)
	}
	return r, err
}

func (d *decoder) idList() ([]ID, error) {
	count, err := d.varint()
	if err != nil {
		return nil, err
	}
	if count > uint64(len(d.buf)-d.off)/IDSize {
		return nil, fmt.Errorf("%w: message ends inside a list of %d ids", ErrMalformed, count)
	}
	ids := make([]ID, count)
	for i := range ids {
		b, _ := d.take(IDSize, "an id")
		ids[i] = ID(b)
	}
	return ids, nil
}

// bound decodes varint(encoded timestamp) varint(length) prefix. Timestamp 0
// is infinity, and so is every timestamp after it; otherwise the value is
// the delta from the last timestamp, plus one (05 §3.2).
func (d *decoder) bound() (Bound, error) {
	enc, err := d.varint()
	if err != nil {
		return Bound{}, err
	}
	var b Bound
	switch {
	case enc == 0 || d.lastTS == Infinity:
		b.Timestamp = Infinity
	default:
		b.Timestamp = d.lastTS + enc - 1
		if b.Timestamp > MaxTimestamp {
			return Bound{}, fmt.Errorf("%w: bound timestamp exceeds 2^53 − 1", ErrMalformed)
		}
	}
	d.lastTS = b.Timestamp
	n, err := d.varint()
	if err != nil {
		return Bound{}, err
	}
	if n > IDSize {
		return Bound{}, fmt.Errorf("%w: id prefix of %d bytes (at most 32)", ErrMalformed, n)
	}
	prefix, err := d.take(n, "an id prefix")
	if err != nil {
		return Bound{}, err
	}
	b.Len = copy(b.Prefix[:], prefix)
	return b, nil
}

// encoder writes a message; lastTS is the last timestamp encoded, for delta
// encoding. It is kept apart from the bytes because the reconciler writes one
// message into two buffers (reconcile.go).
type encoder struct {
	lastTS uint64
}

// bound appends b: infinity as 0, otherwise timestamp − last + 1 (05 §3.2).
func (e *encoder) bound(dst []byte, b *Bound) []byte {
	if b.Timestamp == Infinity {
		e.lastTS = Infinity
		dst = append(dst, 0)
	} else {
		dst = appendVarint(dst, b.Timestamp-e.lastTS+1)
		e.lastTS = b.Timestamp
	}
	dst = appendVarint(dst, uint64(b.Len))
	return append(dst, b.Prefix[:b.Len]...)
}

// Encode writes the message: the version byte, then each range.
func (m Message) Encode() []byte {
	var e encoder
	out := []byte{Version}
	for i := range m.Ranges {
		r := &m.Ranges[i]
		out = e.bound(out, &r.Upper)
		out = appendVarint(out, uint64(r.Mode))
		switch r.Mode {
		case ModeFingerprint:
			out = append(out, r.Fingerprint[:]...)
		case ModeIDList:
			out = appendVarint(out, uint64(len(r.IDs)))
			for _, id := range r.IDs {
				out = append(out, id[:]...)
			}
		}
	}
	return out
}
