package runtime

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/syncmsg"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/segments"
	"minca.dev/desktop/node/syncer"
	"minca.dev/desktop/node/versions"
)

// engineGate.Offer, as a folder pull uses it (05 §8, §16.4): a version
// whose predecessor is not held comes back Waiting (02 §9.5 later), not
// Refused, and is taken once the predecessor has arrived; an altered copy
// is Refused; what the store holds byte for byte is Stored at once.
func TestEngineGateOfferWaitsForPredecessor(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	a := openWith(t, filepath.Join(dir, "a"), nil)
	_, pub, _ := aliceTwoSpaces(t, a)
	firstID, err := a.Write(ctx, api.Write{SpaceID: pub.ID, Collection: "app.chat", Body: "first"})
	if err != nil {
		t.Fatal(err)
	}
	a.mu.Lock()
	h := a.spaces[pub.ID]
	self := a.wire.DID()
	a.mu.Unlock()
	first, err := h.store.Get(ctx, firstID)
	if err != nil {
		t.Fatal(err)
	}
	key := first.Key
	if _, err := a.Write(ctx, api.Write{SpaceID: pub.ID, Collection: "app.chat", Key: key, Body: "second"}); err != nil {
		t.Fatal(err)
	}
	ent, err := h.store.Record(ctx, key)
	if err != nil || ent.Current == "" {
		t.Fatalf("record %s: %+v %v", key, ent, err)
	}
	v2, err := h.store.Get(ctx, ent.Current)
	if err != nil {
		t.Fatal(err)
	}
	if v2.Seq != 1 || v2.Prev == "" {
		t.Fatalf("the edit is not the record's second version: %+v", v2)
	}
	v1, err := h.store.Get(ctx, v2.Prev) // what the store keeps of it
	if err != nil {
		t.Fatal(err)
	}
	dump, err := h.store.Dump(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var rest []*record.Version // every version of the space but v1 and v2
	for id := range dump.Versions {
		if id == v1.ID || id == v2.ID {
			continue
		}
		v, err := h.store.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		rest = append(rest, v)
	}

	// A second store of the same space, empty, behind its own engine.
	fresh, err := versions.OpenSQLite(ctx, versions.Config{Path: filepath.Join(dir, "fresh.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer fresh.Close()
	sp, err := syncer.NewSpace(ctx, syncer.SpaceConfig{Space: h.sp, Store: fresh})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := syncer.New(syncer.Config{Self: self, Space: sp, Clock: clock{a}, Holds: syncmsg.HoldsAll})
	if err != nil {
		t.Fatal(err)
	}
	g := engineGate{eng: eng, store: fresh}
	offerAll(t, g, rest)

	out, err := g.Offer(ctx, []*record.Version{v2})
	if err != nil || out[0] != segments.Waiting {
		t.Fatalf("v2 before v1: %v %v, want Waiting", out, err)
	}
	if _, err := fresh.Get(ctx, v2.ID); err == nil {
		t.Fatal("a waiting version was stored")
	}
	out, err = g.Offer(ctx, []*record.Version{v1, v2})
	if err != nil || out[0] != segments.Stored || out[1] != segments.Stored {
		t.Fatalf("v1 then v2: %v %v, want Stored twice", out, err)
	}
	if got, err := fresh.Get(ctx, v2.ID); err != nil || got.ID != v2.ID {
		t.Fatalf("v2 not stored: %v", err)
	}

	forged := *v2
	forged.Body = "altered"
	out, err = g.Offer(ctx, []*record.Version{&forged, v2})
	if err != nil || out[0] != segments.Refused || out[1] != segments.Stored {
		t.Fatalf("altered copy, then v2 again: %v %v, want Refused, Stored", out, err)
	}
}

// offerAll offers vs until every one is Stored, in whatever order they
// need (a space's history arrives from a folder in name order, not in the
// order it was written).
func offerAll(t *testing.T, g engineGate, vs []*record.Version) {
	t.Helper()
	for left := vs; len(left) > 0; {
		out, err := g.Offer(context.Background(), left)
		if err != nil {
			t.Fatal(err)
		}
		var wait []*record.Version
		for i, o := range out {
			switch o {
			case segments.Waiting:
				wait = append(wait, left[i])
			case segments.Refused:
				t.Fatalf("%s of the space's own history refused", left[i].ID)
			}
		}
		if len(wait) == len(left) {
			t.Fatalf("%d versions wait on each other for ever", len(wait))
		}
		left = wait
	}
}

// A space's sync status counts what its pulls from the data folder turned
// away (05 §16.4): a segment whose bytes do not match its name, one that is
// not JSON, and a name under the space that is no segment's.
func TestFolderPullsCounted(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	shared := filepath.Join(dir, "Shared")
	a := openWith(t, filepath.Join(dir, "a"), nil)
	if _, err := a.SetFolder(ctx, api.SetFolder{Path: shared, Mode: "use"}); err != nil {
		t.Fatal(err)
	}
	_, pub, _ := aliceTwoSpaces(t, a)
	if _, err := a.Write(ctx, api.Write{SpaceID: pub.ID, Collection: "app.chat", Body: "hello"}); err != nil {
		t.Fatal(err)
	}
	a.mu.Lock()
	acct := a.st.AccountID
	a.mu.Unlock()
	sp := filepath.Join(shared, "accounts", acct, "stores", "spaces", pub.ID)
	writer := filepath.Join(sp, strings.Repeat("ba", 16))
	if err := os.MkdirAll(writer, 0o700); err != nil {
		t.Fatal(err)
	}
	notJSON := []byte("not json at all")
	for name, b := range map[string][]byte{
		"000001-0123456789abcdef.seg": []byte("bytes of another name"),
		segments.Name(2, notJSON):     notJSON,
		"not-a-segment":               []byte("x"),
	} {
		if err := os.WriteFile(filepath.Join(writer, name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, "the public space's pulls count the planted files", func() error {
		st, err := a.SyncStatus(ctx)
		if err != nil {
			return err
		}
		for _, s := range st.Spaces {
			if s.SpaceID != pub.ID {
				continue
			}
			if c := s.Folder; c == nil || c.BadHash < 1 || c.Empty != 1 || c.BadKey < 1 {
				return fmt.Errorf("folder pulls %+v", c)
			}
			return nil
		}
		return fmt.Errorf("no status for %s", pub.ID)
	})
}
