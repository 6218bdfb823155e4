// Package syncmsg holds the sync messages of 05 §4–§7: hello, reconcile,
// reconciled, want, versions, push-update and stored, each as a domain type
// (Hello, Reconcile, …), with Parse applying every drop rule of 05 §4–§8 and
// Marshal writing the wire form.
//
// A message is a JSON object carrying "v": 8 and a string type (05 §4).
// Parse reads the whole message before returning anything: a message that
// breaks a rule is dropped whole (an error wrapping ErrDrop), never half
// applied. A receiver counts drops and answers none of them.
//
// Wire form. Marshal writes "v" and "type" first, then the message's members
// in the order of the field tables (lost in our copy, reconstructed from the
// predecessor spec: required-of-missing-parts.md §5.5), as JavaScript's
// JSON.stringify writes an object literal; the hello example of 05 §4
// (testdata/hello-example.json) comes out byte for byte. Values inside (the
// sums object, versions) are canonical JSON (core/cjson).
//
// # Choices where 05 is silent or its tables were lost
//
//   - push-update carries its version in "version" (the predecessor's
//     "expression"; 05 names no member).
//   - Request and session ids are JSON numbers that are non-negative safe
//     integers; anything else drops the message.
//   - hello: an absent holds means "all" (the predecessor's table). A sums
//     entry whose name is not a valid collection name, or whose value is not
//     32 lower-case hex characters, is left out, as if absent: the collection
//     is then compared whole, which costs but never loses a version.
//   - reconcile: a message longer than 32,000 bytes once decoded, or not
//     base64url, drops it; whether the bytes are a Negentropy message is the
//     reconciler's to say. reconciled: held must be absent or false.
//   - want: the first 200 entries are read, entries that are not version ids
//     skipped (05 §6.4); ids not an array drops the message.
//   - versions without id: the first 200 entries are kept (05 §8); with an id,
//     every entry is kept (the engine takes only ids it asked for). Entries
//     stay their bytes (RawJSON), checked as JSON with the whole message but
//     not parsed: dropping non-objects and collections not held is the
//     gatekeeper's first two steps (05 §8), done in node/syncer with each
//     entry's Head. A versions message as Marshal writes it is read by a
//     scanner that builds no map per version (scan.go); any other spelling
//     is parsed through core/cjson, its entries written again as RawJSON.
//   - stored: the first 2,000 string entries are read (the predecessor's
//     bound); others are skipped.
//   - An unknown type (want-file and the other file messages of 05 §16.6
//     included, not implemented here) drops the message.
package syncmsg
