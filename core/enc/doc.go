// Package enc holds the byte-to-text encodings of the protocol (01 §1;
// brief §1.1): strict base64url, lower-case base32, base58btc, minca's CID
// ("b" + base32(SHA-256)) and hex40 (the record-key hash of 02 §4.1).
//
// Every decoder accepts exactly one spelling per byte string, because ids,
// keys and DIDs are compared as strings: no padding, no line breaks, no
// other alphabet, no non-zero trailing bits. Anything else is an error
// wrapping ErrEncoding.
package enc

import "errors"

// ErrEncoding is wrapped by every decoding error of this package.
var ErrEncoding = errors.New("enc: not canonical")
