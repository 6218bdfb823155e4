package judge

import (
	"testing"

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
// JudgeChecked does not.
func BenchmarkStanding(b *testing.B) {
	w, _ := richWorld(b)
	alice, erin := keyOf(b, seedAlice), keyOf(b, seedErin)
	a1 := w.assign(alice, erin, "member", w.h.Heads()...)
	v := w.write(erin, "app.chat", "bench", chat("hello"), a1)
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
