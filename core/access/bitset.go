package access

import "math/bits"

// bitset is a set of event indices. Every event's ancestors are a bitset:
// ancestors are placed before their descendants, so an event at index i
// needs i/64+1 words, and a 10,000-event history about 12.5 MB.
type bitset []uint64

func (b bitset) has(i int) bool {
	w := i >> 6
	return w < len(b) && b[w]&(1<<(uint(i)&63)) != 0
}

// with returns b with i added, growing it as needed.
func (b bitset) with(i int) bitset {
	w := i >> 6
	for len(b) <= w {
		b = append(b, 0)
	}
	b[w] |= 1 << (uint(i) & 63)
	return b
}

// or returns b with every member of c added, growing it as needed.
func (b bitset) or(c bitset) bitset {
	for len(b) < len(c) {
		b = append(b, 0)
	}
	for i, w := range c {
		b[i] |= w
	}
	return b
}

// meets says whether b and c share a member.
func (b bitset) meets(c bitset) bool {
	n := min(len(b), len(c))
	for i := 0; i < n; i++ {
		if b[i]&c[i] != 0 {
			return true
		}
	}
	return false
}

// each calls f for every member in increasing order.
func (b bitset) each(f func(i int)) {
	for w, word := range b {
		for word != 0 {
			t := bits.TrailingZeros64(word)
			f(w<<6 | t)
			word &= word - 1
		}
	}
}

func (b bitset) clone() bitset { return append(bitset(nil), b...) }
