package api

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// allCodes are every Code errors.go declares.
var allCodes = []Code{CodeInvalid, CodeNotFound, CodeForbidden, CodeConflict, CodeNoAccount,
	CodeLocked, CodeUnavailable, CodeInternal, CodeKeychainOnly}

// Every code has its own sentence and what to do, written for people.
func TestEveryCodeHasWords(t *testing.T) {
	seen := map[string]Code{}
	for _, c := range allCodes {
		what, todo := c.Words()
		if c != CodeInternal && what == codeWords[CodeInternal][0] {
			t.Errorf("%s has no words of its own", c)
		}
		for _, s := range []string{what, todo} {
			if s == "" || !strings.HasSuffix(s, ".") || strings.ToUpper(s[:1]) != s[:1] {
				t.Errorf("%s: %q is no sentence", c, s)
			}
		}
		if other, ok := seen[what]; ok {
			t.Errorf("%s and %s say the same: %q", c, other, what)
		}
		seen[what] = c
	}
}

// A node's own text is never the headline: it becomes Detail; a message
// the node wrote for people (Detail set) stays.
func TestExplain(t *testing.T) {
	for _, c := range allCodes {
		raw := fmt.Errorf("open space: %w", Errorf(c, "store %s: disk I/O", "x"))
		got := Explain(raw)
		what, todo := c.Words()
		if got.Code != c || got.Message != what || got.Hint != todo || !strings.Contains(got.Detail, "disk I/O") {
			t.Errorf("%s: %+v", c, got)
		}
	}
	worded := &Error{Code: CodeForbidden, Message: "Only admins can remove members.", Detail: "did:key:z may not /member/remove", Reason: "no-grant"}
	if got := Explain(fmt.Errorf("wrapped: %w", worded)); got.Message != worded.Message || got.Detail != worded.Detail || got.Reason != "no-grant" {
		t.Errorf("worded: %+v", got)
	}
	if got := Explain(errors.New("read-only config dir")); got.Code != CodeInternal || got.Detail != "read-only config dir" || strings.Contains(got.Message, "read-only") {
		t.Errorf("plain error: %+v", got)
	}
	locked := &Error{Code: CodeLocked, Reason: ReasonNoKeychain, Message: "no keychain is usable", Hint: "give the recovery code"}
	if got := Explain(locked); got.Message != reasonWords[ReasonNoKeychain] || got.Hint != "Give the recovery code." || got.Detail != "no keychain is usable" {
		t.Errorf("reason: %+v", got)
	}
	if Explain(nil) != nil {
		t.Error("Explain(nil) is not nil")
	}
}
