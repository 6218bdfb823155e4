package cli

import (
	"context"
	"io"

	"minca.dev/desktop/node/api"
)

// runShow is the whole of a verb that takes no argument but --json: ask the
// node with get (a method expression such as api.Node.Folder fits), then
// print the answer as JSON or, for a person, with human.
func runShow[T any](env Env, c command, args []string, get func(api.Node, context.Context) (T, error), human func(io.Writer, T)) error {
	var o output
	fs := newFlags(env, c)
	o.flag(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return withNode(env, func(ctx context.Context, n api.Node) error {
		v, err := get(n, ctx)
		if err != nil {
			return err
		}
		return o.print(env, v, func(w io.Writer) { human(w, v) })
	})
}
