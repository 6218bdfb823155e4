package negentropy

// The split of 05 §3.4.
const (
	// Buckets is how many Fingerprint ranges a range is split into.
	Buckets = 16
	// idListBelow: a range of fewer items than this is sent as one IdList.
	idListBelow = 2 * Buckets
)

// split appends the ranges that send items [lower, upper) of s, ending at
// upper: one IdList when there are fewer than 32 items, otherwise 16
// Fingerprint ranges, bucket i holding floor(n/16) items plus one when
// i < n mod 16, each bounded by the minimal bound before the next bucket's
// first item (05 §3.4).
func (e *encoder) split(dst []byte, s Storage, lower, upper int, upperBound *Bound) []byte {
	n := upper - lower
	if n < idListBelow {
		dst = e.bound(dst, upperBound)
		dst = appendVarint(dst, uint64(ModeIDList))
		dst = appendVarint(dst, uint64(n))
		for i := lower; i < upper; i++ {
			id := s.Item(i).ID
			dst = append(dst, id[:]...)
		}
		return dst
	}
	per, extra := n/Buckets, n%Buckets
	curr := lower
	for i := range Buckets {
		size := per
		if i < extra {
			size++
		}
		fp := rangeFingerprint(s, curr, curr+size)
		curr += size
		if curr == upper {
			dst = e.bound(dst, upperBound)
		} else {
			prev, next := s.Item(curr-1), s.Item(curr)
			b := minimalBound(&prev, &next)
			dst = e.bound(dst, &b)
		}
		dst = appendVarint(dst, uint64(ModeFingerprint))
		dst = append(dst, fp[:]...)
	}
	return dst
}
