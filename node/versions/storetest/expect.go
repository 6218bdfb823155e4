package storetest

import (
	"fmt"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/record"
	"minca.dev/desktop/node/versions"
)

// Expected is the store that taking in these copies gives, in any order
// (05 §10.1), computed in closed form rather than step by step:
//
//   - r/<k> names the version of k no other supersedes (02 §4.3);
//   - g/<k> names the lowest-id first version (seq 0) of k, when the current
//     version's seq is above 0 (only then was a first version demoted
//     against a later one);
//   - h/ lists every retained version that is not current;
//   - every version is an item (i/), and the running sums add them up;
//   - the current version and retained ones are whole when some copy came
//     whole; every other version is a stub; a delete is never a stub.
//
// It is the oracle the suite checks stores against. vs may hold a version
// more than once, whole and as a stub.
func Expected(vs []*record.Version) (versions.Dump, error) {
	d := versions.Dump{Entries: map[string]string{}, Versions: map[string]versions.Form{}, Sums: map[string]versions.CollectionSum{}}
	byID := map[string]*record.Version{}
	whole := map[string]bool{}
	byKey := map[string][]*record.Version{}
	for _, v := range vs {
		if _, ok := byID[v.ID]; !ok {
			byID[v.ID] = v
			byKey[v.Key] = append(byKey[v.Key], v)
		}
		whole[v.ID] = whole[v.ID] || !v.IsStub()
	}
	for key, kvs := range byKey {
		cur := record.Current(kvs)
		d.Entries["r/"+key] = cur.ID
		first := ""
		for _, v := range kvs {
			if v.Seq == 0 && (first == "" || v.ID < first) {
				first = v.ID
			}
			form := versions.Stub
			if v.Deleted || ((v == cur || v.Retain) && whole[v.ID]) {
				form = versions.Whole
			}
			d.Versions[v.ID] = form
			if v.Retain && v != cur {
				d.Entries[fmt.Sprintf("h/%s/%015d/%s", key, v.Seq, v.ID)] = v.ID
			}
			t := record.ItemTimestamp(v.CreatedAt)
			d.Entries[fmt.Sprintf("i/%s/%d/%s", v.Collection, t, v.ID)] = v.ID
			id, err := negentropy.IDFromVersionID(v.ID)
			if err != nil {
				return d, err
			}
			s := d.Sums[v.Collection]
			s.Sum, s.Count = s.Sum.Add(negentropy.SumOf(id)), s.Count+1
			d.Sums[v.Collection] = s
		}
		if cur.Seq > 0 && first != "" {
			d.Entries["g/"+key] = first
		}
	}
	return d, nil
}
