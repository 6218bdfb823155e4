package judge

import (
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/record"
)

// FuzzEventFromVersion feeds outside bytes to EventFromVersion (03 §3.3):
// it must never panic, and whatever it accepts must be an event the replay
// takes, of the kind its collection names, at the record key it names. Each
// input is judged as it comes and again re-signed by a member in this
// space, so the body checks are reached past the signature.
func FuzzEventFromVersion(f *testing.F) {
	alice := keyOf(f, seedAlice)
	w := newWorld(f, founders(alice), nil)
	for _, c := range kindCases(f, w) {
		v := w.sign(alice, &record.Version{Collection: c.collection, Key: c.key, Retain: true,
			Seen: []string{w.sp.ID}, Body: c.body, HasBody: !c.deleted, Deleted: c.deleted})
		b, err := record.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"collection":"sys.assign","key":"assign:x","body":{"did":1}}`))
	f.Add([]byte(`[]`))
	sp := w.space()
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := record.ParseBytes(data)
		if err != nil {
			return
		}
		if ev, err := EventFromVersion(v, sp); err == nil {
			checkEvent(t, w, v, ev)
		}
		v.Space = sp.ID
		if v.Log == nil {
			v.Log = &record.Log{}
		}
		signed, err := record.Sign(v, alice)
		if err != nil {
			return
		}
		if ev, err := EventFromVersion(signed, sp); err == nil {
			checkEvent(t, w, signed, ev)
		}
	})
}

// checkEvent checks what every event EventFromVersion yields must be.
func checkEvent(t *testing.T, w *world, v *record.Version, ev access.Event) {
	t.Helper()
	if err := ev.Validate(); err != nil {
		t.Fatalf("event does not validate: %v", err)
	}
	if ev.ID != v.ID || ev.Author != v.Author || ev.Kind.Collection() != v.Collection || ev.RecordKey() != v.Key {
		t.Fatalf("event %s %s at %s from version %s in %s at %s", ev.ID, ev.Kind, ev.RecordKey(), v.ID, v.Collection, v.Key)
	}
	h, err := access.NewHistory(GenesisOf(w.sp))
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Add(ev); err != nil {
		t.Fatalf("the replay refuses the event's shape: %v", err)
	}
}

// FuzzStanding judges outside versions in a space with a rich history
// (03 §5.2): whatever the bytes, Standing answers one of the four answers,
// never panics, and gives a reason for every answer but stands and later.
func FuzzStanding(f *testing.F) {
	w, vs := richWorld(f)
	for _, v := range append(vs, w.added...) {
		b, err := record.Marshal(v)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	s := w.standing()
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := record.ParseBytes(data)
		if err != nil {
			return
		}
		got := s.Judge(v)
		switch got.Answer {
		case record.Stands, record.Later:
		case record.Withdrawn, record.Refused:
			if got.Reason == nil {
				t.Fatalf("%v without a reason", got.Answer)
			}
		default:
			t.Fatalf("answer %v", got.Answer)
		}
	})
}
