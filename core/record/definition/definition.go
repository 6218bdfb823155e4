package definition

import (
	"math"
	"regexp"
	"strings"
	"unicode/utf8"

	"minca.dev/desktop/core/record"
)

// Limits and patterns of §6.1.
const (
	// MaxScreenBytes bounds a definition's screen (UTF-8 bytes).
	MaxScreenBytes = 48 * 1024
	// MaxNetwork is the most origins a screen may reach.
	MaxNetwork = 8
	// HistoryLatest and HistoryAll are the values of history.
	HistoryLatest, HistoryAll = "latest", "all"
	// CollectionDefinitions is the collection definitions live in.
	CollectionDefinitions = "sys.collection"
)

var (
	permissionPattern = regexp.MustCompile(`^[a-z][a-zA-Z0-9]{0,39}$`)
	originPattern     = regexp.MustCompile(`^(https|wss)://[a-z0-9-]+(\.[a-z0-9-]+)+(:[0-9]{1,5})?$`)
	relPattern        = regexp.MustCompile(`^[a-z][a-zA-Z0-9]{0,63}$`)
)

// Definition is a valid collection definition (§6.1).
type Definition struct {
	Name        string
	Title       string
	Description string
	Schema      map[string]any
	Version     int64
	History     string // "" (latest), "latest" or "all"
	Links       map[string]LinkDecl
	Permissions []string
	Rules       Rules
	Topics      []string
	Screen      string
	Network     []string
	// Contract is kept as given; its meaning is part 09's (§7.6).
	Contract map[string]any
}

// LinkDecl declares one link role (§5.2).
type LinkDecl struct {
	To          []string // nil means "*": any collection
	Cardinality string   // "one" or "many"
	Description string
}

// RetainsAll reports whether writers must retain every version (§4.5).
func (d *Definition) RetainsAll() bool { return d.History == HistoryAll }

// FromVersion reads the definition a sys.collection version carries (§6.1):
// invalid when it is a delete, has no body (a stub: not readable here), or
// its key is not collection:<name>. body is the body as the caller opened it
// (in a private space, the sealed body opened, 03 §8.3).
func FromVersion(v *record.Version, body any) (*Definition, error) {
	if v.Collection != CollectionDefinitions {
		return nil, invalid("collection", "%s is not %s", v.Collection, CollectionDefinitions)
	}
	if v.Deleted {
		return nil, invalid("deleted", "a deleted definition counts as none")
	}
	d, err := Parse(body)
	if err != nil {
		return nil, err
	}
	if v.Key != record.CollectionKey(d.Name) {
		return nil, invalid("key", "%q is not %q", v.Key, record.CollectionKey(d.Name))
	}
	return d, nil
}

// Parse checks a definition body (§6.1) member by member. Our choice: a
// member not in §6.1 makes the definition invalid.
func Parse(body any) (*Definition, error) {
	m, ok := body.(map[string]any)
	if !ok {
		return nil, invalid("body", "must be an object")
	}
	d := &Definition{}
	for name, x := range m {
		read, ok := members[name]
		if !ok {
			return nil, invalid(name, "is not a member of a definition")
		}
		if err := read(d, x); err != nil {
			return nil, err
		}
	}
	switch {
	case d.Name == "":
		return nil, invalid("name", "is required")
	case d.Schema == nil:
		return nil, invalid("schema", "is required")
	case d.Version == 0:
		return nil, invalid("version", "is required")
	case d.Network != nil && d.Screen == "":
		return nil, invalid("network", "only with a screen")
	}
	return d, nil
}

// members reads each member of §6.1 into d.
var members = map[string]func(d *Definition, x any) error{
	"name": func(d *Definition, x any) (err error) {
		d.Name, err = str("name", x)
		if err == nil {
			if e := record.ValidDefinableName(d.Name); e != nil {
				return invalid("name", "%v", e)
			}
		}
		return err
	},
	"title":       func(d *Definition, x any) (err error) { d.Title, err = str("title", x); return },
	"description": func(d *Definition, x any) (err error) { d.Description, err = str("description", x); return },
	"schema": func(d *Definition, x any) error {
		s, ok := x.(map[string]any)
		if !ok {
			return invalid("schema", "must be an object")
		}
		d.Schema = s
		return CheckSchema(s)
	},
	"version": func(d *Definition, x any) error {
		f, ok := x.(float64)
		if !ok || f < 1 || f > record.MaxSafeInteger || f != math.Trunc(f) {
			return invalid("version", "must be an integer from 1")
		}
		d.Version = int64(f)
		return nil
	},
	"history": func(d *Definition, x any) error {
		if x != HistoryLatest && x != HistoryAll {
			return invalid("history", `must be "latest" or "all"`)
		}
		d.History = x.(string)
		return nil
	},
	"links":       readLinks,
	"permissions": readPermissions,
	"rules":       func(d *Definition, x any) (err error) { d.Rules, err = ParseRules(x); return },
	"topics":      readTopics,
	"screen": func(d *Definition, x any) error {
		s, ok := x.(string)
		if !ok || strings.TrimSpace(s) == "" || len(s) > MaxScreenBytes || !utf8.ValidString(s) {
			return invalid("screen", "must be non-blank HTML of at most %d bytes", MaxScreenBytes)
		}
		d.Screen = s
		return nil
	},
	"network": readNetwork,
	"contract": func(d *Definition, x any) error {
		c, ok := x.(map[string]any)
		if !ok {
			return invalid("contract", "must be an object")
		}
		d.Contract = c
		return nil
	},
}
