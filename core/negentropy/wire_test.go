package negentropy

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestVarint(t *testing.T) {
	for _, c := range []struct {
		v   uint64
		hex string
	}{
		{0, "00"},
		{1, "01"},
		{127, "7f"},
		{128, "8100"},
		{16383, "ff7f"},
		{16384, "818000"},
		{1_700_000_004, "86aacfe204"},
		{MaxVarint, "8fffffffffffff7f"},
	} {
		got := appendVarint(nil, c.v)
		if want := mustHex(t, c.hex); !bytes.Equal(got, want) {
			t.Errorf("encode %d: got %x, want %s", c.v, got, c.hex)
		}
		if varintLen(c.v) != len(got) {
			t.Errorf("varintLen(%d) = %d, want %d", c.v, varintLen(c.v), len(got))
		}
		v, n, err := readVarint(append(got, 0xaa))
		if err != nil || v != c.v || n != len(got) {
			t.Errorf("decode %s: got %d, %d, %v", c.hex, v, n, err)
		}
	}
}

func TestVarintRejects(t *testing.T) {
	for _, c := range []struct{ name, hex string }{
		{"empty", ""},
		{"cut off", "8180"},
		{"2^53", "9080808080808000"},
		{"2^64", "82808080808080808000"},
	} {
		if _, _, err := readVarint(mustHex(t, c.hex)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: got %v, want ErrMalformed", c.name, err)
		}
	}
	// Leading zero groups are tolerated, as by the reference.
	if v, _, err := readVarint(mustHex(t, "808001")); err != nil || v != 1 {
		t.Errorf("808001: got %d, %v", v, err)
	}
}

func TestMinimalBound(t *testing.T) {
	id := func(h string) ID { return idHex(t, h+strings.Repeat("00", 32-len(h)/2)) }
	for _, c := range []struct {
		name       string
		prev, next Item
		want       Bound
	}{
		{"timestamps differ", Item{5, id("ff")}, Item{7, id("00")}, Bound{Timestamp: 7}},
		{"first byte differs", Item{5, id("0e")}, Item{5, id("15")}, NewBound(5, []byte{0x15})},
		{"shared prefix", Item{5, id("aabb01")}, Item{5, id("aabb02")}, NewBound(5, []byte{0xaa, 0xbb, 0x02})},
		{"last byte differs", Item{5, id(strings.Repeat("11", 31) + "01")}, Item{5, id(strings.Repeat("11", 31) + "02")},
			NewBound(5, mustHex(t, strings.Repeat("11", 31)+"02"))},
	} {
		got := minimalBound(&c.prev, &c.next)
		if got != c.want {
			t.Errorf("%s: got %d/%x, want %d/%x", c.name, got.Timestamp, got.Bytes(), c.want.Timestamp, c.want.Bytes())
		}
		if !got.HasBefore(&c.prev) || got.HasBefore(&c.next) {
			t.Errorf("%s: bound not between the items", c.name)
		}
	}
}

func TestDecodeRejects(t *testing.T) {
	fp := strings.Repeat("ab", 16)
	id := strings.Repeat("01", 32)
	for _, c := range []struct {
		name, hex string
		want      error
	}{
		{"empty", "", ErrNotNegentropy},
		{"not negentropy", "1200", ErrNotNegentropy},
		{"above 0x6f", "70", ErrNotNegentropy},
		{"other version", "62", ErrVersion},
		{"version 0", "60000000", ErrVersion},
		{"prefix of 33 bytes", "610021", ErrMalformed},
		{"prefix cut off", "61000301", ErrMalformed},
		{"unknown mode", "61000003", ErrMalformed},
		{"no mode", "610000", ErrMalformed},
		{"fingerprint cut off", "61000001" + fp[:30], ErrMalformed},
		{"id list cut off", "6100000202" + id, ErrMalformed},
		{"id list count huge", "61000002" + "8fffffffffffff7f", ErrMalformed},
		{"varint cut off", "6180", ErrMalformed},
		{"varint past 2^53-1", "619080808080808000", ErrMalformed},
		{"timestamp past 2^53-1", "618fffffffffffff7f0000" + "030000", ErrMalformed},
		{"bounds going back", "610501100001010500", ErrMalformed},
		{"timestamps going back", "610a0000" + "0000", ErrMalformed},
	} {
		_, err := Decode(mustHex(t, c.hex))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, err, c.want)
		}
	}
}

func TestDecodeAccepts(t *testing.T) {
	for _, c := range []struct {
		name, hex string
		ranges    int
		reencoded string // when not the input itself
	}{
		{"version byte alone", "61", 0, ""},
		{"empty id list to infinity", "6100000200", 1, ""},
		{"trailing skip", "61050000", 1, ""},
		{"ranges after infinity are infinite", "61000000050000", 2, "61000000000000"},
		{"equal bounds", "61050000" + "010000", 2, ""},
		{"full id bound", "610520" + strings.Repeat("07", 32) + "00", 1, ""},
		{"non-minimal varint", "6180050000", 1, "61050000"},
	} {
		m, err := Decode(mustHex(t, c.hex))
		if err != nil || len(m.Ranges) != c.ranges {
			t.Errorf("%s: got %d ranges, %v; want %d", c.name, len(m.Ranges), err, c.ranges)
			continue
		}
		want := c.hex
		if c.reencoded != "" {
			want = c.reencoded
		}
		if got := m.Encode(); !bytes.Equal(got, mustHex(t, want)) {
			t.Errorf("%s: re-encoded as %x", c.name, got)
		}
	}
}

// TestVersionHandling: a responder answers another version with 61; an
// initiator fails; neither takes what is not Negentropy (05 §3.2).
func TestVersionHandling(t *testing.T) {
	v := mustVector(t, nil)
	resp, _ := NewResponder(v, 0)
	in, _ := NewInitiator(v, 0)
	if out, err := resp.Respond([]byte{0x62, 0x01, 0x02}); err != nil || !bytes.Equal(out, []byte{Version}) {
		t.Errorf("responder, version 0x62: got %x, %v; want 61", out, err)
	}
	if _, err := in.Reconcile([]byte{0x62}); !errors.Is(err, ErrVersion) {
		t.Errorf("initiator, version 0x62: got %v, want ErrVersion", err)
	}
	for _, msg := range [][]byte{nil, {0x12, 0x00}, {0x5f}} {
		if _, err := resp.Respond(msg); !errors.Is(err, ErrNotNegentropy) {
			t.Errorf("responder, %x: got %v", msg, err)
		}
		if _, err := in.Reconcile(msg); !errors.Is(err, ErrNotNegentropy) {
			t.Errorf("initiator, %x: got %v", msg, err)
		}
	}
}

func TestFrameLimitArgument(t *testing.T) {
	v := mustVector(t, nil)
	for _, limit := range []int{1, 200, 4095, -1} {
		if _, err := NewInitiator(v, limit); !errors.Is(err, ErrFrameLimit) {
			t.Errorf("initiator, limit %d: got %v", limit, err)
		}
		if _, err := NewResponder(v, limit); !errors.Is(err, ErrFrameLimit) {
			t.Errorf("responder, limit %d: got %v", limit, err)
		}
	}
	for _, limit := range []int{0, 4096, 32_000} {
		if _, err := NewInitiator(v, limit); err != nil {
			t.Errorf("limit %d: %v", limit, err)
		}
	}
}
