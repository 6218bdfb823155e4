package negentropy_test

import (
	"fmt"

	"minca.dev/desktop/core/negentropy"
)

// The exchange of 05 §3.5: A holds id1 and id2, B holds id1 and id3.
func Example() {
	id := func(b byte) negentropy.ID { return negentropy.ID{b} }
	a, _ := negentropy.NewVector([]negentropy.Item{{Timestamp: 1700000000, ID: id(1)}, {Timestamp: 1700000005, ID: id(2)}})
	b, _ := negentropy.NewVector([]negentropy.Item{{Timestamp: 1700000000, ID: id(1)}, {Timestamp: 1700000009, ID: id(3)}})

	initiator, _ := negentropy.NewInitiator(a, 32_000)
	responder, _ := negentropy.NewResponder(b, 32_000)
	msg := initiator.Initiate()
	for rounds := 1; msg != nil; rounds++ {
		answer, err := responder.Respond(msg)
		if err != nil {
			fmt.Println(err)
			return
		}
		round, err := initiator.Reconcile(answer)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, id := range round.Have {
			fmt.Printf("round %d: B lacks %02x…\n", rounds, id[0])
		}
		for _, id := range round.Need {
			fmt.Printf("round %d: A lacks %02x…\n", rounds, id[0])
		}
		msg = round.Next
	}
	// Output:
	// round 1: B lacks 02…
	// round 1: A lacks 03…
}
