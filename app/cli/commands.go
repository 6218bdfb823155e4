package cli

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// command is one verb, or a verb of a group ("space create").
type command struct {
	name    string // the words that call it
	args    string // its arguments and options, for the usage line
	summary string
	run     func(env Env, c command, args []string) error
}

// commands is every command, in the order help lists them.
func commands() []command {
	return []command{
		{"window", "", "open the window (the default with no arguments)", runWindow},
		{"tray", "[--hidden] [--background]", "run the tray process, which keeps the node and sync running", runTray},
		{"quit", "", "stop syncing in the background (the tray, with its icon or without one)", runQuit},
		{"ui", "[--listen 127.0.0.1:PORT]", "serve the window's UI to a browser on loopback", runUI},
		{"host", "[--listen IP:PORT [--advertise HOST[:PORT]]] [--json]", "run the node headless: an always-on keeper of your spaces", runHost},
		{"status", "[--json]", "print the status line", runStatus},
		{"version", "", "print the version", runVersion},

		{"account create", "--name NAME [--passphrase-file FILE] [--json]", "create an account; prints its recovery code once", runAccountCreate},
		{"account restore", "[--recovery-code-file FILE] [--folder DIR] [--passphrase-file FILE] [--name NAME] [--json]", "restore an account from its recovery code or a data folder holding it, or unlock it", runAccountRestore},
		{"account show", "[--json]", "show this profile's account", runAccountShow},

		{"space create", "NAME [--private] [--template team|club|notebook] [--json]", "create a space", runSpaceCreate},
		{"space list", "[--json]", "list your spaces", runSpaceList},
		{"space show", "SPACE [--json]", "show a space: roles, key, peers", runSpaceShow},
		{"space leave", "SPACE [--json]", "leave a space (removes yourself first)", runSpaceLeave},
		{"space keepers", "SPACE [--add ADDRESS]... [--remove ADDRESS|DID]... [--set ADDRESS]... [--none] [--json]", "list or change the always-on hosts that keep a space (03 §10)", runSpaceKeepers},

		{"member list", "SPACE [--json]", "list a space's members and their roles", runMemberList},
		{"member assign", "SPACE ACCOUNT ROLE [--json]", "give a member a role (or an account that is no member yet, by its did:key)", runMemberAssign},
		{"member unassign", "SPACE ACCOUNT ROLE [--json]", "take a role from a member", runMemberUnassign},
		{"member remove", "SPACE ACCOUNT [--json]", "remove a member (a private space changes its key)", runMemberRemove},

		{"invite create", "SPACE (--role ROLE | --view-only) [--short] [--json]", "make an invite link", runInviteCreate},
		{"invite list", "SPACE [--json]", "list a space's open invites", runInviteList},
		{"invite show", "SPACE INVITE-KEY [--json]", "show an open invite's link again (kept by the computer that made it)", runInviteShow},
		{"invite close", "SPACE INVITE-KEY [--json]", "close an invite so it can no longer be used", runInviteClose},
		{"join", "LINK [--preview] [--json]", "join a space from an invite link (--preview: only show it)", runJoin},

		{"folder show", "[--json]", "show the data folder", runFolderShow},
		{"folder set", "PATH [--move] [--json]", "use another data folder (--move: copy this one there first)", runFolderSet},
		{"folder remove-old", "[--keep] [--json]", "delete the old copy a move left (what it copied, still the same), or --keep it", runFolderRemoveOld},

		{"network show", "[--json]", "show whether other computers can connect to this one, and the node URL invites carry", runNetworkShow},
		{"network set", "off|this-computer|local-network [--json]", "let other computers connect: none, this computer, or the local network", runNetworkSet},

		{"sync status", "[--json]", "show the sync state of every space and peer", runSyncStatus},
		{"sync now", "[SPACE] [--json]", "sync now: one space, or every space", runSyncNow},
		{"sync pause", "[--json]", "pause sync", runSyncPause},
		{"sync resume", "[--json]", "resume sync", runSyncResume},
	}
}

// groups are the first words of two-word commands.
func groups() []string {
	var gs []string
	for _, c := range commands() {
		if g, _, ok := strings.Cut(c.name, " "); ok && !slices.Contains(gs, g) {
			gs = append(gs, g)
		}
	}
	return gs
}

func subcommands(group string) []string {
	var subs []string
	for _, c := range commands() {
		if g, sub, ok := strings.Cut(c.name, " "); ok && g == group {
			subs = append(subs, sub)
		}
	}
	return subs
}

// groupUsage is the usage of a group's commands ("minca folder --help").
func groupUsage(w io.Writer, group string) {
	fmt.Fprintf(w, "Usage: minca %s <command> [arguments]\n\nCommands:\n", group)
	var args []string
	for _, c := range commands() {
		g, sub, ok := strings.Cut(c.name, " ")
		if !ok || g != group {
			continue
		}
		fmt.Fprintf(w, "  %-11s %s\n", sub, c.summary)
		fmt.Fprintf(w, "  %-11s   minca %s %s\n", "", c.name, c.args)
		args = append(args, c.args)
	}
	if about := argsAbout(strings.Join(args, " ")); about != "" {
		fmt.Fprintf(w, "\nArguments:\n%s", about)
	}
	fmt.Fprintf(w, "\n\"minca %s <command> -h\" shows a command's options.\n", group)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `Minca Desktop: your spaces, kept in sync.

Usage: minca [command] [arguments]

With no command, minca opens the window; "minca minca:LINK" opens it on an
invite link. One window per profile: a second launch hands its link to the
open window (or raises it) and exits.

Commands:
`)
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-16s %s\n", c.name, c.summary)
		if c.args != "" {
			fmt.Fprintf(w, "  %-16s   minca %s %s\n", "", c.name, c.args)
		}
	}
	fmt.Fprint(w, `
One node per account profile. The first Minca process to start (the
window, the tray, "minca host" or any command) owns the node and serves
it to the others on a local socket; when it exits, another running
process takes it over within seconds, so the tray keeps sync going after
the window closes (the window starts one: with its icon where the desktop
shows tray icons, without one where it shows none). "minca" opens the
window again; "minca quit" stops the tray. Commands use whichever process
owns the node.

Running a host (an always-on keeper, e.g. on a server):
  minca account create --name "Home server"   # or: minca account restore
  minca host                                  # keeps the node until stopped
  minca host --listen 0.0.0.0:7447 --advertise host.example.net   # and accepts peers
  minca host --json                           # says what happens as JSON lines, for scripts
Run it on a machine that stays on, unlocked by the keychain or
MINCA_PASSPHRASE, and it keeps your spaces in sync for the other members.
With --listen on a network address it also accepts peers there over wss://
with a certificate of the node's own key, pinned by the DID in the URL it
prints (no CA needed; a loopback address serves ws:// to this machine only).
Stop it with Ctrl-C or SIGTERM; see docs/HOSTING.md.

Without a host, the app itself accepts connections while it runs, as you
choose in Settings (Let others connect) or here; it is off for a new profile:
  minca network set this-computer             # or local-network, or off
Invites then carry this computer's address ("minca network show").

Arguments:
  SPACE     a space's name (any case; its id when two share the name), or
            its id, as "minca space list" prints them
  ACCOUNT   a member's name (any case) or account id (did:key:…), as
            "minca member list" prints them
  --json    print the result as JSON, for scripts
  -h        a command's usage ("minca space show -h", "minca space -h")

Environment:
  MINCA_PASSPHRASE     passphrase for the account where no keychain is usable
  MINCA_RECOVERY_CODE  recovery code for "account restore"
  MINCA_KEYCHAIN=none  never use the OS keychain (a passphrase protects the account)
  MINCA_LOG=info|debug more logging on stderr
  XDG_RUNTIME_DIR      where the node's socket lives (else the profile directory)

Exit codes: 0 done, 1 failed, 2 bad arguments (nothing was changed).
`)
}
