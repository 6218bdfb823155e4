package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"minca.dev/desktop/app"
	"minca.dev/desktop/app/autostart"
	"minca.dev/desktop/keychain"
	"minca.dev/desktop/node/api"
	"minca.dev/desktop/node/attach"
	"minca.dev/desktop/node/paths"
	"minca.dev/desktop/node/runtime"
	"minca.dev/desktop/node/vault"
)

// attachConfig is how this program reaches the default profile's node:
// node/runtime opened in process when nobody owns it, with node sockets
// (node/transport) for sync, listening for peers on listen when it is set
// (else as the profile's network setting says).
func attachConfig(env Env, listen string) attach.Config {
	return attachHostConfig(env, listen, "")
}

// attachHostConfig is attachConfig for a host that also puts advertise
// (host[:port]) into its node URL when it listens beyond loopback.
func attachHostConfig(env Env, listen, advertise string) attach.Config {
	return attach.Config{
		Env:     env.Paths,
		Profile: paths.DefaultProfile,
		Log:     logger(env),
		Open: func(ctx context.Context) (attach.Node, error) {
			n, err := runtime.Open(ctx, runtime.Config{
				Env:       env.Paths,
				Profile:   paths.DefaultProfile,
				Keychain:  keychainOf(env),
				Version:   app.Version,
				Sockets:   true,
				Listen:    listen,
				Advertise: advertise,
			})
			if err != nil {
				return nil, err
			}
			unlock(ctx, env, n)
			return n, nil
		},
	}
}

// unlock opens an account only a passphrase opens with MINCA_PASSPHRASE,
// so a host, a tray taking the node over, or a one-shot command can run it
// without a keychain. A wrong or missing passphrase leaves the node locked:
// calls then answer CodeLocked with a hint, and the UI can unlock it.
func unlock(ctx context.Context, env Env, n api.Node) {
	pass := env.getenv("MINCA_PASSPHRASE")
	if _, err := n.Spaces(ctx); pass == "" || api.CodeOf(err) != api.CodeLocked {
		return
	}
	if _, err := n.RestoreAccount(ctx, api.RestoreAccount{Passphrase: pass}); err != nil {
		logger(env).Warn("account stays locked: MINCA_PASSPHRASE did not open it", "err", err)
	}
}

// keychainOf is the OS keychain, unless MINCA_KEYCHAIN=none.
func keychainOf(env Env) vault.Keychain {
	if strings.EqualFold(env.getenv("MINCA_KEYCHAIN"), "none") {
		return nil
	}
	return keychain.Default()
}

// withNode runs f on the profile's node, reached for the length of one
// command, and lets it go after.
func withNode(env Env, f func(ctx context.Context, n api.Node) error) error {
	a, err := attach.Attach(env.Ctx, attachConfig(env, ""))
	if err != nil {
		return err
	}
	defer a.Close()
	return f(env.Ctx, a.Node())
}

// openApp reaches the node for a long-running process (window, tray, UI):
// it keeps the node until env.Ctx ends, taking it over if its owner exits.
// The caller closes the returned closer when done.
func openApp(env Env) (*app.App, *attach.Attachment, error) {
	return openAppWith(env, app.Desktop{})
}

// openAppWith is openApp for a host with extras; Start at login
// (app/autostart) is offered wherever the page runs.
func openAppWith(env Env, d app.Desktop) (*app.App, *attach.Attachment, error) {
	d.Autostart, d.SetAutostart = autostart.IsEnabled, autostart.Set
	a, err := attach.Attach(env.Ctx, attachConfig(env, ""))
	if err != nil {
		return nil, nil, err
	}
	go a.Keep(env.Ctx)
	ap, err := app.New(app.Config{Node: a.Node(), Log: logger(env), Desktop: d})
	if err != nil {
		a.Close()
		return nil, nil, err
	}
	return ap, a, nil
}

// secret reads a secret: from file ("-" = stdin) if given, else from the
// environment variable, else "". A trailing newline is dropped.
func secret(env Env, file, envVar string) (string, error) {
	if file == "" {
		return env.getenv(envVar), nil
	}
	var b []byte
	var err error
	if file == "-" {
		in := env.Stdin
		if in == nil {
			in = os.Stdin
		}
		b, err = io.ReadAll(io.LimitReader(in, 1<<16))
	} else {
		b, err = os.ReadFile(file)
	}
	if err != nil {
		return "", usageErr("read %s: %v", file, err)
	}
	return strings.TrimRight(string(b), "\r\n"), nil
}

// withRunningNode is withNode for commands about the running node (sync
// now, pause, resume): when no other process kept the node, it says that
// the effect ends with this command.
func withRunningNode(env Env, f func(ctx context.Context, n api.Node) error) error {
	a, err := attach.Attach(env.Ctx, attachConfig(env, ""))
	if err != nil {
		return err
	}
	defer a.Close()
	if a.Role() == attach.Owner {
		fmt.Fprintln(env.Stderr, "note: no Minca process is running, so this lasts only while the command runs;")
		fmt.Fprintln(env.Stderr, "      `minca tray` or `minca host` keeps the node and sync running")
	}
	return f(env.Ctx, a.Node())
}

// openOnce reaches the node for one command and returns the App over it.
func openOnce(env Env) (*app.App, *attach.Attachment, error) {
	a, err := attach.Attach(env.Ctx, attachConfig(env, ""))
	if err != nil {
		return nil, nil, err
	}
	ap, err := app.New(app.Config{Node: a.Node(), Log: logger(env)})
	if err != nil {
		a.Close()
		return nil, nil, err
	}
	return ap, a, nil
}
