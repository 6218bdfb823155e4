package syncer

import (
	"sort"
	"time"

	"minca.dev/desktop/core/negentropy"
	"minca.dev/desktop/core/syncmsg"
)

// peer is what an engine knows of one connected peer (05 §6.1). It is
// forgotten whole when the peer disconnects.
type peer struct {
	did  string
	conn Conn
	// hello is the latest hello heard (nil before the first).
	hello *syncmsg.Hello
	heard time.Time
	// sessions this node runs as initiator, by session id (05 §6.3).
	sessions map[uint64]*session
	// wants in flight, by request id; asked maps each id asked for to its
	// want's request id, so no id is asked twice at once.
	wants map[uint64]*want
	asked map[string]uint64
	// queue are the ids to ask for beyond MaxWantsOut wants (askqueue.go).
	queue []asking
	// refused are ids of versions this peer sent that were refused (05 §8):
	// they are not asked of it again. order keeps the oldest first, to forget.
	refused      map[string]bool
	refusedOrder []string
	// level are the collections last found level with this peer (05 §6.2).
	level map[string]bool
}

func newPeer(did string, conn Conn) *peer {
	return &peer{did: did, conn: conn, sessions: map[uint64]*session{},
		wants: map[uint64]*want{}, asked: map[string]uint64{},
		refused: map[string]bool{}, level: map[string]bool{}}
}

// idle is synced (05 §6.5): no session, no want in flight, nothing queued.
func (p *peer) idle() bool { return len(p.sessions) == 0 && len(p.wants) == 0 && len(p.queue) == 0 }

// busyWith says whether a session or a want is in flight for collection
// c, or ids of c are queued to ask.
func (p *peer) busyWith(c string) bool {
	if p.queued(c) {
		return true
	}
	for _, s := range p.sessions {
		if s.collection == c {
			return true
		}
	}
	for _, w := range p.wants {
		if w.collection == c {
			return true
		}
	}
	return false
}

func (p *peer) refuse(id string) {
	if p.refused[id] {
		return
	}
	p.refused[id] = true
	p.refusedOrder = append(p.refusedOrder, id)
	if len(p.refusedOrder) > MaxRefusals {
		delete(p.refused, p.refusedOrder[0])
		p.refusedOrder = p.refusedOrder[1:]
	}
}

// session is one collection being reconciled with this node as initiator
// (05 §6.3).
type session struct {
	id         uint64
	collection string
	init       *negentropy.Initiator
	rounds     int
	heard      time.Time
	// have and need in the order the rounds found them, each once.
	have, need []negentropy.ID
	noted      map[negentropy.ID]bool
}

// want is one want in flight (05 §6.3).
type want struct {
	id         uint64
	collection string
	ids        map[string]bool
	sent       time.Time
}

func (p *peer) sortedSessions() []*session {
	out := make([]*session, 0, len(p.sessions))
	for _, s := range p.sessions {
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

func (p *peer) sortedWants() []*want {
	out := make([]*want, 0, len(p.wants))
	for _, w := range p.wants {
		out = append(out, w)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}
