package invite

import (
	"strings"
	"unicode"

	"minca.dev/desktop/core/cjson"
	"minca.dev/desktop/core/enc"
	"minca.dev/desktop/core/record"
)

// MaxInviteLen bounds the invite string a reader parses. Choice: 03 names
// no limit; 1 MiB holds the largest constitution many times over.
const MaxInviteLen = 1 << 20

// Markers of an invite inside a link (03 §7.4).
var linkMarkers = []string{"#invite=", "?invite=", "&invite="}

// Extract is the invite a string carries (§7.4): a link containing
// #invite=<string> (also ?invite= / &invite=) gives the value up to the next
// & or white space; anything else is taken as the bare string, with
// surrounding white space trimmed, up to its first &.
// Choice: the first marker in the string counts; the value is not
// percent-decoded (base64url and '.' need no escaping). No invite holds '&'
// (a short link's places percent-encode it, §7.7), so a bare invite
// followed by parameters ("<invite>&from=Ana", From) reads as the invite.
func Extract(s string) string {
	at, marker := -1, ""
	for _, m := range linkMarkers {
		if i := strings.Index(s, m); i >= 0 && (at < 0 || i < at) {
			at, marker = i, m
		}
	}
	if at < 0 {
		v, _, _ := strings.Cut(strings.TrimFunc(s, unicode.IsSpace), "&")
		return v
	}
	v := s[at+len(marker):]
	if end := strings.IndexFunc(v, func(r rune) bool { return r == '&' || unicode.IsSpace(r) }); end >= 0 {
		v = v[:end]
	}
	return v
}

// Encode writes an invite (§7.4): base64url(UTF-8(canonicalJSON(invitation)))
// and, for a role invite, "." and base64url(secret).
func Encode(v *record.Version, secret []byte) (string, error) {
	b, err := record.Marshal(v)
	if err != nil {
		return "", &Refusal{Reason: ReasonUnreadable, Rule: "§7.4", Err: err}
	}
	s := enc.B64URL(b)
	if secret == nil {
		return s, nil
	}
	if err := CheckSecret(secret); err != nil {
		return "", err
	}
	return s + "." + enc.B64URL(secret), nil
}

// Parsed is an invite string read by §7.6 step 1: the invitation's JSON
// value, not yet checked, and the secret beside it (nil for none).
type Parsed struct {
	Invitation map[string]any
	Secret     []byte
}

// Parse makes §7.6 step 1 on a bare invite or a link carrying one: reject
// it unless it is base64url JSON of a sys.invitation with space.id and
// space.name, and at most one "." and a 43-character secret after it.
// A secret part that is base64url of another length is refused with
// ReasonSecret (§7.6 step 5); anything else malformed with ReasonParse.
func Parse(s string) (*Parsed, error) {
	v := Extract(s)
	if len(v) > MaxInviteLen {
		return nil, refuse(ReasonTooLong, "§7.6 step 1", "invite is %d bytes, at most %d", len(v), MaxInviteLen)
	}
	if strings.Count(v, ".") > 1 {
		return nil, refuse(ReasonParse, "§7.6 step 1", "more than one '.'")
	}
	text, secretText, hasSecret := strings.Cut(v, ".")
	p := &Parsed{}
	if hasSecret {
		secret, err := enc.DecodeB64URL(secretText)
		if err != nil {
			return nil, refuse(ReasonParse, "§7.6 step 1", "secret: %w", err)
		}
		if len(secretText) != SecretTextLen {
			return nil, refuse(ReasonSecret, "§7.6 steps 1, 5", "the secret is %d characters, not %d", len(secretText), SecretTextLen)
		}
		p.Secret = secret
	}
	raw, err := enc.DecodeB64URL(text)
	if err != nil {
		return nil, refuse(ReasonParse, "§7.6 step 1", "invitation: %w", err)
	}
	val, err := cjson.Parse(raw)
	if err != nil {
		return nil, refuse(ReasonParse, "§7.6 step 1", "invitation: %w", err)
	}
	if p.Invitation, err = Shape(val); err != nil {
		return nil, err
	}
	return p, nil
}

// Shape checks what §7.6 step 1 asks of the invitation's JSON value: an
// object in sys.invitation whose body's space has an id and a name.
func Shape(val any) (map[string]any, error) {
	m, ok := val.(map[string]any)
	if !ok {
		return nil, refuse(ReasonParse, "§7.6 step 1", "the invitation is not a JSON object")
	}
	if m["collection"] != CollectionInvitation {
		return nil, refuse(ReasonParse, "§7.6 step 1", "not a %s version", CollectionInvitation)
	}
	body, _ := m["body"].(map[string]any)
	sp, _ := body[BodySpace].(map[string]any)
	_, okID := sp["id"].(string)
	_, okName := sp["name"].(string)
	if !okID || !okName {
		return nil, refuse(ReasonParse, "§7.6 step 1", "its body's space has no string id and name")
	}
	return m, nil
}
