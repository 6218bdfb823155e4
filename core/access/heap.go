package access

import "container/heap"

// idHeap is a min-heap of event indices by id.
type idHeap struct {
	h  *History
	xs []int
}

func (q *idHeap) Len() int           { return len(q.xs) }
func (q *idHeap) Less(a, b int) bool { return q.h.nodes[q.xs[a]].ev.ID < q.h.nodes[q.xs[b]].ev.ID }
func (q *idHeap) Swap(a, b int)      { q.xs[a], q.xs[b] = q.xs[b], q.xs[a] }
func (q *idHeap) Push(x any)         { q.xs = append(q.xs, x.(int)) }
func (q *idHeap) Pop() any {
	x := q.xs[len(q.xs)-1]
	q.xs = q.xs[:len(q.xs)-1]
	return x
}
func (q *idHeap) push(i int) { heap.Push(q, i) }
func (q *idHeap) pop() int   { return heap.Pop(q).(int) }
func (q *idHeap) len() int   { return len(q.xs) }
