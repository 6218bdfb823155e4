package definition

import "minca.dev/desktop/core/record"

// Readers of the members of a definition body that take more than a line
// (§6.2), and the small JSON helpers they share.

func str(member string, x any) (string, error) {
	s, ok := x.(string)
	if !ok {
		return "", invalid(member, "must be a string")
	}
	return s, nil
}

// strList reads a JSON array of strings.
func strList(member string, x any) ([]string, error) {
	a, ok := x.([]any)
	if !ok {
		return nil, invalid(member, "must be an array of strings")
	}
	out := make([]string, len(a))
	for i, y := range a {
		s, ok := y.(string)
		if !ok {
			return nil, invalid(member, "entry %d must be a string", i)
		}
		out[i] = s
	}
	return out, nil
}

func distinct(s []string) bool {
	seen := make(map[string]bool, len(s))
	for _, x := range s {
		if seen[x] {
			return false
		}
		seen[x] = true
	}
	return true
}

func readLinks(d *Definition, x any) error {
	m, ok := x.(map[string]any)
	if !ok {
		return invalid("links", "must be an object of link roles")
	}
	d.Links = make(map[string]LinkDecl, len(m))
	for rel, y := range m {
		decl, err := readLinkDecl(rel, y)
		if err != nil {
			return err
		}
		d.Links[rel] = decl
	}
	return nil
}

func readLinkDecl(rel string, y any) (LinkDecl, error) {
	member := "links." + rel
	dm, ok := y.(map[string]any)
	if !relPattern.MatchString(rel) || !ok {
		return LinkDecl{}, invalid(member, "must be a rel naming {to, cardinality?, description?}")
	}
	decl := LinkDecl{Cardinality: "many"}
	for k, v := range dm {
		switch k {
		case "to":
			if v == "*" {
				continue
			}
			to, err := strList(member+".to", v)
			if err != nil || len(to) == 0 {
				return LinkDecl{}, invalid(member+".to", `must be "*" or a non-empty list of collections`)
			}
			for _, c := range to {
				if record.ValidCollectionName(c) != nil {
					return LinkDecl{}, invalid(member+".to", "%q is not a collection name", c)
				}
			}
			decl.To = to
		case "cardinality":
			if v != "one" && v != "many" {
				return LinkDecl{}, invalid(member+".cardinality", `must be "one" or "many"`)
			}
			decl.Cardinality = v.(string)
		case "description":
			s, ok := v.(string)
			if !ok {
				return LinkDecl{}, invalid(member+".description", "must be a string")
			}
			decl.Description = s
		default:
			return LinkDecl{}, invalid(member, "has a member %q", k)
		}
	}
	if _, ok := dm["to"]; !ok {
		return LinkDecl{}, invalid(member+".to", "is required")
	}
	return decl, nil
}

func readPermissions(d *Definition, x any) error {
	p, err := strList("permissions", x)
	if err != nil {
		return err
	}
	for _, s := range p {
		if !permissionPattern.MatchString(s) {
			return invalid("permissions", "%q must match %s", s, permissionPattern)
		}
	}
	d.Permissions = p
	return nil
}

func readTopics(d *Definition, x any) error {
	t, err := strList("topics", x)
	if err != nil {
		return err
	}
	if len(t) > MaxTopics || !distinct(t) {
		return invalid("topics", "at most %d distinct field paths", MaxTopics)
	}
	for _, p := range t {
		if !topicPattern.MatchString(p) {
			return invalid("topics", "%q is not a field path", p)
		}
	}
	d.Topics = t
	return nil
}

func readNetwork(d *Definition, x any) error {
	n, err := strList("network", x)
	if err != nil {
		return err
	}
	if len(n) > MaxNetwork || !distinct(n) {
		return invalid("network", "at most %d distinct origins", MaxNetwork)
	}
	for _, o := range n {
		if !originPattern.MatchString(o) {
			return invalid("network", "%q is not an https or wss origin", o)
		}
	}
	d.Network = n
	return nil
}
