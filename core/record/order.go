package record

// Supersedes reports whether a supersedes b, two versions of one key (§4.3):
// a higher seq, or the same seq and a lower id (string order). createdAt
// never counts.
func Supersedes(a, b *Version) bool {
	if a.Seq != b.Seq {
		return a.Seq > b.Seq
	}
	return a.ID < b.ID
}

// Less orders versions for sorting with the winner first: higher seq, then
// lower id (§4.3). It is Supersedes under the name sort packages expect.
func Less(a, b *Version) bool { return Supersedes(a, b) }

// Compare is Less as a three-way comparison for slices.SortFunc: negative
// when a supersedes b.
func Compare(a, b *Version) int {
	switch {
	case a.Seq > b.Seq:
		return -1
	case a.Seq < b.Seq:
		return 1
	case a.ID < b.ID:
		return -1
	case a.ID > b.ID:
		return 1
	}
	return 0
}

// Current returns the version of vs that no other supersedes (§4.3), or nil
// for none. vs are versions of one key; the result does not depend on order.
func Current(vs []*Version) *Version {
	var cur *Version
	for _, v := range vs {
		if cur == nil || Supersedes(v, cur) {
			cur = v
		}
	}
	return cur
}
