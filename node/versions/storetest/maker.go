package storetest

import (
	"bytes"
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// Space is the space every Maker writes in: the chess club's id (03 §1.2).
const Space = "blm7z6wkumdjs43sxki3lv27z5x6qtwa345vmlzjco2mxxau3jmhq"

// Maker signs versions for tests: real versions, signed by a key derived
// from a seed (01 §3.2), each at the next place of its writer's line.
type Maker struct {
	t    testing.TB
	kp   *identity.KeyPair
	at   int64                  // seconds after CreatedBase; each version one later
	line map[string]*record.Log // the writer's last place per collection
}

// CreatedBase is the createdAt of a Maker's first version, in Unix seconds.
const CreatedBase = 1790000000

// NewMaker makes a writer whose key is derived from 16 bytes of seed.
func NewMaker(t testing.TB, seed byte) *Maker {
	t.Helper()
	kp, err := identity.DeriveKeyPairFromSeed(bytes.Repeat([]byte{seed}, 16))
	if err != nil {
		t.Fatalf("derive key: %v", err)
	}
	return &Maker{t: t, kp: kp, line: map[string]*record.Log{}}
}

// DID is the writer's did:key.
func (m *Maker) DID() string { return m.kp.DID() }

// Opts shape one version.
type Opts struct {
	Retain  bool
	Deleted bool
	// At, when not 0, is the createdAt in Unix seconds; else the Maker's
	// clock, one second per version.
	At int64
}

// First signs a first version (seq 0) of key in collection.
func (m *Maker) First(collection, key string, body any, o Opts) *record.Version {
	m.t.Helper()
	return m.sign(&record.Version{Space: Space, Collection: collection, Key: key}, body, o)
}

// Next signs the version after prev (02 §4.2).
func (m *Maker) Next(prev *record.Version, body any, o Opts) *record.Version {
	m.t.Helper()
	return m.sign(record.Next(prev), body, o)
}

func (m *Maker) sign(d *record.Version, body any, o Opts) *record.Version {
	m.t.Helper()
	at := o.At
	if at == 0 {
		m.at++
		at = CreatedBase + m.at
	}
	d.CreatedAt = isoTime(at)
	d.Retain, d.Deleted = o.Retain, o.Deleted
	if !o.Deleted {
		d.Body, d.HasBody = body, true
	}
	last := m.line[d.Collection]
	d.Log = &record.Log{N: 0}
	if last != nil {
		d.Log = &record.Log{N: last.N + 1, Prev: last.Prev}
	}
	v, err := record.Sign(d, m.kp)
	if err != nil {
		m.t.Fatalf("sign: %v", err)
	}
	m.line[d.Collection] = &record.Log{N: d.Log.N, Prev: v.ID}
	return v
}

// isoTime writes Unix seconds as a createdAt (02 §3.6).
func isoTime(sec int64) string {
	return time.Unix(sec, 0).UTC().Format("2006-01-02T15:04:05.000Z")
}
