package enc

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"
)

// vectors is testdata/vectors.json, copied from the spec's vectors.json.
type vectors struct {
	CID []struct {
		Name, DataUTF8, CID string
	}
	Hex40 []struct {
		Name, Prefix, Input, RecordKey string
	}
	B64URL []struct {
		Name, Hex, B64URL string
	}
	Topic []struct {
		Name, InputUTF8, B64URLSHA256 string
	}
	CIDDigest []struct {
		Name, CID, DigestHex string
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The testdata uses snake_case names; map them to the fields above.
	r := strings.NewReplacer(`"data_utf8"`, `"DataUTF8"`, `"record_key"`, `"RecordKey"`,
		`"input_utf8"`, `"InputUTF8"`, `"b64url_sha256"`, `"B64URLSHA256"`,
		`"cid_digest"`, `"CIDDigest"`, `"digest_hex"`, `"DigestHex"`)
	if err := json.Unmarshal([]byte(r.Replace(string(b))), v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestSpecVectors(t *testing.T) {
	var v vectors
	readJSON(t, "testdata/vectors.json", &v)
	if len(v.CID) != 3 || len(v.Hex40) != 5 || len(v.B64URL) != 5 || len(v.Topic) != 1 || len(v.CIDDigest) != 1 {
		t.Fatalf("testdata incomplete: %+v", v)
	}
	for _, c := range v.CID {
		if got := CID([]byte(c.DataUTF8)); got != c.CID {
			t.Errorf("%s: CID = %s, want %s", c.Name, got, c.CID)
		}
		sum, err := ParseCID(c.CID)
		if err != nil || sum != sha256.Sum256([]byte(c.DataUTF8)) {
			t.Errorf("%s: ParseCID = %x, %v", c.Name, sum, err)
		}
	}
	for _, c := range v.Hex40 {
		if got := c.Prefix + Hex40(c.Input); got != c.RecordKey {
			t.Errorf("%s: key = %s, want %s", c.Name, got, c.RecordKey)
		}
	}
	for _, c := range v.B64URL {
		raw := unhex(t, c.Hex)
		if got := B64URL(raw); got != c.B64URL {
			t.Errorf("%s: B64URL = %s, want %s", c.Name, got, c.B64URL)
		}
		back, err := DecodeB64URL(c.B64URL)
		if err != nil || !bytes.Equal(back, raw) {
			t.Errorf("%s: DecodeB64URL = %x, %v", c.Name, back, err)
		}
	}
	for _, c := range v.Topic {
		sum := sha256.Sum256([]byte(c.InputUTF8))
		if got := B64URL(sum[:]); got != c.B64URLSHA256 {
			t.Errorf("%s: %s, want %s", c.Name, got, c.B64URLSHA256)
		}
	}
	for _, c := range v.CIDDigest {
		sum, err := ParseCID(c.CID)
		if err != nil || hex.EncodeToString(sum[:]) != c.DigestHex {
			t.Errorf("%s: ParseCID = %x, %v; want %s", c.Name, sum, err, c.DigestHex)
		}
		if CIDOfDigest(sum) != c.CID {
			t.Errorf("%s: CIDOfDigest does not round-trip", c.Name)
		}
	}
}

func TestBase58Vectors(t *testing.T) {
	var cases []struct{ Hex, Base58 string }
	readJSON(t, "testdata/base58.json", &cases)
	for _, c := range cases {
		raw := unhex(t, c.Hex)
		if got := Base58(raw); got != c.Base58 {
			t.Errorf("Base58(%s) = %q, want %q", c.Hex, got, c.Base58)
		}
		back, err := DecodeBase58(c.Base58)
		if err != nil || !bytes.Equal(back, raw) {
			t.Errorf("DecodeBase58(%q) = %x, %v; want %s", c.Base58, back, err, c.Hex)
		}
	}
}

func TestBase32(t *testing.T) {
	// 02 §4.1's example of a fresh record key: 16 bytes in base32.
	if got := Base32([]byte("abcdefghijklmnop")); got != "mfrggzdfmztwq2lknnwg23tpoa" {
		t.Errorf("Base32 = %s", got)
	}
	for _, s := range []string{"", "my", "mfra", "mfrgg", "mfrggza", "mfrggzdf"} {
		b, err := DecodeBase32(s)
		if err != nil || Base32(b) != s {
			t.Errorf("DecodeBase32(%q) = %x, %v", s, b, err)
		}
	}
}

func TestDecodersRefuse(t *testing.T) {
	tests := []struct {
		name   string
		decode func(string) error
		in     string
	}{
		{"b64 padding", b64err, "AA=="},
		{"b64 single padding", b64err, "AAA="},
		{"b64 plus", b64err, "+/8"},
		{"b64 slash", b64err, "ab/c"},
		{"b64 trailing bits", b64err, "AB"},
		{"b64 trailing bits 2", b64err, "AAB"},
		{"b64 length 1 mod 4", b64err, "AAAAA"},
		{"b64 newline", b64err, "AA\nAA"},
		{"b64 carriage return", b64err, "AAAA\r"},
		{"b64 space", b64err, "AA AA"},
		{"b32 upper case", b32err, "MFRGG"},
		{"b32 padding", b32err, "my======"},
		{"b32 digit 1", b32err, "m1"},
		{"b32 trailing bits", b32err, "mz"},
		{"b32 bad length", b32err, "m"},
		{"b32 bad length 3", b32err, "mfr"},
		{"b32 newline", b32err, "mf\nra"},
		{"b58 zero", b58err, "0"},
		{"b58 capital O", b58err, "O"},
		{"b58 capital I", b58err, "I"},
		{"b58 small l", b58err, "l"},
		{"b58 space", b58err, "2g "},
		{"b58 too long", b58err, strings.Repeat("2", MaxBase58Len+1)},
		{"cid empty", ciderr, ""},
		{"cid no b", ciderr, "a" + strings.Repeat("a", 52)},
		{"cid upper B", ciderr, "B" + strings.Repeat("a", 52)},
		{"cid upper", ciderr, "b" + strings.ToUpper("lm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq")},
		{"cid mixed", ciderr, "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhQ"},
		{"cid short", ciderr, "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmh"},
		{"cid long", ciderr, "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhqa"},
		{"cid trailing bit", ciderr, "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhr"},
		{"cid multibase cidv1", ciderr, "bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku"},
		{"cid bad char", ciderr, "b" + strings.Repeat("a", 51) + "1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.decode(tt.in); !errors.Is(err, ErrEncoding) {
				t.Fatalf("decode(%q) = %v, want ErrEncoding", tt.in, err)
			}
		})
	}
}

func b64err(s string) error { _, err := DecodeB64URL(s); return err }
func b32err(s string) error { _, err := DecodeBase32(s); return err }
func b58err(s string) error { _, err := DecodeBase58(s); return err }
func ciderr(s string) error { _, err := ParseCID(s); return err }

func TestDecodeB64URLLen(t *testing.T) {
	if b, err := DecodeB64URLLen("AAECAwQFBgcICQoL", 12); err != nil || len(b) != 12 {
		t.Errorf("12 bytes: %x, %v", b, err)
	}
	if _, err := DecodeB64URLLen("AAECAwQFBgcICQoL", 16); !errors.Is(err, ErrEncoding) {
		t.Errorf("wrong length accepted: %v", err)
	}
}

func TestRoundTripAllLengths(t *testing.T) {
	for n := 0; n < 70; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*37 + n)
		}
		if n > 2 {
			b[0], b[1] = 0, 0 // leading zeros for base58
		}
		if got, err := DecodeB64URL(B64URL(b)); err != nil || !bytes.Equal(got, b) {
			t.Errorf("b64 %d: %v", n, err)
		}
		if got, err := DecodeBase32(Base32(b)); err != nil || !bytes.Equal(got, b) {
			t.Errorf("b32 %d: %v", n, err)
		}
		if got, err := DecodeBase58(Base58(b)); err != nil || !bytes.Equal(got, b) {
			t.Errorf("b58 %d: %v", n, err)
		}
	}
}

// TestParseCIDAgreesWithDecode: the in-place decoder of ParseCID answers
// as DecodeBase32 does, on every digest spelled right and on each of its
// characters changed, including the last one's unused bits.
func TestParseCIDAgreesWithDecode(t *testing.T) {
	const alphabet = "abcdefghijklmnopqrstuvwxyz234567AZ01=b"
	for seed := range 200 {
		cid := CID([]byte{byte(seed), byte(seed >> 8)})
		for i := 1; i < len(cid); i++ {
			for _, c := range []byte(alphabet) {
				s := cid[:i] + string(c) + cid[i+1:]
				got, err := ParseCID(s)
				want, werr := parseCIDByDecode(s)
				if (err == nil) != (werr == nil) || got != want {
					t.Fatalf("%q: ParseCID = %x, %v; by DecodeBase32 %x, %v", s, got, err, want, werr)
				}
			}
		}
	}
}
