package access

import (
	"reflect"
	"testing"
)

// TestReusedReadKeyRefused (03 §9.3): a key event naming a new key id but a
// read key already used, whether by an earlier change or by the
// constitution's K₀, is refused as key-reused in every arrival order; a
// key event with a fresh id and read key after them is applied, so the
// refusals are for the read key alone.
func TestReusedReadKeyRefused(t *testing.T) {
	g := founded([]string{"alice"}, role("member", grant("/record")))
	g.Private, g.KeyID, g.ReadKey = true, "key0", "did:key:zDnaeRead0"
	b := newBuilder(t, g)
	b.ev("key1", "alice", Event{Kind: KindKey, KeyID: "key1", ReadKey: "did:key:zDnaeRead1"}, "G")
	b.ev("reuses-change", "alice", Event{Kind: KindKey, KeyID: "key2", ReadKey: "did:key:zDnaeRead1"}, "key1")
	b.ev("reuses-genesis", "alice", Event{Kind: KindKey, KeyID: "key3", ReadKey: "did:key:zDnaeRead0"}, "reuses-change")
	b.ev("fresh", "alice", Event{Kind: KindKey, KeyID: "key4", ReadKey: "did:key:zDnaeRead4"}, "reuses-genesis")
	everyOrder(t, b, func(h *History) {
		for _, name := range []string{"reuses-change", "reuses-genesis"} {
			wantStatus(t, h, b, name, Dropped, Refused)
			wantRefusalCode(t, h, b, name, RefusedKeyReused)
		}
		wantStatus(t, h, b, "fresh", Applied, "")
		var got [][2]string
		for _, k := range h.Current().Keys() {
			got = append(got, [2]string{k.KeyID, k.ReadKey})
		}
		want := [][2]string{{"key0", "did:key:zDnaeRead0"}, {"key1", "did:key:zDnaeRead1"}, {"key4", "did:key:zDnaeRead4"}}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("keys %v, want %v", got, want)
		}
	})
}

// wantRefusalCode checks the code of a refused event's refusal.
func wantRefusalCode(t *testing.T, h *History, b *builder, name string, code RefusalCode) {
	t.Helper()
	st := h.Status(b.id(name))
	if st.Refusal == nil || st.Refusal.Code != code {
		t.Errorf("%s: refusal %v, want code %s", name, st.Refusal, code)
	}
}
