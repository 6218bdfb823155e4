// Package cjson is minca's canonical JSON (02 §3.1; brief §2.1): the bytes
// JavaScript's JSON.stringify writes for a value whose object members are
// sorted by UTF-16 code units, with no whitespace.
//
// Every id and signature in the protocol is computed over these bytes, so they
// must match a JavaScript peer exactly:
//
//   - numbers are IEEE binary64 written as ECMAScript Number::toString writes
//     them (shortest round-trip digits; -0 is "0"; exponent form from 1e21 up
//     and below 1e-6); NaN and ±Infinity are refused;
//   - strings escape only '"', '\\' and control characters below U+0020
//     (\b \t \n \f \r, otherwise \u00xx in lower-case hex); everything else,
//     U+2028 and U+2029 included, is written raw; a lone surrogate is written
//     \udxxx (lower-case hex), as well-formed JSON.stringify does;
//   - object members are sorted by the UTF-16 code units of their names.
//
// Lone surrogates. A JavaScript string is UTF-16 and may hold a surrogate
// without its partner; a Go string holds bytes. This package carries such a
// surrogate in a Go string as its WTF-8 form: the three bytes
// ED A0..BF 80..BF that UTF-8 would use for the code point if it were allowed.
// Parse turns an unpaired \udxxx escape into those bytes, and Marshal turns
// them back into the escape. A high surrogate immediately followed by a low
// one (in escapes, or as two WTF-8 triples) is one supplementary character,
// exactly as in JavaScript. Any other byte sequence that is not UTF-8 is
// refused by Marshal (ErrInvalidString).
//
// Parse is strict RFC 8259: no trailing bytes, no byte-order mark, no
// duplicate member names (after unescaping), nesting at most MaxDepth, raw
// input that is valid UTF-8. Numbers become float64 exactly as JSON.parse
// rounds them; a number too large for binary64 is refused rather than read as
// Infinity. So Marshal(Parse(b)) is the canonical form of b.
package cjson
