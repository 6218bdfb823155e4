package access

// indexes find, for a question the replay asks, the few events that can
// answer it. Every list is in index order (a topological order).
type indexes struct {
	byKey     map[string][]int // record key (unhashed) → events on it
	removals  map[string][]int // did → removals of it (§4.4 assign, A5)
	stepdowns map[string][]int // did → its stepdowns
	unassigns map[string][]int // did → unassignments of it, leaving included
	roles     map[string]map[string]bool
	byRoot    map[string][]int // account → events it made
	byAuthor  map[string][]int // key → events it signed
	joins     map[string][]int // invite key → joins through it
	revokes   map[string][]int // revoked key → revokes of it
	forks     map[string][]int // writer → fork proofs of its lines
	keyEvents []int
	succeeds  []int
	assignees map[string]bool // every did an assign event names
	named     map[string]bool // did of any assign with assigned: true (§3.4)
	invites   map[string]bool // invite keys some invite event names (§3.4)
}

func newIndexes() indexes {
	return indexes{
		byKey: map[string][]int{}, removals: map[string][]int{},
		stepdowns: map[string][]int{}, unassigns: map[string][]int{},
		roles: map[string]map[string]bool{}, byRoot: map[string][]int{},
		byAuthor: map[string][]int{}, joins: map[string][]int{},
		revokes: map[string][]int{}, forks: map[string][]int{},
		assignees: map[string]bool{}, named: map[string]bool{},
		invites: map[string]bool{},
	}
}

func (x *indexes) add(n *node) {
	e, i := &n.ev, n.idx
	x.byKey[n.group] = append(x.byKey[n.group], i)
	x.byRoot[e.Root] = append(x.byRoot[e.Root], i)
	x.byAuthor[e.Author] = append(x.byAuthor[e.Author], i)
	switch e.Kind {
	case KindRemove:
		x.removals[e.DID] = append(x.removals[e.DID], i)
	case KindStepdown:
		x.stepdowns[e.DID] = append(x.stepdowns[e.DID], i)
	case KindAssign:
		x.addAssign(e, i)
	case KindInvite:
		x.invites[e.InviteKey] = true
	case KindRevoke:
		x.revokes[e.Key] = append(x.revokes[e.Key], i)
	case KindFork:
		x.forks[e.Writer] = append(x.forks[e.Writer], i)
	case KindKey:
		x.keyEvents = append(x.keyEvents, i)
	case KindSucceed:
		x.succeeds = append(x.succeeds, i)
	}
}

func (x *indexes) addAssign(e *Event, i int) {
	if x.roles[e.DID] == nil {
		x.roles[e.DID] = map[string]bool{}
	}
	x.roles[e.DID][e.Role] = true
	x.assignees[e.DID] = true
	if e.Assigned {
		x.named[e.DID] = true
	} else {
		x.unassigns[e.DID] = append(x.unassigns[e.DID], i)
	}
	if e.ViaInvite != "" {
		x.joins[e.ViaInvite] = append(x.joins[e.ViaInvite], i)
	}
}
