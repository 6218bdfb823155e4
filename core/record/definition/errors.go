package definition

import (
	"errors"
	"fmt"
)

// Errors a caller may branch on.
var (
	// ErrInvalid: a definition breaks §6; it counts as no definition.
	ErrInvalid = errors.New("definition: invalid")
	// ErrNoKey: a onePer part is missing from the version, so it has no key (§7.3).
	ErrNoKey = errors.New("definition: no onePer key")
	// ErrOnePer: a first version is not at the key its onePer rule derives (§7.3).
	ErrOnePer = errors.New("definition: not at its onePer key")
	// ErrFixed: a later version changes a fixed field (§7.4).
	ErrFixed = errors.New("definition: a fixed field changed")
	// ErrFinal: a later version under a final rule (§7.4).
	ErrFinal = errors.New("definition: the collection is final")
	// ErrRetain: a first version under onePer or fixed lacks retain (§4.5).
	ErrRetain = errors.New("definition: a first version under onePer or fixed must be retained")
	// ErrTags: a version's tags are not its topics' tags (§8.4).
	ErrTags = errors.New("definition: tags do not match the topics")
)

func invalid(member, format string, args ...any) error {
	return fmt.Errorf("%w: %s: %s", ErrInvalid, member, fmt.Sprintf(format, args...))
}
