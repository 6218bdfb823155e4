package segments

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

func TestEmptySegmentNameVector(t *testing.T) {
	b, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vs []struct {
		Inputs struct {
			Bytes   string `json:"segment_bytes_utf8"`
			Counter int    `json:"counter"`
		} `json:"inputs"`
		Expected struct {
			Name string `json:"name"`
		} `json:"expected"`
	}
	if err := json.Unmarshal(b, &vs); err != nil || len(vs) != 1 {
		t.Fatalf("vectors: %v", err)
	}
	v := vs[0]
	enc, err := Encode(nil)
	if err != nil {
		t.Fatal(err)
	}
	if string(enc) != v.Inputs.Bytes {
		t.Fatalf("Encode(empty) = %s, want %s", enc, v.Inputs.Bytes)
	}
	if got := Name(v.Inputs.Counter, enc); got != v.Expected.Name {
		t.Fatalf("Name = %s, want %s", got, v.Expected.Name)
	}
	if !Matches(v.Expected.Name, enc) || Matches(v.Expected.Name, []byte(`{"v":7,"versions":[]}`)) {
		t.Fatal("Matches")
	}
}

func TestParseName(t *testing.T) {
	cases := []struct {
		name string
		ok   bool
		n    int
	}{
		{"000001-10773071eecc244b.seg", true, 1},
		{"1234567-10773071eecc244b.seg", true, 1234567},
		{"000000-10773071eecc244b.seg", false, 0},
		{"00001-10773071eecc244b.seg", false, 0},
		{"0000001-10773071eecc244b.seg", false, 0},
		{"000001-10773071EECC244B.seg", false, 0},
		{"000001-10773071eecc244b.seg.tmp", false, 0},
		{"000001-10773071eecc244.seg", false, 0},
		{"x", false, 0},
	}
	for _, c := range cases {
		n, _, ok := ParseName(c.name)
		if ok != c.ok || n != c.n {
			t.Errorf("ParseName(%q) = %d %v", c.name, n, ok)
		}
	}
}

func TestDecode(t *testing.T) {
	cases := []struct {
		in      string
		ok      bool
		n, skip int
	}{
		{`{"v":8,"versions":[]}`, true, 0, 0},
		{`{"v":8,"versions":[{"id":"a"},1,{"id":2},{"x":1},{"id":"b"}]}`, true, 2, 3},
		{`{"v":7,"versions":[{"id":"a"}]}`, false, 0, 0},
		{`{"v":"8","versions":[]}`, false, 0, 0},
		{`{"v":8}`, false, 0, 0},
		{`{"v":8,"versions":{}}`, false, 0, 0},
		{`[8]`, false, 0, 0},
		{`not json`, false, 0, 0},
		{`{"v":8,"versions":[]} trailing`, false, 0, 0},
		{``, false, 0, 0},
	}
	for _, c := range cases {
		es, skip, ok := Decode([]byte(c.in))
		if ok != c.ok || len(es) != c.n || skip != c.skip {
			t.Errorf("Decode(%s) = %d entries, %d skipped, %v", c.in, len(es), skip, ok)
		}
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"v":8,"versions":[]}`, `{"v":8,"versions":[{"id":"x","a":[1,{}]}]}`, `{"v":7}`, `[`, `{"v":8,"versions":[null,{"id":1}]}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		es, _, ok := Decode(b)
		if !ok && len(es) != 0 {
			t.Fatal("entries from a segment that holds nothing")
		}
		for _, e := range es {
			if _, isStr := e["id"].(string); !isStr {
				t.Fatal("entry without a string id")
			}
		}
	})
}

func FuzzParseName(f *testing.F) {
	for _, s := range []string{"000001-10773071eecc244b.seg", "999999999-0000000000000000.seg", "0000001-10773071eecc244b.seg", "1-a.seg", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		n, h, ok := ParseName(name)
		if !ok {
			return
		}
		if n < 1 || len(h) != 16 || ValidWriterID(name) {
			t.Fatalf("ParseName(%q) = %d %q", name, n, h)
		}
		if got := fmt.Sprintf("%06d-%s.seg", n, h); got != name {
			t.Fatalf("ParseName(%q) does not print back: %q", name, got)
		}
	})
}
