package syncer

import (
	"context"
	"errors"
	"fmt"
	"time"

	"minca.dev/desktop/core/access"
	"minca.dev/desktop/core/identity"
	"minca.dev/desktop/core/judge"
	"minca.dev/desktop/core/note"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/space"
	"minca.dev/desktop/node/versions"
)

// Space is one space as the gatekeeper sees it (05 §8): its store, and the
// replay of its access history (core/access) kept in step with what the
// store holds. It answers the four answers of 02 §9.5 (stands, later,
// withdrawn, refused) through core/record's Gate, core/judge's MayStore
// (access versions) and Standing (every other version).
//
// A Space is not safe for concurrent use; the Engine that owns it serialises
// every call.
type Space struct {
	id      string
	store   versions.Store
	history *access.History
	notes   record.NoteChecker
	opener  judge.Opener
	// verify false skips signature and note checks: for benchmarks that
	// measure the engine apart from P-256 (see SpaceConfig.NoVerify).
	verify bool
	// keys decodes authors' DIDs once for the signature checks (safe for
	// concurrent use, unlike the rest of Space).
	keys identity.DIDCache
	// pending are versions let in and not yet written: a batch is judged
	// version by version, each seeing those before it, and lands as one
	// change (Flush).
	pending     map[string]*record.Version
	pendingList []*record.Version
	// pendingAccess says an access version is among them: it lands at
	// once, since admission follows what the store holds (netsync).
	pendingAccess bool
	// landing are the versions of the change being written aside, off the
	// engine's lock (Engine.landAsideLocked): held exactly as pending ones
	// are until it ends (handOff, landed). Never an access version.
	landing map[string]*record.Version
}

// SpaceConfig says which space a Space judges for.
type SpaceConfig struct {
	Space *space.Space   // the checked constitution and its id
	Store versions.Store // what the node holds of it
	// Opener opens bodies as this node can (nil: a public space's bodies,
	// judge.PublicBodies).
	Opener judge.Opener
	// NoVerify skips the signature, body hash and note checks of 02 §9 and
	// trusts each version's author as its own root. Only for measuring the
	// engine without P-256 (the benchmark); a node never sets it.
	NoVerify bool
}

// NewSpace opens a space: the replay starts from the constitution's genesis
// and takes in every access version the store already keeps.
func NewSpace(ctx context.Context, cfg SpaceConfig) (*Space, error) {
	if cfg.Space == nil || cfg.Store == nil {
		return nil, errors.New("new space: no space or no store")
	}
	h, err := access.NewHistory(judge.GenesisOf(cfg.Space))
	if err != nil {
		return nil, fmt.Errorf("new space %s: %w", cfg.Space.ID, err)
	}
	s := &Space{id: cfg.Space.ID, store: cfg.Store, history: h, notes: note.Checker{},
		opener: cfg.Opener, verify: !cfg.NoVerify,
		pending: map[string]*record.Version{}}
	if s.opener == nil {
		s.opener = judge.PublicBodies{}
	}
	if err := s.replayStore(ctx); err != nil {
		return nil, fmt.Errorf("new space %s: %w", s.id, err)
	}
	return s, nil
}

// ID is the space id.
func (s *Space) ID() string { return s.id }

// Store is the space's store.
func (s *Space) Store() versions.Store { return s.store }

// History is the space's access history, as far as the store holds it.
func (s *Space) History() *access.History { return s.history }

// replayStore adds the events of every access version the store keeps.
func (s *Space) replayStore(ctx context.Context) error {
	sums, err := s.store.Sums(ctx)
	if err != nil {
		return err
	}
	var events []access.Event
	for c := range sums {
		if !record.IsAccessCollection(c) {
			continue
		}
		vs, err := s.store.Collection(ctx, c)
		if err != nil {
			return err
		}
		evs, _ := judge.EventsFromVersions(vs, judge.Space{ID: s.id})
		events = append(events, evs...)
	}
	return s.history.Add(events...)
}

// Judge gives v's answer as this node holds the space now (02 §9.5):
// the record-level steps first (record.Gate), then, for an access version,
// whether it may be stored (03 §3.4), else its standing (03 §5.2).
// An access version that may be stored answers Stands: it is stored whatever
// its event's fate in the replay, which decides whether it counts.
//
// verified says record.Verify passed on v already (verifyAll), so its
// signature is not checked again.
func (s *Space) Judge(ctx context.Context, v *record.Version, now time.Time, verified bool) record.Verdict {
	lookup := s.lookup(ctx)
	verdict := s.gate(v, now, lookup, verified)
	if verdict.Answer != record.Stands {
		return verdict
	}
	if record.IsAccessCollection(v.Collection) {
		_, verdict = judge.MayStore(s.history, v, judge.Space{ID: s.id})
		return verdict
	}
	st := judge.Standing{Space: judge.Space{ID: s.id}, History: s.history, Lookup: lookup, Opener: s.opener}
	return st.JudgeChecked(v)
}

func (s *Space) gate(v *record.Version, now time.Time, lookup record.Lookup, verified bool) record.Verdict {
	if !s.verify {
		return record.CheckChain(v, lookup)
	}
	g := record.Gate{Space: s.id, Now: now, Notes: s.notes, Lookup: lookup}
	if verified {
		return checkVerified(&g, v)
	}
	_, verdict := g.Check(v)
	return verdict
}

// Verifies says whether this space checks signatures (false only with
// SpaceConfig.NoVerify).
func (s *Space) Verifies() bool { return s.verify }

// Accept lets v in: it is held from now on (Held, the lookups of later
// judgements), its access event is added to the history, and it is written
// with the rest of its batch by Flush.
func (s *Space) Accept(v *record.Version) error {
	if p := s.unlanded(v.ID); p != nil && (v.IsStub() || !p.IsStub()) {
		return nil
	}
	s.pending[v.ID] = v
	s.pendingList = append(s.pendingList, v)
	if !record.IsAccessCollection(v.Collection) {
		return nil
	}
	s.pendingAccess = true
	ev, err := judge.EventFromVersion(v, judge.Space{ID: s.id})
	if err != nil {
		return nil // stored, yielding no event: it never counts (03 §3.4)
	}
	if err := s.history.Add(ev); err != nil {
		return fmt.Errorf("accept %s: add its access event: %w", v.ID, err)
	}
	return nil
}

// Flush writes the accepted versions as one change (05 §10.1). If the
// change fails, each is written on its own, and those that still fail are
// returned (the store refused them: ErrInvalid, ErrConflict).
func (s *Space) Flush(ctx context.Context) (failed []string, err error) {
	list := s.pendingList
	s.Discard()
	return s.put(ctx, list)
}

// put writes list as one change, or each alone if the store refuses the
// change (Flush). It touches only the store, which is safe for concurrent
// use, so a landing aside calls it off the engine's lock.
func (s *Space) put(ctx context.Context, list []*record.Version) (failed []string, err error) {
	if len(list) == 0 {
		return nil, nil
	}
	if err := s.store.Put(ctx, list...); err == nil {
		return nil, nil
	} else if !errors.Is(err, versions.ErrInvalid) && !errors.Is(err, versions.ErrConflict) {
		return nil, fmt.Errorf("store %d versions: %w", len(list), err)
	}
	for _, v := range list {
		if err := s.store.Put(ctx, v); err != nil {
			if !errors.Is(err, versions.ErrInvalid) && !errors.Is(err, versions.ErrConflict) {
				return nil, fmt.Errorf("store %s: %w", v.ID, err)
			}
			failed = append(failed, v.ID)
		}
	}
	return failed, nil
}

// Discard forgets the versions accepted and not yet written. Their access
// events stay in the history: an event the history holds without its
// version only makes the replay know more than the store, never judge
// another way once the version comes again.
func (s *Space) Discard() {
	s.pending, s.pendingList, s.pendingAccess = map[string]*record.Version{}, nil, false
}

// Pending is how many versions were accepted and not yet written.
func (s *Space) Pending() int { return len(s.pendingList) }

// Held says whether a copy as good as v is held (accepted or stored): the
// version whole, or v's stub.
func (s *Space) Held(ctx context.Context, v *record.Version) bool {
	if p := s.unlanded(v.ID); p != nil {
		return v.IsStub() || !p.IsStub()
	}
	f, err := s.store.Form(ctx, v.ID)
	if err != nil {
		return false
	}
	return f == versions.Whole || (f == versions.Stub && v.IsStub())
}

// heldAll is Held for each of vs, asking a store that can say (versions.
// FormsReader) about them all at once.
func (s *Space) heldAll(ctx context.Context, vs []*record.Version) []bool {
	out := make([]bool, len(vs))
	fr, ok := s.store.(versions.FormsReader)
	if !ok || len(vs) < 2 {
		for i, v := range vs {
			out[i] = s.Held(ctx, v)
		}
		return out
	}
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	forms, err := fr.Forms(ctx, ids)
	for i, v := range vs {
		if p := s.unlanded(v.ID); p != nil {
			out[i] = v.IsStub() || !p.IsStub()
			continue
		}
		f := forms[v.ID]
		out[i] = err == nil && (f == versions.Whole || (f == versions.Stub && v.IsStub()))
	}
	return out
}

// Has says whether any copy of id is held (accepted or stored).
func (s *Space) Has(ctx context.Context, id string) bool {
	if s.unlanded(id) != nil {
		return true
	}
	f, err := s.store.Form(ctx, id)
	return err == nil && f != versions.Absent
}

func (s *Space) lookup(ctx context.Context) record.Lookup {
	return func(id string) (*record.Version, bool) {
		if v := s.unlanded(id); v != nil {
			return v, true
		}
		v, err := s.store.Get(ctx, id)
		return v, err == nil
	}
}
