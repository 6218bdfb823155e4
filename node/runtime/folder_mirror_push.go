package runtime

import (
	"context"
	"time"
)

// pushQuiet pushes once no local change came for mirrorDebounce, recording
// generation g as pushed, and compacts when the push put anything up. A
// push that failed is tried again at the space's next look (due: with its
// pulls, which back off), not at every mirrorPace.
func (sm *spaceMirror) pushQuiet(ctx context.Context, now time.Time, g uint64) {
	if sm.seenGen == sm.pushedGen || now.Sub(sm.changed) < mirrorDebounce {
		return
	}
	up, err := sm.m.Push(ctx)
	sm.pushFailed = err != nil
	if err != nil {
		sm.lastErr = err
		return
	}
	sm.pushedGen = g
	if up > 0 {
		_, _ = sm.m.Compact(ctx, false)
	}
}
