// Package policy is the policy language of grants and notes: UCAN 1.0's
// statements (==, !=, <, <=, >, >=, like, not, and, or, any, all) over
// jq-like selectors, read from their JSON form, and evaluated over a
// command's arguments with the null and no-data rules of 03 §2.2 (01 §7.4).
// It also holds command paths (01 §7): IsCommand and Covers.
//
// # Values
//
// Arguments and literals are JSON-shaped Go values as core/cjson gives them:
// nil, bool, float64, string, []any, map[string]any. For convenience Eval
// also reads []string, int, int64 and uint64 in arguments as the JSON values
// they stand for. Unopened (a sentinel) stands for a value this peer cannot
// open, such as a private body without the key (03 §2.2).
//
// # Evaluation (03 §2.2, replay-readings A15–A17)
//
// Evaluation has four outcomes: True, False, NoData and Unknown.
//   - A member the arguments lack reads as null, so == against anything but
//     null is False there and != / not hold.
//   - Selecting further into null, or into any non-map/non-list, or an index
//     out of range, finds no data: NoData. NoData never holds, and not of
//     NoData is NoData, so != and not do not hold either. A "?" on a step
//     turns its NoData into null.
//   - and: False wins, then NoData, then Unknown, else True. or: True wins,
//     then Unknown, then NoData, else False. ["and", []] and ["or", []] are
//     True (UCAN 1.0).
//   - any over an empty collection is False, all over one is True; a
//     quantifier over anything but a list or map (null included) is False.
//     Over a map it ranges over the map's values.
//   - <, <=, >, >= hold only between numbers (booleans are not numbers);
//     like holds only on strings. Numbers compare as float64, so 1 == 1.0.
//   - A statement that reads an Unopened value is Unknown: it could hold or
//     not. Unknown propagates (not Unknown is Unknown), and Holds takes an
//     Unknown result as holding, which is the "body it can't open" rule of
//     03 §2.2: such a peer takes a statement on body as holding and judges
//     the rest. A peer that must not take it on trust (a stub, 03 §5.2 step
//     8) asks for Eval(args) == True instead.
//
// Choices where 03 and the readings are silent (for docs/spec):
//   - Unknown (the fourth outcome) and its place in and/or: and prefers
//     False, then NoData, then Unknown; or prefers True, then Unknown, then
//     NoData. So a blind peer still refuses what the rest of a policy
//     refuses, and NoData beside Unknown under and never holds.
//   - Quantifiers range over a map's values as well as a list's members.
//   - "[]" over a list whose elements give no data for the rest of the
//     selector gives no data as a whole; over a non-collection, no data
//     (null with "?").
//   - Slice bounds are clamped to the list, negative ones count from the
//     end, and from ≥ to gives [].
//   - Limits: statements nest at most MaxDepth (32) deep; a selector is at
//     most MaxSelectorLen (1024) bytes; an index has at most 9 digits; a
//     command at most MaxCommandLen (200) bytes of printable ASCII, no
//     upper case.
//   - A field name after "." is [A-Za-z_][A-Za-z0-9_]*; any other name is
//     written ["name"].
//
// A policy that does not parse holds for nothing: callers treat a Parse
// error as a grant that fits no invocation.
package policy
