package app

import (
	"reflect"
	"testing"
)

// FuzzDecodeArgs feeds outside bytes to the argument parser: it must never
// panic, and what it accepts must be exactly the method's arity.
func FuzzDecodeArgs(f *testing.F) {
	for _, seed := range []string{
		`[]`, `[1,2]`, `[{"Name":"x"}]`, `null`, `{}`, `[1,2] x`, `["a",{}]`, `[1e999,2]`,
		`[` + "\x00" + `]`, `[[[[[[[[[[1]]]]]]]]]]`, `[1,2,3]`, `"str"`, ``,
	} {
		f.Add([]byte(seed))
	}
	methods := methodsOf(calc{})
	f.Fuzz(func(t *testing.T, body []byte) {
		for name, m := range methods {
			args, err := decodeArgs(m.Type(), body)
			if err != nil {
				continue
			}
			if len(args) != m.Type().NumIn() {
				t.Fatalf("%s: %d args accepted", name, len(args))
			}
			for i, a := range args {
				if a.Type() != m.Type().In(i) {
					t.Fatalf("%s arg %d: type %v", name, i, a.Type())
				}
			}
			if name != "Fail" {
				results(m.Call(args))
			}
		}
	})
}

func TestResults(t *testing.T) {
	m := methodsOf(calc{})
	if r, err := results(m["Add"].Call([]reflect.Value{reflect.ValueOf(1), reflect.ValueOf(2)})); r != 3 || err != nil {
		t.Fatalf("Add: %v %v", r, err)
	}
	if _, err := results(m["Fail"].Call(nil)); err == nil || err.Error() != "it failed" {
		t.Fatalf("Fail: %v", err)
	}
}
