package cli

import (
	"errors"
	"testing"

	"minca.dev/desktop/node/paths"
)

func TestCheckDisplay(t *testing.T) {
	for _, c := range []struct {
		goos string
		vars map[string]string
		want error
	}{
		{"linux", nil, errNoDisplay},
		{"linux", map[string]string{"DISPLAY": ":0"}, nil},
		{"linux", map[string]string{"WAYLAND_DISPLAY": "wayland-0"}, nil},
		{"darwin", nil, nil},
		{"windows", nil, nil},
	} {
		env := Env{Paths: paths.Env{GOOS: c.goos}, Getenv: func(k string) string { return c.vars[k] }}
		if err := checkDisplay(env); !errors.Is(err, c.want) {
			t.Errorf("%s %v: %v, want %v", c.goos, c.vars, err, c.want)
		}
	}
}
