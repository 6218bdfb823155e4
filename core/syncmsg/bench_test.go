package syncmsg

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// benchVersions is a versions message of MaxVersions first versions as a
// first sync carries them (node/syncer/synctest's corpus): one writer, a
// small body each.
func benchVersions(b *testing.B) []byte {
	b.Helper()
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{7}, 16))
	if err != nil {
		b.Fatal(err)
	}
	const space = "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"
	m := &Versions{ID: 1, HasID: true}
	at := time.Date(2026, 9, 26, 12, 0, 0, 0, time.UTC)
	for i := range MaxVersions {
		d := &record.Version{Space: space, Collection: "app.wiki", Key: fmt.Sprintf("r%07d", i),
			CreatedAt: at.Add(time.Duration(i) * time.Millisecond).Format("2006-01-02T15:04:05.000Z"),
			Seen:      []string{}, Log: &record.Log{}, Body: map[string]any{"n": float64(i)}, HasBody: true}
		v, err := record.Sign(d, kp)
		if err != nil {
			b.Fatal(err)
		}
		raw, err := record.Marshal(v)
		if err != nil {
			b.Fatal(err)
		}
		m.Versions = append(m.Versions, RawJSON(raw))
	}
	out, err := Marshal(m)
	if err != nil {
		b.Fatal(err)
	}
	return out
}

// BenchmarkParseVersions parses a versions message of 200 versions and
// each of its versions (record.ParseBytes), as a receiver's Prepare does; the
// figure per op is per version.
func BenchmarkParseVersions(b *testing.B) {
	msg := benchVersions(b)
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for b.Loop() {
		m, err := Parse(msg)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range m.(*Versions).Versions {
			if _, err := record.ParseBytes(e.(RawJSON)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*MaxVersions), "ns/version")
	b.ReportMetric((cpuSeconds()-cpu0)*1e9/float64(b.N*MaxVersions), "cpu-ns/version")
}

// BenchmarkEntryHead reads the head of every entry of a versions message of
// 200 versions, as the intake does before parsing them; per version.
func BenchmarkEntryHead(b *testing.B) {
	m, err := Parse(benchVersions(b))
	if err != nil {
		b.Fatal(err)
	}
	es := m.(*Versions).Versions
	b.ResetTimer()
	cpu0 := cpuSeconds()
	for b.Loop() {
		for _, e := range es {
			if h := EntryHead(e.(RawJSON)); !h.HasID {
				b.Fatal("no id")
			}
		}
	}
	b.ReportMetric((cpuSeconds()-cpu0)*1e9/float64(b.N*len(es)), "cpu-ns/version")
}
