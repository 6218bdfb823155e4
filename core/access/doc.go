// Package access holds the access history of a space and its replay,
// strong-remove/1 (03 §4): who may do what, as one pure function of a set of
// access events, whatever order they arrived in.
//
// An access version becomes an Event (03 §3.3, built by core/judge); a
// History takes the space's Genesis (its constitution, 03 §1.1, §4.1) and
// events one at a time or many at once, and answers what 03 §4.6 exposes:
// the current State, the Status of each event (applied, dropped with a
// reason, waiting), the heads a writer names in seen, the states At and
// SeenAs a record is judged by, applied revokes, forks and reductions, and
// named/knownInvite for what may be stored (03 §3.4).
//
// # The replay (03 §4.2–§4.5)
//
//   - waiting: an event naming itself, an id that is neither the space id
//     nor held, or a waiting event, waits (to a fixed point; a seen cycle
//     waits, replay-readings A2).
//   - allowed: refusal(e, V(e)) is null, V(e) the merge of the allowed
//     events e saw. It depends only on what e saw, so it is computed once.
//   - reductions and strikes: a removal, an unassignment, a stepdown, a
//     revoke, a fork proof, a closed invite strike what they reach and did
//     not see (revokes and forks whatever either saw), unless a cutoff covers
//     it.
//   - valid: pass 1 takes the strongly connected components of the strikes
//     (strikes inside one component don't count); pass 2, ancestors first,
//     keeps an unstruck event when refusal(e, W(e)) is null, W(e) the merge
//     of the valid events it saw (A14: the passes are taken literally).
//
// # States are views, not copies
//
// A State is a view of the history: a set of events (what some event or
// seen list covers) filtered by a judgement (allowed, or valid in some
// context). Its members (§4.1) are merged on demand, per record key, from
// the events the view holds (§4.4). A role definition's view (§4.1
// attenuation) is the same judgement over what the definition saw. So no
// state is ever copied, and adding an event only recomputes what it can
// reach: its own allowed-ness, the strikes into and out of it, pass 1 over
// the strike graph, and pass 2 for the events that saw a changed one.
// Clone copies a history for a caller to read or try an event on while the
// original is kept and advanced: O(1), until either adds (clone.go).
//
// # Cost
//
// Each event keeps its ancestors as a bitset (n²/8 bytes in all: 12.5 MB
// for 10,000 events). A whole replay judges each event once in V and once
// in W, merging only the record keys a refusal reads; adding an event that
// strikes nothing costs its own judgement. 03 §17 sets no bound on a
// history's size; past some hundred thousand events the bitsets want a
// sparser form.
//
// # Readings
//
// Where 03 §4 is ambiguous, or its tables were lost, this package follows
// /work/shared/spec/replay-readings.md (cited as A1…A30) and documents each
// use where it is made. Choices of our own, where neither says:
//
//   - Dropped events carry one of two reasons, as A23 says: Refused (not
//     allowed in V(e)) and Struck. A Struck event's Detail says which pass
//     dropped it (A23, refined, docs/spec/03-choices.md): StruckByReduction
//     (pass 1, with the strikers' ids) or RestsOnStruck (unstruck but
//     refused in W(e), with that refusal and the struck ancestors it saw),
//     so an access history screen can tell "struck by Alice's removal" from
//     "rests on Erin's struck definition".
//   - Every refusal has a code (RefusalCode) and a sentence naming the
//     account, the command and the canonical arguments that failed.
//   - status index (A22): Kahn's algorithm over the seen edges of all
//     placed events, taking the lowest id ready; applied events are
//     numbered in that order from 0.
//   - Events with one id are deduplicated "first kept" (§4.2) in arrival
//     order: ids are hashes of the version, so two different events never
//     share one, and a History never replaces an event it holds.
//   - keyDue rule 1 (A12) compares the readers of W(v) and of v's valid
//     ancestors with v only for v's own did: a remove, unassignment or
//     stepdown changes only the record keys of its did, so no other reader
//     can differ (the reference replay in the tests compares whole sets).
//   - A cutoff is read only on remove, assign, stepdown and revoke (§3.3);
//     an event with no place (NoPlace) is never covered nor reached by a
//     fork (A24).
//   - A stepdown whose root is not its did is refused (RefusedNotSelf);
//     a join that unassigns, or whose root is not its did, is refused
//     (RefusedJoinShape, A27).
//   - A genesis with a repeated role name is refused (core/space checks
//     the constitution; the replay only needs names to be distinct).
package access
