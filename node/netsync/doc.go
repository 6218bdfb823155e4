// Package netsync is the glue between one node's spaces and the network
// (06 — Nodes §1.7–§1.8, docs/spec/06-nodes.md; 04 — Network §5.4, §6.3,
// §6.4, §9.3, docs/spec/04-network.md; 05 — Sync and storage §4–§9).
//
// A Manager owns one node/transport.Transport and one node/syncer.Engine per
// space it was given (Add). It
//
//   - listens when an address is configured (off by default; plain ws:// only
//     on loopback, wss:// with a TLS configuration elsewhere, 04 §5.4), and
//     hands out URL, the node URL with Config.Advertise's host when set;
//   - dials the nodes a space names: the account's own hosts first, then the
//     invitation's nodes (at most 8, 03 §7.4), and once the space names
//     keepers only those whose DID is a keeper's (03 §10, invite.Dialable);
//     the transport redials each with backoff;
//   - answers the transport's Gate from its own replay of the space's access
//     history (core/access), kept in step with the store by watching every Put
//     of an access version, and from the keys the account holds
//     (core/spacekey): a private space's read proofs (04 §6.3) both ways;
//   - opens every connection with `who` (04 §6.4) and takes the peer into the
//     sync engine only once its note names an account it admits;
//   - lets go of a peer the moment access changes so that it is no longer
//     admitted, and withholds every frame from it meanwhile (03 §9.2, 04 §9.3);
//   - takes each admitted peer's sync messages off its reader (inbox.go):
//     GOMAXPROCS preparers check queued messages ahead (syncer.Engine.Prepare:
//     parsing, signatures) while the engine takes in the one before, and
//     one goroutine per peer hands them to Engine.Receive in the order they
//     arrived, at most syncer.MaxPrepared waiting per peer;
//   - ticks each engine while some space has a peer, not at all while none
//     has (tick.go), and says hello to every peer on SyncNow;
//   - reports status (api.SyncStatus) and streams deltas (Events).
//
// # Wiring (node/runtime)
//
//	m, err := netsync.New(netsync.Config{Key: session, Note: sessionNote, Listen: cfg.Listen})
//	eng, err := m.Add(ctx, netsync.SpaceConfig{Space: sp, Store: store, Opener: keyring,
//		Keys: keyring.Keys, Hosts: ownHosts, Nodes: invitationNodes})
//	eng.Write(ctx, v)            // the node's own versions (05 §7)
//	m.AddNodes(sp.ID, nodes)     // another invitation's nodes (03 §7.4)
//	m.Status(ctx)                // api.SyncStatus; SyncNow, Pause, Resume as api.Node's
//	m.State(sp.ID)               // one space's state, cheaply (summaries)
//	ch, stop := m.Events()       // deltas for Watch, after a Status snapshot
//	m.Remove(spaceID); m.Close() // stores stay open: they are the caller's
//
// # Some files
//
//	acks.go        wakes Flush when the pushes awaiting stored become fewer (05 §7, §8)
//	dialnotice.go  what the node hears of its dialers; HoldRefused after a 4003 (04 §5.3, §5.4; 03 §9.2)
//	coming.go      counts what a peer that begins the sessions will send (05 §6.2 step 6)
//	comingplan.go  what a counting session asks the peer (05 §3.4)
//	comingprobe.go the counting sessions a peer's session starts; its reconcile held meanwhile
//	reach.go       whether any node a space dials can be reached (04 §5.3, §5.4)
//	versionids.go  the ids of a versions message, read without decoding it (05 §4)
//
// # Choices (the node's own, where 04 and 06 leave it open)
//
//   - Admission is by the account `who` proves. A peer whose `who` has not
//     arrived within WhoTimeout (10 s, 04 §6.3) is let go; until it arrives
//     only `who` is sent to it and nothing it sends reaches the engine.
//   - Former members (03 §9.2: named by an applied assign or remove, not a
//     reader now) get nothing at all, in public and private spaces alike: no
//     admission, every frame withheld, the connection let go (4003); but
//     one that proves a private space's current read key while no key
//     change is due, which only a reader can have given it since (a new
//     invite, 03 §7.4), is let in as any invite holder, no live messages
//     sent to it, so that its join re-adding it (03 §4.3) can land.
//   - In a private space an inbound peer is admitted on the read key it proved
//     (04 §6.3); one admitted on a key that is no longer current is kept only
//     while its account is a reader. A node this one dialled proved its pin,
//     not a read key: it is kept unless its account is a former member.
//   - In a public space any other account may read (04 §6.3 "Open").
//   - ToFetch counts versions this node asked peers for (want, 05 §6.3) and
//     has not yet received, per peer, reset when the engine calls the two
//     synced (05 §6.5). BytesIn counts sync payload bytes received.
//     A node that answers the peer's sessions (05 §6.2 step 6) asks for
//     nothing: the peer sends. It counts what is to come by sessions of its
//     own with that peer (05 §6.2: it MAY initiate), asking for nothing
//     they find (coming.go), in as many rounds as it takes to count every
//     one, the engine answering the peer's session once they end; each id
//     leaves ToFetch when stored.
//   - A space is "paused" while the Manager is paused, "offline" with no
//     admitted peer, "synced" when nothing is left to fetch and the engine
//     is done with every admitted peer: it has taken in a message of it
//     (its hello, 05 §6.1), is idle with it and, if the
//     peer begins the sessions, is level with it on every collection its
//     last hello compared; else "syncing". A space that has not yet heard a
//     peer is never "synced".
//   - Events: a "sync" Change of What space-progress carries the state,
//     ToFetch and BytesIn when one of them changed: numbers at most every
//     Config.Progress (250 ms), a change of state as soon as a check (each
//     message and tick, at that pace) sees it; space-synced when the state
//     became synced. node/runtime forwards each as the whole SyncStatus.
package netsync
