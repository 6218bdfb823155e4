package cli

import (
	"context"
	"io"

	"minca.dev/desktop/node/api"
)

// outputArgs parses the arguments of a verb whose only option is --json:
// it returns that option and from least to most positional arguments.
func outputArgs(env Env, c command, args []string, least, most int) (output, []string, error) {
	var o output
	fs := newFlags(env, c)
	o.flag(fs)
	pos, err := parseArgs(fs, args, least, most)
	return o, pos, err
}

// runShow is the whole of a verb that takes no argument but --json: ask the
// node with get (a method expression such as api.Node.Folder fits), then
// print the answer as JSON or, for a person, with human.
func runShow[T any](env Env, c command, args []string, get func(api.Node, context.Context) (T, error), human func(io.Writer, T)) error {
	o, _, err := outputArgs(env, c, args, 0, 0)
	if err != nil {
		return err
	}
	return show(env, o, get, human)
}

// runShowSpace is runShow for a verb whose one argument is a space, by
// name or id: the space is resolved (resolveSpace), then handed to get.
func runShowSpace[T any](env Env, c command, args []string, get func(api.Node, context.Context, api.SpaceSummary) (T, error), human func(io.Writer, T)) error {
	o, pos, err := outputArgs(env, c, args, 1, 1)
	if err != nil {
		return err
	}
	if err := checkSpace(pos[0]); err != nil {
		return err
	}
	return show(env, o, func(n api.Node, ctx context.Context) (T, error) {
		s, err := resolveSpace(ctx, n, pos[0])
		if err != nil {
			var zero T
			return zero, err
		}
		return get(n, ctx, s)
	}, human)
}

// withSpace runs f on the node with the space arg names (by name or id).
func withSpace(env Env, arg string, f func(ctx context.Context, n api.Node, s api.SpaceSummary) error) error {
	return withNode(env, func(ctx context.Context, n api.Node) error {
		s, err := resolveSpace(ctx, n, arg)
		if err != nil {
			return err
		}
		return f(ctx, n, s)
	})
}

// do has the node do f, then says it is done: {"ok":true} with --json,
// else msg.
func do(env Env, o output, msg string, f func(api.Node, context.Context) error) error {
	return withNode(env, func(ctx context.Context, n api.Node) error {
		if err := f(n, ctx); err != nil {
			return err
		}
		return o.done(env, msg)
	})
}

// show asks the node with get and prints the answer as JSON with --json,
// else with human.
func show[T any](env Env, o output, get func(api.Node, context.Context) (T, error), human func(io.Writer, T)) error {
	return withNode(env, func(ctx context.Context, n api.Node) error {
		v, err := get(n, ctx)
		if err != nil {
			return err
		}
		return o.print(env, v, func(w io.Writer) { human(w, v) })
	})
}
