package account

import "minca.dev/desktop/core/record"

// ClosedBody is what the account writes at carry:closed when it stops
// using a carrier (03 §14).
func ClosedBody() map[string]any {
	return map[string]any{memberV: float64(PassVersion), memberClosed: true}
}

// IsClosed says whether a version tells its carrier to forget everything:
// sys.pass at carry:closed with { v: 1, closed: true }, not a delete.
//
// Choice: members beside v and closed make it no close.
func IsClosed(v *record.Version) bool {
	if v.Collection != CollectionPass || v.Key != record.KeyCarryClosed || v.Deleted {
		return false
	}
	m, ok := v.Body.(map[string]any)
	if !ok || len(m) != 2 {
		return false
	}
	n, _ := m[memberV].(float64)
	c, _ := m[memberClosed].(bool)
	return n == PassVersion && c
}
