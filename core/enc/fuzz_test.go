package enc

import "testing"

// Each decoder accepts one spelling per byte string: whatever it accepts
// must encode back to exactly the input.

func FuzzDecodeB64URL(f *testing.F) {
	for _, s := range []string{"", "AA", "AB", "AAECAwQFBgcICQoL", "__79_Pv6", "AA==", "+/", "AA\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if b, err := DecodeB64URL(s); err == nil && B64URL(b) != s {
			t.Fatalf("%q decodes to %x, which encodes as %q", s, b, B64URL(b))
		}
	})
}

func FuzzDecodeBase32(f *testing.F) {
	for _, s := range []string{"", "my", "mz", "mfrggzdfmztwq2lknnwg23tpoa", "MY", "m"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if b, err := DecodeBase32(s); err == nil && Base32(b) != s {
			t.Fatalf("%q decodes to %x, which encodes as %q", s, b, Base32(b))
		}
	})
}

func FuzzDecodeBase58(f *testing.F) {
	for _, s := range []string{"", "1", "11", "2g", "zDnaerDaTF5BXEavCrfRZEk316dpbLsfPDZ3WJ5hRTPFU2169", "0OIl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if b, err := DecodeBase58(s); err == nil && Base58(b) != s {
			t.Fatalf("%q decodes to %x, which encodes as %q", s, b, Base58(b))
		}
	})
}

func FuzzParseCID(f *testing.F) {
	for _, s := range []string{"blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq", "baeaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sum, err := ParseCID(s)
		if want, werr := parseCIDByDecode(s); (err == nil) != (werr == nil) || sum != want {
			t.Fatalf("%q: ParseCID = %x, %v; by DecodeBase32 %x, %v", s, sum, err, want, werr)
		}
		if err != nil {
			return
		}
		if CIDOfDigest(sum) != s {
			t.Fatalf("%q parses to %x, which is spelled %q", s, sum, CIDOfDigest(sum))
		}
		if !IsCID(s) {
			t.Fatal("IsCID disagrees")
		}
	})
}

// parseCIDByDecode is ParseCID by way of DecodeBase32 (its spelling rules
// written once), which the in-place decoder must agree with.
func parseCIDByDecode(s string) ([32]byte, error) {
	var sum [32]byte
	if len(s) != CIDLen || s[0] != 'b' {
		return sum, ErrEncoding
	}
	b, err := DecodeBase32(s[1:])
	if err != nil {
		return sum, err
	}
	copy(sum[:], b)
	return sum, nil
}

// FuzzCIDOfDigest: the in-place spelling is "b" and Base32 of the digest.
func FuzzCIDOfDigest(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add([]byte("\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, b []byte) {
		var sum [32]byte
		copy(sum[:], b)
		if got, want := CIDOfDigest(sum), "b"+Base32(sum[:]); got != want {
			t.Fatalf("%x: %s, want %s", sum, got, want)
		}
	})
}
