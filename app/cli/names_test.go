package cli

import (
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/node/api"
)

// Spaces and members are named by name (exact, any case) or id in every
// command that takes them; a name that several share, or none has, is
// refused (exit 2) with the ones there are; states read as the window says
// them, never the node's words ("offline") or a whole DID.
func TestNamesAndWords(t *testing.T) {
	m := newMachine(t)
	var acc api.NewAccount
	m.ok(t, &acc, "account", "create", "--name", "Ana", "--json")
	me := acc.Account.DID
	var club, notes, notes2 api.SpaceSummary
	m.ok(t, &club, "space", "create", "Garden club", "--template", "club", "--json")
	m.ok(t, &notes, "space", "create", "Notes", "--template", "notebook", "--json")
	other := otherAccount(t)
	for _, tt := range []message{
		{name: "list in words", args: []string{"space", "list"}, out: []string{"STATE", "No one to sync with", "founder; member, moderator"}, never: []string{"offline", "you -"}},
		{name: "show by name, any case", args: []string{"space", "show", "garden CLUB"},
			out:   []string{"Garden club (public", "id       " + club.ID, "state    No one to sync with", "you      founder; member, moderator", "Synced with:\n  No other computer right now."},
			never: []string{"offline", "you      -"}},
		{name: "show JSON by name", args: []string{"space", "show", "Notes", "--json"}, out: []string{`"id": "` + notes.ID, `"sync": "offline"`}},
		{name: "show by id", args: []string{"space", "show", notes.ID}, out: []string{"Notes (public", "you      founder; owner"}},
		{name: "no such name", args: []string{"space", "show", "Allotment"}, code: 2,
			err: []string{`no space is named "Allotment"; yours are:`, "Garden club  " + club.ID, "Notes        " + notes.ID, "hint: give a space's name or id"}},
		{name: "sync status in words", args: []string{"sync", "status"},
			out:   []string{"Sync is running.", "No other computer can connect to this one", "Garden club  No one to sync with", "Not connected to any other computer right now."},
			never: []string{"offline", "not listening"}},
		{name: "members by name", args: []string{"member", "list", "garden club"}, out: []string{"NAME", "Ana   member, moderator  you, founder  " + me}},
		{name: "assign by id, named back", args: []string{"member", "assign", "Garden Club", other, "member"}, out: []string{"Gave " + shortDID(other) + " the role member in Garden club"}},
		{name: "assign by name", args: []string{"member", "assign", "Garden club", "ana", "guest"}, out: []string{"Gave Ana the role guest in Garden club"}},
		{name: "unassign by name", args: []string{"member", "unassign", "Garden club", "ANA", "guest"}, out: []string{"Took the role guest from Ana in Garden club"}},
		{name: "no such member", args: []string{"member", "remove", "Garden club", "Bob"}, code: 2,
			err: []string{`no member of Garden club is named "Bob"; its members:`, "Ana        " + me, "(no name)  " + other}},
		{name: "remove by id", args: []string{"member", "remove", "garden club", other}, out: []string{shortDID(other) + " is no longer a member of Garden club"}},
		{name: "invite by name", args: []string{"invite", "create", "Garden club", "--role", "member"}, out: []string{"(role member)"}},
		{name: "invites by name", args: []string{"invite", "list", "GARDEN CLUB"}, out: []string{"INVITE-KEY", "JOINED WITH IT", "role member", "Nobody yet"}},
		{name: "keepers by name", args: []string{"space", "keepers", "notes"}, out: []string{"No keepers"}},
		{name: "sync now by name", args: []string{"sync", "now", "Notes"}, out: []string{"Syncing Notes now."}},
		{name: "account in words", args: []string{"account", "show"}, out: []string{"keys     locked with your passphrase"}, never: []string{"keys     passphrase"}},
		{name: "folder in words", args: []string{"folder", "show"}, out: []string{"(default, not chosen yet)\n  Holds your account.\n"}, never: []string{"true", "holds this one"}},
	} {
		t.Run(tt.name, func(t *testing.T) { m.say(t, tt) })
	}

	var inv api.Invite
	m.ok(t, &inv, "invite", "create", "garden club", "--role", "guest", "--json")
	m.say(t, message{name: "invite show by name", args: []string{"invite", "show", "GARDEN club", inv.Key}, out: []string{inv.Link}})
	m.say(t, message{name: "invite close by name", args: []string{"invite", "close", "Garden Club", inv.Key}, out: []string{"Closed invite " + inv.Key}})
	if inv.SpaceID != club.ID {
		t.Fatalf("invite made by name is for %s, want %s", inv.SpaceID, club.ID)
	}

	// Two spaces named alike: the name is refused, with both; the id works.
	code, out, errOut := m.minca(t, "space", "create", "notes")
	if code != 0 || !strings.Contains(errOut, `note: you have another space named "Notes" (`+notes.ID+`)`) {
		t.Fatalf("a second space named notes: exit %d, %q %q", code, out, errOut)
	}
	id, ok := strings.CutPrefix(strings.TrimSpace(out), "Created space notes: ")
	if !ok {
		t.Fatalf("space create printed %q", out)
	}
	notes2.ID = id
	for _, args := range [][]string{{"space", "show", "NOTES"}, {"space", "leave", "notes"}, {"member", "list", "Notes"}, {"sync", "now", "notes"}} {
		m.say(t, message{name: "ambiguous " + args[0], args: args, code: 2,
			err:   []string{`2 spaces are named "` + args[2] + `":`, "Notes  " + notes.ID, "notes  " + notes2.ID, "hint: give the id of the one you mean"},
			never: []string{"Left", "Syncing"}})
	}
	m.say(t, message{name: "leave by id", args: []string{"space", "leave", notes2.ID}, out: []string{"Left notes"}})
	m.say(t, message{name: "leave by name once alone", args: []string{"space", "leave", "NOTES"}, out: []string{"Left Notes"}})
	var spaces []api.SpaceSummary
	m.ok(t, &spaces, "space", "list", "--json")
	if len(spaces) != 1 || spaces[0].ID != club.ID {
		t.Fatalf("after leaving both notes: %+v", spaces)
	}
}

// Two machines, each with a host: the sync status and the space's page
// name the other computer by its person ("Bo's computer"), its state and
// its spaces in words; the invite list says who joined with it; Ana
// removes Bo by his name, and Bo's space page says he was removed.
func TestPeersByName(t *testing.T) {
	ana, bo := newMachine(t), newMachine(t)
	ana.ok(t, nil, "account", "create", "--name", "Ana")
	bo.ok(t, nil, "account", "create", "--name", "Bo")
	ana.start(t, ana.command("host", "--listen", "127.0.0.1:0")).wait(t, "Accepting peers at ws://127.0.0.1:", 10*time.Second)
	var sp api.SpaceSummary
	ana.ok(t, &sp, "space", "create", "Shared", "--json")
	var inv api.Invite
	ana.ok(t, &inv, "invite", "create", "shared", "--role", "member", "--json")
	bo.ok(t, nil, "join", inv.Link, "--json")
	bo.start(t, bo.command("host")).wait(t, "Minca host: keeping the node", 10*time.Second)

	var out string
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(out, "Ana's computer") {
		if time.Now().After(deadline) {
			t.Fatalf("Bo's sync status never named Ana's computer:\n%s", out)
		}
		time.Sleep(200 * time.Millisecond)
		_, out, _ = bo.minca(t, "sync", "status")
	}
	for _, want := range []string{"Other computers:\n  COMPUTER", "Ana's computer  Connected", "Shared", "ws://127.0.0.1:"} {
		if !strings.Contains(out, want) {
			t.Errorf("Bo's sync status lacks %q:\n%s", want, out)
		}
	}
	bo.say(t, message{name: "space page", args: []string{"space", "show", "Shared"},
		out: []string{"Synced with:", "Ana's computer", "you      member"}, never: []string{"did:key:"}})
	ana.say(t, message{name: "Ana's sync status", args: []string{"sync", "status"}, out: []string{"Bo's computer", "Other Minca accounts on this computer can reach this one at ws://127.0.0.1:"}})
	ana.say(t, message{name: "who joined with the invite", args: []string{"invite", "list", "Shared"}, out: []string{"role member", "1 joined (Bo)"}})
	ana.say(t, message{name: "remove Bo by name", args: []string{"member", "remove", "Shared", "BO"}, out: []string{"Bo is no longer a member of Shared"}})
	deadline = time.Now().Add(30 * time.Second)
	for !strings.Contains(out, "You keep what you already had") {
		if time.Now().After(deadline) {
			t.Fatalf("Bo's space page never said he was removed:\n%s", out)
		}
		time.Sleep(200 * time.Millisecond)
		_, out, _ = bo.minca(t, "space", "show", "Shared")
	}
	for _, want := range []string{"state    Removed", "you      removed", "removes it from this computer"} {
		if !strings.Contains(out, want) {
			t.Errorf("Bo's space page lacks %q:\n%s", want, out)
		}
	}
	t.Logf("Bo's space page once removed:\n%s", out)
}
