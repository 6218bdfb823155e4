//go:build e2e

package tests

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"minca.dev/desktop/core/invite"
	"minca.dev/desktop/node/api"
)

// The main screens, each by phrases that it shows and no other screen does
// (TestWindowE2EScreens checks that too).
var (
	welcomeScreen  = screen{"welcome", []string{"Welcome", "To begin, you need an account", "Create a new account", "I already have an account"}}
	spacesScreen   = screen{"spaces", []string{"Each space is shared by its members", "New space", "Garden club", "Private 2 members", "Family notes", "1 member"}}
	spaceScreen    = screen{"space", []string{"Garden club", "Sync now", "Private: only members can read it", "Members", "Alice Martin (you)", "Bruno Keller", "Moderator", "Details", "Invites", "Take a role", "Give a role", "Up to date", "Founder"}}
	historyScreen  = screen{"history", []string{"Access history", "Bruno Keller joined as member through an invite", "Synced with", "Connected", "Hosts that keep this space", "A keeper is a computer that is always on"}}
	inviteScreen   = screen{"invite", []string{"Invite link send it to the person you invite", "Copy link", "Done"}}
	joinScreen     = screen{"join", []string{"Join a space", "Paste the invite link someone sent you", "Book circle", "Join Book circle"}}
	syncScreen     = screen{"sync", []string{"Minca syncs in the background", "Other computers", "Garden club", "Family notes", "Connected", "Pause", "Since"}}
	folderScreen   = screen{"folder", []string{"Data folder", "Now", "Dropbox Minca", "Holds your account", "Change it", "Move my data there", "New folder"}}
	settingsScreen = screen{"settings", []string{"Your account on this computer", "Your name", "Save", "Account key", "Locked with your passphrase", "the passphrase when Minca starts", "Let others connect"}}
	overviewScreen = screen{"overview", []string{"where it keeps things", "Version", "Store", "This computer's own database", "keeps on this computer only, besides the data folder"}}

	// folderNow is a line of the Data folder page's "Now" card, the end of
	// the folder's path in Alice's Dropbox, read on one line (find); the
	// card's other words the page's fixed text has too ("does not hold
	// your account yet").
	folderNow = "Dropbox Minca"
)

// screensProfile is what the screens show, made through the real CLI.
type screensProfile struct {
	alice, bruno *neUser
	garden       string // Garden club, Alice's; Bruno joined it and is a moderator
	bookLink     string // Bruno's invite to his own Book circle
}

// makeScreensProfile: Alice and Bruno, each with an account and a `minca
// host` (Alice's accepting peers on loopback, so Bruno's node syncs with
// it). Alice's data folder is in Dropbox; she has a private club, Garden
// club, which Bruno joins with her invite and where she makes him a
// moderator, and a private notebook, Family notes. Bruno has a public club,
// Book circle, and an invite to it.
func makeScreensProfile(t *testing.T, bin string) screensProfile {
	t.Helper()
	alice, bruno := newNEUser(t, bin, "Alice Martin"), newNEUser(t, bin, "Bruno Keller")
	alice.home = screensHome(t, alice.home)
	alice.hostListen = freePort(t)
	for _, u := range []*neUser{alice, bruno} {
		u.createAccount()
		u.startHost()
	}
	alice.ok(nil, "folder", "set", filepath.Join(alice.home, "Dropbox", "Minca"), "--json")
	var garden, book api.SpaceSummary
	alice.ok(&garden, "space", "create", "Garden club", "--private", "--template", "club", "--json")
	alice.ok(nil, "space", "create", "Family notes", "--private", "--template", "notebook", "--json")
	bruno.joins(alice, garden.ID)
	alice.ok(nil, "member", "assign", garden.ID, bruno.did, "moderator", "--json")
	bruno.ok(&book, "space", "create", "Book circle", "--template", "club", "--json")
	var inv api.Invite
	bruno.ok(&inv, "invite", "create", book.ID, "--role", "member", "--json")
	return screensProfile{alice: alice, bruno: bruno, garden: garden.ID, bookLink: inv.Link}
}

// screensHome is Alice's home: for the README's shots (MINCA_UPDATE_
// SCREENSHOTS=1), /home/alice, made for the run and removed after it,
// where it does not exist yet and /home is writable; the Data folder
// screen then shows the path a person's would have, truly. Else tmp.
func screensHome(t *testing.T, tmp string) string {
	const home = "/home/alice"
	if os.Getenv("MINCA_UPDATE_SCREENSHOTS") != "1" {
		return tmp
	}
	if err := os.Mkdir(home, 0o700); err != nil {
		t.Logf("the shots show Alice's home at %s: cannot make %s: %v", tmp, home, err)
		return tmp
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	return home
}

// TestWindowE2EScreens opens the real window on a fresh profile (Welcome),
// then on Alice's (makeScreensProfile), and visits every main screen as
// she would: Spaces; Garden club's page, its access history (paged down
// to), a new invite with its QR code (which zbarimg decodes to a real
// invite of the space); Join with Bruno's link pasted from the clipboard;
// Sync; Data folder; Settings; Overview, reached with the keyboard. Each
// is checked by the words OCR reads in a screenshot, and each screen's
// words are checked to tell it from every other screen and from a window
// with an empty page. MINCA_UPDATE_SCREENSHOTS=1 writes the README's
// shots (readmeShots) to docs/screenshots.
func TestWindowE2EScreens(t *testing.T) {
	bin := e2eBin(t)
	needScreenTools(t)
	began := time.Now()
	var all []shown

	first := openScreensWindow(t, bin, newNEUser(t, bin, "nobody yet").command().Env)
	p := makeScreensProfile(t, bin)
	all = append(all, first.waitFor(welcomeScreen))
	first.close()
	t.Logf("profile made, first run seen: %v", time.Since(began).Round(time.Millisecond))

	w := openScreensWindow(t, bin, p.alice.command().Env)
	all = append(all, w.waitFor(spacesScreen))
	w.click("Garden club", mainArea)
	all = append(all, w.waitFor(spaceScreen))
	w.scrollTo("Access history")
	w.place("Access history", 60)
	all = append(all, w.waitFor(historyScreen))

	// The new link shows below the button, low in the window or below it;
	// how far the page then scrolls depends on its length (scrollTo).
	w.key("Home")
	w.scrollTo("Create invite link")
	w.place("Create invite link", 560)
	w.click("Create invite link", mainArea)
	w.scrollTo("Invite link send it to the person you invite")
	w.place("Invite link send it to the person you invite", 24)
	inv := w.waitFor(inviteScreen)
	all = append(all, inv)
	switch {
	case qrTooLong.shownIn(inv.words):
		w.click("Copy link", mainArea)
		checkTooLongForQR(t)
	case qrButton.shownIn(inv.words):
		// A link too long for a code beside it: the code opens across
		// the window (QrDialog), where a phone reads it.
		w.click("Show QR code", mainArea)
		checkQR(t, w.qrShot(), p.garden, "member", p.alice.did)
		w.key("Escape")
	default:
		checkQR(t, inv.shot, p.garden, "member", p.alice.did)
	}

	w.click("Join a space", sidebar)
	w.clickLine("Invite link", mainArea)
	clipboard(t, p.bookLink)
	w.key("ctrl+v")
	w.click("Look at the invite", mainArea)
	all = append(all, w.waitFor(joinScreen))

	// The Data folder page shows where the folder is only once the node
	// has answered, and its fixed text has most of the screen's words:
	// the screen is waited for once that answer shows (folderNow).
	for _, s := range []struct {
		label string
		ready string
		s     screen
	}{{"Sync", "", syncScreen}, {"Data folder", folderNow, folderScreen}, {"Settings", "", settingsScreen}} {
		w.click(s.label, sidebar)
		if s.ready != "" {
			w.where(s.ready, mainArea)
		}
		all = append(all, w.waitFor(s.s))
	}
	// The keyboard way: a new page's heading has the focus, and Shift+Tab
	// goes back to the sidebar's last entry, Overview.
	w.key("shift+Tab", "Return")
	all = append(all, w.waitFor(overviewScreen))
	t.Logf("screens seen: %v", time.Since(began).Round(time.Millisecond))

	// Each screen's words tell it from the others, and from the window
	// with its page emptied (the sidebar alone).
	empty := emptied(t, all[1].shot)
	for _, a := range all {
		for _, b := range append(all, shown{screen: screen{name: "empty page"}, words: empty}) {
			if a.name != b.name && a.shownIn(b.words) {
				miss, n := a.missing(b.words)
				t.Errorf("the %s screen's words read in the %s screen's shot (%d of %d unread: %q)", a.name, b.name, len(miss), n, miss)
			}
		}
	}
	t.Logf("total %v", time.Since(began).Round(time.Millisecond))
}

// needScreenTools fails unless the display and the programs the test
// drives the window with are there (build/setup-system.sh installs them).
func needScreenTools(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Fatal("DISPLAY is unset: run under xvfb-run (tests/run-e2e.sh does)")
	}
	for _, tool := range []string{"xdotool", "import", "convert", "tesseract", "zbarimg", "xclip"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing: build/setup-system.sh test installs it", tool)
		}
	}
	// The window (1024×700, app/window) must fit on the screen, or what is
	// off it cannot be grabbed.
	out, err := exec.Command("xdotool", "getdisplaygeometry").Output()
	var w, h int
	if _, err2 := fmt.Sscan(string(out), &w, &h); err != nil || err2 != nil || w < 1024 || h < 700 {
		t.Fatalf("screen %q (%v): the window needs 1024×700; run with xvfb-run -s \"-screen 0 1280x800x24\" as tests/run-e2e.sh does", out, err)
	}
}

// checkQR decodes the QR code in shot (zbarimg) and checks it is an invite
// to spaceID for role, made by the account inviter (03 §7.6 steps 1–5).
func checkQR(t *testing.T, shot []byte, spaceID, role, inviter string) {
	t.Helper()
	out, err := pipe(shot, "zbarimg", "--raw", "-q", "-")
	if err != nil {
		t.Fatalf("no QR code read in the invite's shot: %v", err)
	}
	acc, err := invite.AcceptString(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("the QR code reads %.80q…, not an invite: %v", out, err)
	}
	if pv := acc.Preview(); pv.SpaceID != spaceID || pv.Role != role || pv.InvitedBy != inviter {
		t.Fatalf("the QR code's invite offers %+v, want space %s, role %s, by %s", pv, spaceID, role, inviter)
	}
}

// qrTooLong is what the invite shows in place of a QR code for a link no
// QR code holds; qrButton, in place of a code beside a link too long for
// one, which opens the code across the window (frontend/src/lib/qr.ts
// qrFit, components/QrDialog.svelte).
var (
	qrTooLong = screen{"qr-too-long", []string{"Too long for a QR code", "copy the link instead"}}
	qrButton  = screen{"qr-button", []string{"Show QR code", "Too large to show beside the link"}}
)

// qrShot looks until zbarimg reads a QR code in the window (OCR reads
// little beside a code that fills it) and returns that shot.
func (w *screensWindow) qrShot() []byte {
	w.t.Helper()
	var shot []byte
	neWait(w.t, "a QR code across the window", screenWait, func() error {
		w.alive()
		_, raw, err := grabWindow(w.id)
		if err != nil {
			return err
		}
		shot = raw
		saveShot(w.t, "qr-dialog", shot)
		_, err = pipe(raw, "zbarimg", "--raw", "-q", "-")
		return err
	})
	return shot
}

// qrMaxLink is the longest link qrFit draws a code of (version 40-L's
// bytes).
const qrMaxLink = 2953

// checkTooLongForQR checks that the link Copy link put on the X clipboard
// is an invite longer than qrMaxLink: the page said it is too long for a
// QR code, and that must be so.
func checkTooLongForQR(t *testing.T) {
	t.Helper()
	neWait(t, "Copy link puts a link too long for a QR code on the clipboard", 10*time.Second, func() error {
		out, _ := exec.Command("xclip", "-selection", "clipboard", "-o").Output()
		if link := strings.TrimSpace(string(out)); !strings.Contains(link, "#invite=") || len(link) <= qrMaxLink {
			return fmt.Errorf("it holds %d characters: %.60q", len(link), link)
		}
		return nil
	})
}

// clipboard puts text on the X clipboard, as copying it from a message
// would: xclip serves it until the test ends.
func clipboard(t *testing.T, text string) {
	t.Helper()
	cmd := exec.Command("xclip", "-selection", "clipboard", "-quiet")
	cmd.Stdin = strings.NewReader(text)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	neWait(t, "the clipboard holds the link", 5*time.Second, func() error {
		out, _ := exec.Command("xclip", "-selection", "clipboard", "-o").Output()
		if string(out) != text {
			return fmt.Errorf("it holds %.40q", out)
		}
		return nil
	})
}

// emptied is what OCR reads in shot with everything right of the sidebar
// painted over in the page's background colour.
func emptied(t *testing.T, shot []byte) []ocrWord {
	t.Helper()
	src, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Bounds(), src, src.Bounds().Min, draw.Src)
	bg := color.RGBA{backgroundColour[0], backgroundColour[1], backgroundColour[2], 0xff}
	draw.Draw(img, mainArea.Intersect(img.Bounds()), image.NewUniform(bg), image.Point{}, draw.Src)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	words, err := readShot(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return words
}

// TestWindowE2EOCRMatch: how OCR's words are matched. A word reads as
// itself, inside a longer one, or one letter off when it has five or more;
// a screen shows when at least minRead of its words read, and find gives
// the centre of a phrase's words on one line.
func TestWindowE2EOCRMatch(t *testing.T) {
	for _, c := range []struct {
		got, w string
		want   bool
	}{
		{"members", "members", true}, {"keptin", "kept", true}, {"membcrs", "members", true},
		{"embers", "members", true}, {"memberss", "members", true}, {"mebmers", "members", false},
		{"an", "a", false}, {"spac", "space", true}, {"spa", "space", false}, {"is", "it", false},
	} {
		if got := reads(c.got, c.w); got != c.want {
			t.Errorf("reads(%q, %q) = %v, want %v", c.got, c.w, got, c.want)
		}
	}
	line := func(key string, x int, text string) (ws []ocrWord) {
		for _, tok := range tokens(text) {
			ws = append(ws, ocrWord{tok, key, image.Rect(x, 10, x+40, 30)})
			x += 50
		}
		return ws
	}
	s := screen{"s", []string{"Garden club", "Bruno Keller joined"}}
	words := append(line("1", 300, "Garden club"), line("2", 300, "Bruno Keler joined")...)
	if !s.shownIn(words) {
		t.Errorf("one letter off: not shown")
	}
	if s.shownIn(line("1", 300, "Garden club")) || s.shownIn(nil) {
		t.Errorf("two of five words, or none: shown")
	}
	if p, ok := find(words, "club", mainArea); !ok || p != image.Pt(370, 20) {
		t.Errorf("find club = %v, %v", p, ok)
	}
	if _, ok := find(words, "club Bruno", mainArea); ok {
		t.Errorf("a phrase across two lines found")
	}
	if _, ok := find(words, "Garden", sidebar); ok {
		t.Errorf("found outside its area")
	}
}
