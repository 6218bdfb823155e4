package runtime

import (
	"context"
	"errors"

	"minca.dev/desktop/core/record"
	"minca.dev/desktop/core/spacekey"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/syncer"
)

// writeLocked completes a draft (space, time, seen, place in the session's
// line, the account's note), signs it with the session key and hands it to
// the space's engine, which judges it as any version from outside (02 §9).
// A version the gatekeeper does not take is CodeForbidden.
func (n *Node) writeLocked(ctx context.Context, h *held, d *record.Version) (*record.Version, error) {
	d.Space = h.sp.ID
	d.CreatedAt = n.now().Format(timeFormat)
	if d.Seen == nil {
		hist, err := h.replay(ctx)
		if err != nil {
			return nil, internal(err)
		}
		d.Seen = hist.Heads()
		if d.Seen == nil {
			d.Seen = []string{}
		}
	}
	d.Log = &record.Log{N: 0}
	if p := h.lines[d.Collection]; p != nil {
		d.Log = &record.Log{N: p.Log.N + 1, Prev: p.ID}
	}
	d.Proof = n.note.JSON()
	if h.private() && d.HasBody && spacekey.Encrypted(d.Collection, d.Deleted) {
		ring, err := h.keys.keyring(ctx)
		if err != nil {
			return nil, internal(err)
		}
		sealed, err := ring.Seal(spacekey.PlaceOf(d), d.Body, d.Links, n.cfg.Rand)
		if err != nil {
			return nil, &api.Error{Code: api.CodeForbidden, Reason: api.ReasonNoKey, Message: msgNoKey, Hint: hintNoKey,
				Detail: "this node does not hold the space's current key: " + err.Error(), Err: err}
		}
		d.Body, d.Links = sealed, nil
	}
	v, err := record.Sign(d, n.session)
	if err != nil {
		return nil, api.Errorf(api.CodeInvalid, "sign: %w", err)
	}
	if err := h.eng.Write(ctx, v); err != nil {
		if errors.Is(err, syncer.ErrNotTaken) {
			return nil, &api.Error{Code: api.CodeForbidden, Message: "The space did not take this change: your place in it does not allow it.",
				Hint: hintAsk, Detail: err.Error(), Err: err}
		}
		return nil, internal(err)
	}
	h.lines[v.Collection] = v
	n.emitSpaceLocked(ctx, h)
	return v, nil
}
