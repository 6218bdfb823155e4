package storagetest

import (
	"testing"

	"minca.dev/desktop/core/negentropy"
)

func TestVector(t *testing.T) {
	Run(t, func(items []negentropy.Item) (negentropy.Storage, error) {
		return negentropy.NewVector(items)
	})
}
