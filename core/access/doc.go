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
//
// # Readings
//
// Where 03 §4 is ambiguous, or its tables were lost, this package follows
// /work/shared/spec/replay-readings.md (cited as A1…A30) and documents each
// use where it is made. Choices of our own are marked "Reading (ours)".
package access
