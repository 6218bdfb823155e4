package shortlink

import (
	"fmt"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"minca.dev/desktop/core/space"
)

// schemeRE says a place names its scheme.
var schemeRE = regexp.MustCompile(`^[a-z][a-z0-9+.-]*://`)

// Place writes a relay URL as a link's place (§7.7): without its scheme
// when the scheme is the one a scheme-less place means (wss://, or ws://
// on localhost, 127.0.0.1 or [::1]), and with %, @, ",", #, & and white
// space percent-encoded. The URL must pass checkRelays.
func Place(url string) (string, error) {
	if !space.IsRelay(url) {
		return "", fmt.Errorf("%w: %q is not a relay URL", ErrLink, url)
	}
	p := url
	if rest, ok := strings.CutPrefix(url, "wss://"); ok && !loopback(rest) {
		p = rest
	} else if rest, ok := strings.CutPrefix(url, "ws://"); ok && loopback(rest) {
		p = rest
	}
	return escape(p), nil
}

// URLOf reads a place as a relay URL (§7.7): percent-decoded, and without
// a scheme meaning wss://, or ws:// when the host is localhost, 127.0.0.1
// or [::1]. The URL must pass checkRelays.
func URLOf(place string) (string, error) {
	p, err := unescape(place)
	if err != nil {
		return "", err
	}
	if !schemeRE.MatchString(p) {
		if loopback(p) {
			p = "ws://" + p
		} else {
			p = "wss://" + p
		}
	}
	if !space.IsRelay(p) {
		return "", fmt.Errorf("%w: place %q is not a relay URL", ErrLink, place)
	}
	return p, nil
}

// loopback says a scheme-less place (or a URL after its scheme) names
// localhost, 127.0.0.1 or [::1], with or without a port.
func loopback(rest string) bool {
	host := rest
	if strings.HasPrefix(rest, "[") {
		if end := strings.IndexByte(rest, ']'); end >= 0 {
			host = rest[:end+1]
		}
	} else if end := strings.IndexAny(rest, "/:?#"); end >= 0 {
		host = rest[:end]
	}
	return host == "localhost" || host == "127.0.0.1" || host == "[::1]"
}

// escape percent-encodes %, @, ",", #, & and white space (every UTF-8 byte
// of a white-space character).
func escape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("%@,#&", r) || unicode.IsSpace(r) {
			var buf [utf8.UTFMax]byte
			for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
				fmt.Fprintf(&b, "%%%02X", c)
			}
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// unescape decodes %XX escapes; a '%' not followed by two hex digits, or a
// result that is not UTF-8, is an error.
func unescape(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) || unhex(s[i+1]) < 0 || unhex(s[i+2]) < 0 {
			return "", fmt.Errorf("%w: bad percent-encoding in %q", ErrLink, s)
		}
		b.WriteByte(byte(unhex(s[i+1])<<4 | unhex(s[i+2])))
		i += 2
	}
	if !utf8.ValidString(b.String()) {
		return "", fmt.Errorf("%w: %q does not decode to UTF-8", ErrLink, s)
	}
	return b.String(), nil
}

func unhex(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return int(c-'A') + 10
	}
	return -1
}
