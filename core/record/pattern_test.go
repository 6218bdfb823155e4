package record

import (
	"regexp"
	"testing"
)

// The patterns of §4.1 and §6.1 that isKey and isCollectionName write out.
var (
	keyPatternRef        = regexp.MustCompile(`^[a-z0-9:._-]{1,128}$`)
	collectionPatternRef = regexp.MustCompile(`^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$`)
)

var patternSeeds = []string{"", "a", "a.b", "app.todo.item", "sys.space", "a.", ".a", "a..b", "a.b.", "a-b.c-d",
	"1a.b", "a.1b", "a.b1", "A.b", "a.b\n", "r0000001", "x:y._-z", "item 1", "é.b", "a.-b", "a-.b",
	"assign:0123456789abcdef0123456789abcdef01234567"}

func checkPatterns(t *testing.T, s string) {
	if got, want := isKey(s), keyPatternRef.MatchString(s); got != want {
		t.Fatalf("isKey(%q) = %v, the pattern says %v", s, got, want)
	}
	if got, want := isCollectionName(s), collectionPatternRef.MatchString(s); got != want {
		t.Fatalf("isCollectionName(%q) = %v, the pattern says %v", s, got, want)
	}
}

// TestPatternsWrittenOut: isKey and isCollectionName answer as the
// patterns do, on hand-picked names and every string of up to four
// characters over a small alphabet, and keys of 128 and 129 characters.
func TestPatternsWrittenOut(t *testing.T) {
	for _, s := range patternSeeds {
		checkPatterns(t, s)
	}
	const alphabet = "az09.-:_A \n"
	var walk func(prefix string)
	walk = func(prefix string) {
		checkPatterns(t, prefix)
		if len(prefix) == 4 {
			return
		}
		for _, c := range alphabet {
			walk(prefix + string(c))
		}
	}
	walk("")
	long := make([]byte, 129)
	for i := range long {
		long[i] = 'k'
	}
	checkPatterns(t, string(long[:128]))
	checkPatterns(t, string(long))
}

func FuzzPatternsWrittenOut(f *testing.F) {
	for _, s := range patternSeeds {
		f.Add(s)
	}
	f.Fuzz(checkPatterns)
}
