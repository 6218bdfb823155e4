package netsync

import (
	"bytes"
	"encoding/binary"
	"math"

	"minca.dev/desktop/core/negentropy"
)

// What a counting session asks (coming.go). The peer's first reconcile of
// a session is its whole item set split in 16 ranges of about equal count
// (05 §3.4), each a Fingerprint, or one IdList when it holds fewer than 32.
// One answer carries at most about 1,000 ids (the 32,000-byte frame), and
// only the first round is answered before the peer sends what it found
// (its session ends when it hears the engine's answer). So the node asks,
// in one round, for the peer's ids in each range that differs from its
// own, each range cut in probeSplits: an empty IdList for the span
// (05 §3.4: a responder answers an IdList with its own ids in the range),
// Skip before and after it. An IdList range of the peer's names its ids
// already and needs no asking.
//
// An answer the frame cut short ends its IdList at the first id it left
// out (05 §3.4). The rest of the span is asked in a later round, cut in as
// many spans as the density of the ids answered says it holds answers'
// worth (rest), at most maxRest, for at most maxRounds rounds: every id of
// the peer's is counted, whatever the space's size, in a few rounds.

// probeSplits is how many spans each differing range of the peer's is cut
// into in the first round: 16 × 4 answers of about 1,000 ids count up to
// about 64,000 versions ahead; the rest is counted in later rounds.
const probeSplits = 4

// Bounds of the later rounds (rest): how many ids one answer is reckoned
// to carry (a 32,000-byte frame holds about 990), how many spans the rest
// of one span is cut in at most, and how many rounds a span's asking takes
// at most. 16 × 4 × 32 spans of a second round count about 2 million ids,
// and a cut too coarse for ids bunched in time is cut again next round.
const (
	answerIDs = 800
	maxRest   = 32
	maxRounds = 6
)

// span is one range to ask the peer's ids in, with the ids this node holds
// in it, and the round it is asked in (from 1).
type span struct {
	lo, hi negentropy.Bound
	ours   map[negentropy.ID]bool
	round  int
}

// ask is the counting session's message for the span.
func (sp span) ask() []byte {
	var rs []negentropy.Range
	if sp.lo != (negentropy.Bound{}) {
		rs = append(rs, negentropy.Range{Upper: sp.lo, Mode: negentropy.ModeSkip})
	}
	rs = append(rs, negentropy.Range{Upper: sp.hi, Mode: negentropy.ModeIDList})
	if sp.hi.Timestamp != negentropy.Infinity {
		rs = append(rs, negentropy.Range{Upper: negentropy.InfiniteBound, Mode: negentropy.ModeSkip})
	}
	return negentropy.Message{Ranges: rs}.Encode()
}

// plan reads the peer's first reconcile against this node's items: the
// spans to ask about, and the ids the peer's IdList ranges name that this
// node lacks.
func plan(theirs negentropy.Message, ours negentropy.Storage) (spans []span, named []negentropy.ID) {
	bounds := make([]negentropy.Bound, 0, len(theirs.Ranges)+1)
	bounds = append(bounds, negentropy.Bound{})
	for _, r := range theirs.Ranges {
		bounds = append(bounds, r.Upper)
	}
	width := typicalWidth(bounds)
	n := ours.Len()
	lower := 0
	for i, r := range theirs.Ranges {
		lo, hi := bounds[i], bounds[i+1]
		upper := ours.Search(lower, n, hi)
		switch r.Mode {
		case negentropy.ModeIDList:
			held := idsIn(ours, lower, upper)
			for _, id := range r.IDs {
				if !held[id] {
					named = append(named, id)
				}
			}
		case negentropy.ModeFingerprint:
			if ours.Sum(lower, upper).Fingerprint(upper-lower) == r.Fingerprint {
				break
			}
			cuts := cut(lo, hi, width, probeSplits)
			for j := range len(cuts) - 1 {
				a := ours.Search(lower, upper, cuts[j])
				b := ours.Search(a, upper, cuts[j+1])
				spans = append(spans, span{lo: cuts[j], hi: cuts[j+1], ours: idsIn(ours, a, b), round: 1})
			}
		}
		lower = upper
	}
	return spans, named
}

// rest reads the peer's answer to sp: the ids it names, and the spans left
// to ask when the frame cut it short (its IdList ends before sp.hi), the
// remainder cut by the density of the ids answered: as many spans as it is
// reckoned to hold answers, at most maxRest. A last span (hi infinity) is
// reckoned to hold as many again as were answered. None after maxRounds.
func (sp span) rest(answer negentropy.Message) (ids []negentropy.ID, more []span) {
	end, cutShort := sp.hi, false
	for _, rg := range answer.Ranges {
		if rg.Mode == negentropy.ModeIDList {
			ids = append(ids, rg.IDs...)
			end, cutShort = rg.Upper, before(rg.Upper, sp.hi)
		}
	}
	if !cutShort || sp.round >= maxRounds {
		return ids, nil
	}
	covered := position(end) - position(sp.lo)
	est := float64(len(ids))
	if sp.hi.Timestamp != negentropy.Infinity && covered > 0 {
		est *= (position(sp.hi) - position(end)) / covered
	}
	k := int(min(maxRest, math.Ceil(est/answerIDs)))
	for j, cuts := 0, cut(end, sp.hi, covered, max(k, 1)); j < len(cuts)-1; j++ {
		more = append(more, span{lo: cuts[j], hi: cuts[j+1], ours: sp.ours, round: sp.round + 1})
	}
	return ids, more
}

func idsIn(s negentropy.Storage, begin, end int) map[negentropy.ID]bool {
	m := make(map[negentropy.ID]bool, end-begin)
	for i := begin; i < end; i++ {
		m[s.Item(i).ID] = true
	}
	return m
}

// position reads a bound as a point on a line: its timestamp (whole
// seconds, 05 §2) plus its id prefix's first 8 bytes as a fraction of one.
// Ids are hashes, spread evenly, so equal lengths of the line hold about
// equal numbers of items within a second.
func position(b negentropy.Bound) float64 {
	var p [8]byte
	copy(p[:], b.Prefix[:min(b.Len, 8)])
	return float64(b.Timestamp) + float64(binary.BigEndian.Uint64(p[:]))/math.Exp2(64)
}

// boundAt is the bound at position x (position's inverse, to 8 bytes).
func boundAt(x float64) negentropy.Bound {
	t := math.Floor(x)
	var p [8]byte
	binary.BigEndian.PutUint64(p[:], uint64(math.Min((x-t)*math.Exp2(64), math.MaxUint64)))
	return negentropy.NewBound(uint64(t), p[:])
}

// typicalWidth is the mean length of the ranges between bounds (zero
// first), leaving out the first and an infinite last: where those two are
// cut is guessed with it. 0 when no range is left.
func typicalWidth(bounds []negentropy.Bound) float64 {
	inner := bounds[1:]
	if k := len(inner); k > 0 && inner[k-1].Timestamp == negentropy.Infinity {
		inner = inner[:k-1]
	}
	if len(inner) < 2 {
		return 0
	}
	return (position(inner[len(inner)-1]) - position(inner[0])) / float64(len(inner)-1)
}

// cut is [lo, hi) cut in k by position, lo and hi kept; a first range (lo
// the zero bound) or a last one (hi infinity) is cut over width next to
// its known end. Cuts that do not fall strictly inside in order are left
// out, down to lo and hi alone.
func cut(lo, hi negentropy.Bound, width float64, k int) []negentropy.Bound {
	from, to := position(lo), position(hi)
	switch {
	case lo == (negentropy.Bound{}) && hi.Timestamp == negentropy.Infinity:
		return []negentropy.Bound{lo, hi}
	case lo == (negentropy.Bound{}):
		from = max(0, to-width)
	case hi.Timestamp == negentropy.Infinity:
		to = from + width
	}
	out := []negentropy.Bound{lo}
	for j := 1; j < k && to > from; j++ {
		b := boundAt(from + (to-from)*float64(j)/float64(k))
		if before(out[len(out)-1], b) && before(b, hi) {
			out = append(out, b)
		}
	}
	return append(out, hi)
}

// before says whether bound a comes before bound b (05 §3.2).
func before(a, b negentropy.Bound) bool {
	if a.Timestamp != b.Timestamp {
		return a.Timestamp < b.Timestamp
	}
	return bytes.Compare(a.Prefix[:a.Len], b.Prefix[:b.Len]) < 0
}
