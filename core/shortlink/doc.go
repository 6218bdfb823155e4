// Package shortlink is the pure part of 03 §7.7, short invite links.
//
// A short link carries 16 random bytes S and the pin of one sealed invite,
// and names up to two places (relays) where the sealed invite is kept under
// a mailbox topic:
//
//	code  = base64url(S ‖ pin)                  — 43 characters
//	link  = code [ "@" place [ "," place ] ]
//
// From S come the invite secret (§7.1) and the seal key; from the pin, the
// topic. The sealed invite (the blob) is base64url(nonce ‖ AES-256-GCM(seal
// key, nonce, zlib(JSON body))), body { v: 2, invite, until? }.
//
// This package makes and reads links (Link, ParseLink), derives their keys
// (Keys, Topic), seals and opens blobs (Seal, OpenBlob), and picks the one
// fetched blob that matches a link's pin (Pick); Resolve goes on as for a
// long invite (core/invite, §7.6). Fetching from relays is the node's.
//
// A short link is accepted wherever an invite is (03 §7.6): a string is a
// short link when ParseLink accepts it (a 43-character code, perhaps with
// places), and otherwise a long invite for core/invite. A long invite is
// never 43 characters and never holds '@'.
//
// The package is pure: no clock, files, network or global randomness.
//
// Choices where 03 is silent are marked "Choice:" beside the code:
//
//   - the body is written as canonical JSON (JSON.stringify of the object
//     with its keys sorted); readers parse it strictly (core/cjson);
//   - a body with a member other than v, invite and until is not "a body as
//     above"; until, when present, is a non-negative integer (ms) and is
//     never checked against a clock;
//   - bytes after the zlib stream's checksum are refused;
//   - a place has a scheme when it starts <letters/digits/+.->://; a
//     scheme-less place's host is what comes before the first '/', ':' or
//     '?', and a bracketed [::1] counts as loopback with or without a port;
//   - a reader reads the first two places and ignores the rest, and every
//     place that is not valid percent-encoding or fails checkRelays;
//   - a link is found inside a longer string as an invite is (#invite=,
//     ?invite=, &invite=; core/invite.Extract).
package shortlink
