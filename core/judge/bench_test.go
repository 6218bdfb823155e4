package judge

import (
	"testing"
	"time"

	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/record"
)

// JudgeChecked answers as Judge does for versions the gate has verified.
func TestJudgeCheckedAgrees(t *testing.T) {
	w, vs := richWorld(t)
	s := w.standing()
	for _, v := range vs {
		if a, b := s.Judge(v), s.JudgeChecked(v); a.Answer != b.Answer {
			t.Errorf("%s: Judge %v, JudgeChecked %v", v.Key, a, b)
		}
	}
}

// The cost of standing against a signature check (PERFORMANCE-TARGETS:
// ingest bound by signatures): Verify is the floor, Judge verifies again,
// JudgeChecked does not, for a version checked as the gate checks it
// (record.VerifyCached, which keeps the body's JSON it hashed).
func BenchmarkStanding(b *testing.B) {
	w, _, v := checkedChat(b)
	s := w.standing()
	if got := s.Judge(v); got.Answer != record.Stands {
		b.Fatalf("%v", got)
	}
	b.Run("Verify", func(b *testing.B) {
		for b.Loop() {
			_ = record.Verify(v)
		}
	})
	b.Run("Judge", func(b *testing.B) {
		for b.Loop() {
			s.Judge(v)
		}
	})
	b.Run("JudgeChecked", func(b *testing.B) {
		for b.Loop() {
			s.JudgeChecked(v)
		}
	})
}

// BenchmarkWriteInvocation is preparing a checked version's /record/write
// invocation (the may() cache key): from the body's JSON VerifyCached kept
// (publicWrite), and written again from the body (an opener that opens
// bodies as PublicBodies does under another type, so NewInvocation). The
// two take turns in blocks within one op, so both see the machine's load
// alike; each reports its CPU time per invocation (getrusage).
func BenchmarkWriteInvocation(b *testing.B) {
	w, erin, v := checkedChat(b)
	kept, other := w.standing(), w.standing()
	other.Opener = clearBodies{}
	const block = 2000
	var cpu [2]time.Duration
	for b.Loop() {
		for i, s := range []*Standing{kept, other} {
			c0 := cpuTime()
			for range block {
				s.invocation(v, nil, erin.DID())
			}
			cpu[i] += cpuTime() - c0
		}
	}
	b.ReportMetric(float64(cpu[0].Nanoseconds())/float64(b.N*block), "kept-cpu-ns/op")
	b.ReportMetric(float64(cpu[1].Nanoseconds())/float64(b.N*block), "rewritten-cpu-ns/op")
}

// checkedChat is richWorld with Erin made a member and a chat message she
// wrote, checked as the gate checks it (record.VerifyCached).
func checkedChat(b *testing.B) (*world, *identity.KeyPair, *record.Version) {
	b.Helper()
	w, _ := richWorld(b)
	alice, erin := keyOf(b, seedAlice), keyOf(b, seedErin)
	a1 := w.assign(alice, erin, "member", w.h.Heads()...)
	v := w.write(erin, "app.chat", "bench", chat("hello"), a1)
	var keys identity.DIDCache
	if err := record.VerifyCached(v, &keys); err != nil {
		b.Fatal(err)
	}
	return w, erin, v
}

// clearBodies opens bodies in the clear, as PublicBodies, under another type.
type clearBodies struct{ PublicBodies }
