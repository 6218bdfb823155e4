// Package syncer is the sync engine of 05 — Sync and storage (§4–§8): it
// keeps one space's store (node/versions) in step with connected peers over
// an abstract connection (Conn, Engine.Receive), with the node's time
// injected (Clock).
//
//   - holds and hello (05 §5, §6.2): hello.go; a hello on connecting, on
//     SetHolds, every HelloInterval and soon after something new went in
//     (Tick); the initiator is the peer whose session DID sorts first.
//   - sessions (05 §6.3, §6.4): session.go; core/negentropy over the store's
//     item set with the 32,000-byte frame limit; reconciled held:false for a
//     collection not held.
//   - want, versions, push-update (05 §6.3, §7): want.go, askqueue.go, engine.go; newest
//     first, a record's versions together, at most 200 per message; every
//     want answered; push-update only to peers whose latest hello holds the
//     collection (or that sent none yet).
//   - taking in (05 §8): intake.go, waiting.go; drop, sort, admit,
//     acknowledge, retry waiting, ask for what waiting versions miss;
//     refusals keyed by (peer, id).
//   - the gatekeeper (02 §9, 03 §3.4, §5.2): Space (space.go) holds the
//     replay of the access history (core/access) in step with the store and
//     answers stands, later, withdrawn, refused through core/record's Gate
//     and core/judge.
//   - done (05 §6.5): Engine.Synced.
//
// memnet is an in-memory network for tests: seeded delays, drops,
// duplicates and partitions, with a fake clock (Network), and a live one
// that runs each engine on its own goroutine, for measuring (Live).
//
// Cost. The costly step of taking in a version is its P-256 signature.
// A batch's signatures are checked in parallel on every core (verifyAll)
// before the gatekeeper's order, which stays sequential and then skips the
// signature (checkVerified: record.Gate.Check's remaining steps, its exact
// verdicts kept equal by a test). BenchmarkFirstSync measures a first sync
// of 100,000 versions against the P-256 rate measured in the same run.
//
// # Choices where 05 is silent (the node's own)
//
//   - Timers and caps: SessionTimeout and WantTimeout 30 s, HelloInterval
//     10 s, MaxRounds 512 (a 32,000-byte frame carries about 1,000 ids, so
//     a first sync of 100,000 versions takes about 100 rounds), MaxWaiting 1,000 (oldest pushed out), MaxRefusals
//     10,000 per peer (oldest forgotten).
//   - A collection absent from a side's sums counts as empty: two sides that
//     hold a collection and keep none of it are level (05 §6.2 step 4 would
//     otherwise never call them level).
//   - The initiator begins no session for a collection while a session or a
//     want for it is in flight with that peer.
//   - Sessions begin with the space's own collections (sys.*), then the
//     rest by name, so a joiner gets the access versions that the others'
//     seen names before them: taken the other way round, all but MaxWaiting
//     of those others were pushed out waiting and sent again on the next
//     round (hello.go, sessionOrder).
//   - At most MaxWantsOut (32) wants are unanswered per peer; the ids
//     beyond wait in the peer's queue and are asked as answers come or
//     wants are given up (askqueue.go), in the order given: newest first
//     after a session. Each is checked held when its want is made. Ids
//     queued keep the peer unsynced (05 §6.5).
//   - A versions answering a want takes each asked id once; the want is
//     answered (forgotten) when its versions arrives, whatever it holds.
//   - stored acknowledges versions newly taken in and those already held
//     (the predecessor's reading); the ids of waiting versions that go in are
//     sent to the peer that sent them, after the batch that let them in.
//   - A batch is judged version by version, each seeing those let in before
//     it (Space.Accept), and written as one change (Space.Flush). If the store
//     refuses the change, each version is written alone and those it still
//     refuses are refused from their sender.
//   - A network with more messages queued calls ReceiveMore: the batches of
//     consecutive versions messages then land as one change of at most
//     MaxUnlanded versions (05 §10.1), their stored acknowledgements sent
//     when it lands; an access version, a hello, anything read from the
//     store for a peer and any other call land what waits first (land.go).
//     MaxUnlanded versions waiting land aside, on a goroutine of their own,
//     while the engine judges the next messages, held meanwhile as if
//     stored; the next change lands aside after that one (aside.go). A
//     network may call ReceiveMore with nothing queued while the engine
//     Awaits versions from the peer (a want in flight).
//   - An entry that is not a version (record.Parse fails) is refused from its
//     sender, keyed on its id when it has a string one.
//   - A responder that cannot parse a reconcile sends nothing (05 §6.4 known
//     defect, §18); the message counts as dropped.
//   - Waiting versions whose missing ids are themselves waiting (a stub that
//     waits for its whole version, 03 §5.2 step 8) are not asked for, so no
//     want loops on a copy the peer only has as a stub.
//   - A signature that does not verify refuses the version before anything
//     else is judged; that is also Gate.Check's first refusal but one (a
//     retained stub), and both are refusals, so the answer is the same.
//   - An access version that may be stored (03 §3.4) is let in as Stands
//     whatever the replay makes of its event; the replay decides whether it
//     counts.
package syncer
