package invite

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/internal/testkit"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
)

// Property (03 §7.5, §5.2): a view-only invite reads everything and can
// write nothing. Over random histories of the public chess club (founder
// assigning and unassigning editor, members assigning each other, invites
// opened and joined, members writing), the holder of a view-only invitation
// accepts it as view-only, and its every write — ordinary records in any
// collection, its own profile, access changes for itself — is refused
// (or, for access versions, never applied). Members' writes in the same
// histories stand, and once the holder is assigned a role its writes stand
// too, so the refusals are the non-membership's doing.
func TestViewOnlyWritesNothing(t *testing.T) {
	const trials = 60
	for trial := range trials {
		r := rand.New(rand.NewPCG(uint64(trial), 7))
		w, members := randomHistory(t, r)
		holder := testkit.Key(t, bytes.Repeat([]byte{byte(100 + trial)}, 16))
		a := viewOnlyInvite(t, w.sp)
		if !a.ViewOnly() || a.InviteDID != "" || a.Preview().Role != "" {
			t.Fatalf("trial %d: not a view-only invite: %+v", trial, a.Preview())
		}
		for i := range 12 {
			v := w.sign(holder, randomWrite(r, w, holder, i))
			if got := verdictOf(w, v); got {
				t.Fatalf("trial %d: the view-only holder's %s %s stands", trial, v.Collection, v.Key)
			}
		}
		if len(members) > 0 {
			m := members[r.IntN(len(members))]
			if v := w.sign(m, chessMove(r)); w.standing(v).Answer != record.Stands {
				t.Fatalf("trial %d: member %s's move does not stand: %v", trial, m.DID(), w.standing(v))
			}
		}
		w.mustStore(w.sign(testkit.Founder(t), assign(holder.DID(), "editor", true)))
		if v := w.sign(holder, chessMove(r)); w.standing(v).Answer != record.Stands {
			t.Fatalf("trial %d: once assigned, the holder's move does not stand: %v", trial, w.standing(v))
		}
	}
}

// Property (03 §7.5, §8): a view-only invite to a private space carries
// the space key, which is the constitution's (its id and read key), and
// opens every body sealed under it, whoever sealed it.
func TestViewOnlyReadsEverything(t *testing.T) {
	sp, k := chessClub(t)
	p := Params{Signer: testkit.Founder(t), Space: sp, SpaceKey: k, CreatedAt: exampleTime, Rnd: testkit.Rand(3)}
	s, err := Encode(mustMake(t, p), nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := AcceptString(s)
	if err != nil {
		t.Fatal(err)
	}
	if !a.ViewOnly() || !a.Preview().CarriesKey {
		t.Fatalf("preview %+v", a.Preview())
	}
	id, _ := identity.SpaceKeyID(a.Invitation.Key)
	read, _ := identity.ReadKeyPair(a.Invitation.Key)
	if id != sp.EncryptionKeyID || read.DID() != sp.ReadKey {
		t.Fatalf("carried key: id %s read %s, constitution %s %s", id, read.DID(), sp.EncryptionKeyID, sp.ReadKey)
	}
	sealKey, _ := identity.SpaceSealKey(k)
	opener, _ := identity.SpaceSealKey(a.Invitation.Key)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		bound := map[string]any{"space": sp.ID, "collection": "app.chess", "key": fmt.Sprintf("k%d", i), "keyId": id}
		body := []byte(fmt.Sprintf(`{"move":%d,"by":%d}`, r.IntN(1000), r.IntN(5)))
		env, err := identity.Seal(sealKey, identity.LabelRecordBody, bound, body, testkit.Rand(uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		got, err := identity.Open(opener, identity.LabelRecordBody, bound, env)
		if err != nil || !bytes.Equal(got, body) {
			t.Fatalf("body %d: %v", i, err)
		}
	}
}

// viewOnlyInvite is the founder's view-only invitation to sp, as accepted.
func viewOnlyInvite(t testing.TB, sp *space.Space) *Accepted {
	t.Helper()
	v := mustMake(t, Params{Signer: testkit.Founder(t), Space: sp, CreatedAt: exampleTime, Rnd: testkit.Rand(5)})
	s, err := Encode(v, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := AcceptString("minca://join?invite=" + s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// verdictOf says whether a version counts: an ordinary one stands (§5.2),
// an access one is stored and applied (§3.4, §4). A version that does not
// count must be refused outright: never "later", never withdrawn.
func verdictOf(w *world, v *record.Version) bool {
	w.t.Helper()
	if !record.IsAccessCollection(v.Collection) {
		got := w.standing(v)
		if got.Answer != record.Stands && got.Answer != record.Refused {
			w.t.Fatalf("%s %s: %v, want refused", v.Collection, v.Key, got)
		}
		return got.Answer == record.Stands
	}
	if got := w.store(v); got.Answer != record.Stands {
		if got.Answer != record.Refused {
			w.t.Fatalf("%s %s: stored %v, want refused", v.Collection, v.Key, got)
		}
		return false
	}
	st := w.h.Status(v.ID)
	if st.Outcome != access.Applied && st.Outcome != access.Dropped {
		w.t.Fatalf("%s %s: %v, want dropped", v.Collection, v.Key, st)
	}
	return st.Outcome == access.Applied
}

// randomHistory builds the public chess club's history at random; it gives
// the world and the accounts that are editors at the end.
func randomHistory(t testing.TB, r *rand.Rand) (*world, []*identity.KeyPair) {
	w := newWorld(t, publicClub(t))
	alice := testkit.Founder(t)
	pool := make([]*identity.KeyPair, 4)
	for i := range pool {
		pool[i] = testkit.Key(t, bytes.Repeat([]byte{byte(10 + i)}, 16))
	}
	editors := func() []*identity.KeyPair {
		var out []*identity.KeyPair
		for _, k := range pool {
			if _, ok := w.h.Current().Assignment(k.DID(), "editor"); ok {
				out = append(out, k)
			}
		}
		return out
	}
	for range 6 + r.IntN(10) {
		target := pool[r.IntN(len(pool))]
		switch r.IntN(5) {
		case 0:
			w.store(w.sign(alice, assign(target.DID(), "editor", true)))
		case 1:
			if es := editors(); len(es) > 0 {
				w.store(w.sign(es[r.IntN(len(es))], assign(target.DID(), "editor", true)))
			}
		case 2:
			if _, ok := w.h.Current().Assignment(target.DID(), "editor"); ok {
				w.store(w.sign(alice, assign(target.DID(), "editor", false)))
			}
		case 3:
			secret := make([]byte, 32)
			for i := range secret {
				secret[i] = byte(r.IntN(256))
			}
			did, _ := DID(secret)
			d, _ := OpenDraft(w.sp.ID, did, "editor")
			w.store(w.sign(alice, d))
			if _, ok := w.h.Current().Assignment(target.DID(), "editor"); !ok {
				j, _ := JoinDraft(secret, w.sp.ID, target.DID(), "editor")
				w.store(w.sign(target, j))
			}
		case 4:
			if es := editors(); len(es) > 0 {
				w.sign(es[r.IntN(len(es))], chessMove(r))
			}
		}
	}
	return w, editors()
}

func assign(did, role string, assigned bool) *record.Version {
	return &record.Version{Collection: "sys.assign", Key: record.AssignKey(did, role), Retain: true, HasBody: true,
		Body: map[string]any{"did": did, "role": role, "assigned": assigned}}
}

func chessMove(r *rand.Rand) *record.Version {
	return &record.Version{Collection: "app.chess", Key: fmt.Sprintf("m%d", r.IntN(1<<30)), HasBody: true,
		Body: map[string]any{"move": float64(r.IntN(100))}}
}

// randomWrite is one thing a view-only holder might try to write.
func randomWrite(r *rand.Rand, w *world, holder *identity.KeyPair, i int) *record.Version {
	var d *record.Version
	switch r.IntN(7) {
	case 0, 1:
		d = chessMove(r)
		d.Collection = []string{"app.chess", "app.notes", "app.chat"}[r.IntN(3)]
	case 2:
		d = &record.Version{Collection: "sys.profile", Key: record.ProfileKey(holder.DID()), HasBody: true,
			Body: map[string]any{"name": "Holder"}}
	case 3:
		d = assign(holder.DID(), "editor", true)
	case 4:
		d = &record.Version{Collection: "sys.remove", Key: record.RemoveKey(testkit.Founder(w.t).DID()), Retain: true,
			HasBody: true, Body: map[string]any{"did": testkit.Founder(w.t).DID()}}
	case 5:
		// a join through an invite of its own making, never opened here
		secret := bytes.Repeat([]byte{byte(i + 1)}, 32)
		d, _ = JoinDraft(secret, w.sp.ID, holder.DID(), "editor")
	case 6:
		did, _ := DID(bytes.Repeat([]byte{byte(i + 50)}, 32))
		d, _ = OpenDraft(w.sp.ID, did, "editor")
	}
	if r.IntN(3) == 0 {
		d.Seen = []string{} // as having seen only the constitution
	}
	return d
}
