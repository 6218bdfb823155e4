package invite

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The inviter's name a link may carry beside its invite.
//
// Choice: 03 §7.4 fixes the invite string, allows no member in the
// invitation's body outside its table, and says who invited is the account
// the invitation speaks for, not a field. So the name is not in the invite:
// it rides after it in the link, as "&from=<name, percent-encoded>", which a
// reader that takes the invite "up to the next &" (§7.4) skips. Nothing signs
// it: anyone passing the link on can change it, so a reader shows it as the
// link's claim, never as checked. A link without it reads as before.
const (
	// FromParam names the parameter: ...#invite=<invite>&from=<name>.
	FromParam = "from"
	// MaxFromLen bounds the name, in characters (code points).
	MaxFromLen = 80
)

// WithFrom is link with the inviter's name after it ("&from=…"), or link
// unchanged when name is not one From would read back.
func WithFrom(link, name string) string {
	name = strings.TrimFunc(name, unicode.IsSpace)
	if !fromOK(name) {
		return link
	}
	return link + "&" + FromParam + "=" + url.QueryEscape(name)
}

// From is the inviter's name a link carries: the first "from=" that follows
// '#', '?' or '&', percent-decoded, up to the next '&', '#' or white space.
// "" when there is none, or when it is not a readable name (a bad escape,
// control characters, invalid UTF-8, empty, longer than MaxFromLen).
func From(link string) string {
	key := FromParam + "="
	for i := 0; i < len(link); {
		j := strings.Index(link[i:], key)
		if j < 0 {
			return ""
		}
		at := i + j
		i = at + len(key)
		if at == 0 || !strings.ContainsRune("#?&", rune(link[at-1])) {
			continue
		}
		v := link[i:]
		if end := strings.IndexFunc(v, func(r rune) bool { return r == '&' || r == '#' || unicode.IsSpace(r) }); end >= 0 {
			v = v[:end]
		}
		name, err := url.QueryUnescape(v)
		if err != nil {
			return ""
		}
		name = strings.TrimFunc(name, unicode.IsSpace)
		if !fromOK(name) {
			return ""
		}
		return name
	}
	return ""
}

func fromOK(name string) bool {
	return name != "" && utf8.ValidString(name) && utf8.RuneCountInString(name) <= MaxFromLen &&
		strings.IndexFunc(name, unicode.IsControl) < 0
}
