package syncer

import (
	"context"

	"minca.dev/desktop/core/syncmsg"
)

// MaxUnlanded is how many versions taken in through ReceiveMore may wait
// to land together (05 §10.1: changes that arrive while one lands share one
// write). A SQLite landing of 1,000 versions costs about a third less CPU
// per version than ten of 100 each: fewer commits, and each index page
// written once for many versions.
const MaxUnlanded = 2000

// ReceiveMore is Receive for a network that has more messages waiting
// behind msg. The versions a versions message lets in may wait to land
// with those of the messages after it, and their stored acknowledgements
// with them, until one of these comes first:
//   - MaxUnlanded versions wait: they land aside (aside.go), on another
//     goroutine, while the next messages are taken in (Awaits says when a
//     network may call ReceiveMore with nothing queued);
//   - an access version was let in (admission follows what is stored);
//   - the engine is about to say what it holds (a hello) or read from the
//     store for a peer;
//   - any call other than ReceiveMore of a versions message: Receive,
//     Write, Tick, SetHolds, AddPeer, RemovePeer.
//
// In the last three cases what waits lands before the call goes on, after
// the change landing aside if one is.
//
// Until they land, judging, the held checks and the wants count them as
// held, exactly as the versions of one batch are counted before the batch
// lands; so are those landing aside. Synced says false meanwhile. The
// error is the store's, as for Receive, this change's or the one landing
// aside; whatever was waiting then lands nowhere, and is found missing
// again on the next round.
func (e *Engine) ReceiveMore(ctx context.Context, from string, msg []byte) error {
	return e.receive(ctx, from, msg, true)
}

// unlanded is what waits to land: set by intake, read by landLocked.
type unlanded struct {
	// acks are the stored acknowledgements owed once it lands, by peer.
	acks map[string][]string
}

// holdLocked adds a batch's acknowledgements to what waits, and lands
// unless the batch may wait (ReceiveMore) and nothing asks it to land now.
// MaxUnlanded versions waiting through ReceiveMore land aside.
func (e *Engine) holdLocked(ctx context.Context, acks map[string][]string) error {
	if e.wait.acks == nil {
		e.wait.acks = map[string][]string{}
	}
	for did, ids := range acks {
		e.wait.acks[did] = append(e.wait.acks[did], ids...)
	}
	if !e.more || e.space.pendingAccess {
		return e.landLocked(ctx)
	}
	if e.space.Pending() < e.landAt {
		return nil
	}
	if err := e.reapLocked(); err != nil {
		return err
	}
	if e.aside != nil && e.space.Pending() < 2*e.landAt {
		return nil // lands aside once the one landing has ended
	}
	return e.landAsideLocked(ctx)
}

// Awaits says whether this node waits for versions from peer did: a want
// in flight with it. A network may then hand the peer's messages to
// ReceiveMore even with none queued behind, since more are coming: the
// answer to the last want of a collection lands what waits (a hello
// follows, 05 §6.3 step 3), and so does a Tick if the answers stop.
func (e *Engine) Awaits(did string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	p := e.peers[did]
	return p != nil && len(p.wants) > 0
}

// landLocked writes what waits as one change, after the change landing
// aside, and sends the stored acknowledgements it owes (05 §8 step 5). On
// an error nothing of it lands.
func (e *Engine) landLocked(ctx context.Context) error {
	if err := e.settleLocked(); err != nil {
		return err
	}
	acks := e.wait.acks
	e.wait.acks = nil
	if len(acks) == 0 && e.space.Pending() == 0 {
		return nil
	}
	failed, err := e.space.Flush(ctx)
	if err != nil {
		e.space.Discard()
		return err
	}
	e.ackLandedLocked(acks, failed)
	return nil
}

// waitingToLand says whether versions wait to land or are landing aside,
// or acknowledgements wait to be sent.
func (e *Engine) waitingToLand() bool {
	return len(e.wait.acks) > 0 || e.space.Pending() > 0 || e.aside != nil
}

// mayWait says whether m, received with more behind it, may leave what it
// lets in to land later: only a versions message may.
func mayWait(m syncmsg.Message, more bool) bool {
	_, ok := m.(*syncmsg.Versions)
	return more && ok
}
