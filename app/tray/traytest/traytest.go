// Package traytest drives a running tray process's menu over D-Bus, as a
// tray host would: it finds the process's com.canonical.dbusmenu object,
// reads the menu layout and clicks items. Tests of package tray and the e2e
// tests (tests/tray_e2e_test.go) use it.
package traytest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/godbus/dbus/v5"
)

// MenuPath is where an Ayatana AppIndicator named "systray" (the id
// getlantern/systray gives it) exports its menu.
const MenuPath = dbus.ObjectPath("/org/ayatana/NotificationItem/systray/Menu")

const dbusmenu = "com.canonical.dbusmenu"

// Item is one menu item from GetLayout.
type Item struct {
	ID       int32
	Label    string
	Type     string // "standard" or "separator"
	Enabled  bool
	Visible  bool
	Toggle   string // "checkmark" for a checkbox, else ""
	Checked  bool   // a checkbox's state (toggle-state 1)
	Children []Item
}

// Menu is one process's exported menu.
type Menu struct {
	conn *dbus.Conn
	dest string // the unique bus name of the connection exporting it
}

// Find waits up to timeout for process pid to export a menu that answers
// GetLayout, and returns it. The tray has two bus connections; only one
// serves the menu.
func Find(conn *dbus.Conn, pid int, timeout time.Duration) (*Menu, error) {
	deadline := time.Now().Add(timeout)
	for {
		m, err := find(conn, pid)
		if err == nil || time.Now().After(deadline) {
			return m, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// find tries each bus connection of pid once.
func find(conn *dbus.Conn, pid int) (*Menu, error) {
	var names []string
	if err := conn.BusObject().Call("org.freedesktop.DBus.ListNames", 0).Store(&names); err != nil {
		return nil, fmt.Errorf("list bus names: %w", err)
	}
	tried := 0
	for _, name := range names {
		if !strings.HasPrefix(name, ":") || owner(conn, name) != pid {
			continue
		}
		tried++
		m := &Menu{conn: conn, dest: name}
		if _, err := m.Layout(); err == nil {
			return m, nil
		}
	}
	return nil, fmt.Errorf("none of the %d bus connections of pid %d answers GetLayout on %s", tried, pid, MenuPath)
}

// owner returns the pid behind a unique bus name, or -1.
func owner(conn *dbus.Conn, name string) int {
	var pid uint32
	err := conn.BusObject().Call("org.freedesktop.DBus.GetConnectionUnixProcessID", 0, name).Store(&pid)
	if err != nil {
		return -1
	}
	return int(pid)
}

// Layout returns the menu's top-level items.
func (m *Menu) Layout() ([]Item, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	var revision uint32
	var root []any
	call := m.conn.Object(m.dest, MenuPath).CallWithContext(ctx, dbusmenu+".GetLayout", 0, int32(0), int32(-1), []string{})
	if err := call.Store(&revision, &root); err != nil {
		return nil, fmt.Errorf("GetLayout from %s: %w", m.dest, err)
	}
	item, err := parseItem(root)
	if err != nil {
		return nil, err
	}
	return item.Children, nil
}

// parseItem reads a dbusmenu layout node, (ia{sv}av).
func parseItem(node []any) (Item, error) {
	if len(node) != 3 {
		return Item{}, fmt.Errorf("layout node has %d fields, want 3", len(node))
	}
	id, ok1 := node[0].(int32)
	props, ok2 := node[1].(map[string]dbus.Variant)
	kids, ok3 := node[2].([]dbus.Variant)
	if !ok1 || !ok2 || !ok3 {
		return Item{}, errors.New("layout node is not (ia{sv}av)")
	}
	item := Item{ID: id, Type: "standard", Enabled: true, Visible: true}
	readProps(&item, props)
	for _, kid := range kids {
		fields, ok := kid.Value().([]any)
		if !ok {
			return Item{}, fmt.Errorf("child of item %d is %s, not a layout node", id, kid.Signature())
		}
		child, err := parseItem(fields)
		if err != nil {
			return Item{}, err
		}
		item.Children = append(item.Children, child)
	}
	return item, nil
}

// readProps sets the properties dbusmenu sends; absent ones keep defaults.
func readProps(item *Item, props map[string]dbus.Variant) {
	if v, ok := props["label"].Value().(string); ok {
		item.Label = v
	}
	if v, ok := props["type"].Value().(string); ok {
		item.Type = v
	}
	if v, ok := props["enabled"].Value().(bool); ok {
		item.Enabled = v
	}
	if v, ok := props["visible"].Value().(bool); ok {
		item.Visible = v
	}
	if v, ok := props["toggle-type"].Value().(string); ok {
		item.Toggle = v
	}
	if v, ok := props["toggle-state"].Value().(int32); ok {
		item.Checked = v == 1
	}
}

// noReply is the bus's answer to a call whose recipient left without
// replying.
const noReply = "org.freedesktop.DBus.Error.NoReply"

// Click sends the "clicked" event to item id, as a tray host does. A tray
// that ends on the click (Quit) may leave the bus before it replies: the
// bus's NoReply then counts as clicked, and the caller checks what the
// click did (for Quit, that the process ended).
func (m *Menu) Click(id int32) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	err := m.conn.Object(m.dest, MenuPath).CallWithContext(ctx, dbusmenu+".Event", 0,
		id, "clicked", dbus.MakeVariant(int32(0)), uint32(time.Now().Unix())).Err
	var de dbus.Error
	if errors.As(err, &de) && de.Name == noReply {
		return nil // the tray ended on the click (Quit) before it replied; the caller checks it ended
	}
	if err != nil {
		return fmt.Errorf("click item %d: %w", id, err)
	}
	return nil
}

// Text is the label as a tray host shows it: in dbusmenu labels "_" marks
// the mnemonic (the next character is underlined) and "__" is a literal "_".
func (it Item) Text() string {
	var b strings.Builder
	for i := 0; i < len(it.Label); i++ {
		if it.Label[i] == '_' {
			if i+1 < len(it.Label) && it.Label[i+1] == '_' {
				b.WriteByte('_')
				i++
			}
			continue
		}
		b.WriteByte(it.Label[i])
	}
	return b.String()
}

// ByText returns the visible top-level item whose shown text is text.
func ByText(items []Item, text string) (Item, bool) {
	for _, it := range items {
		if it.Visible && it.Text() == text {
			return it, true
		}
	}
	return Item{}, false
}

// Wait polls the layout until want(items) holds or timeout passes, and
// returns the last layout.
func (m *Menu) Wait(timeout time.Duration, want func([]Item) bool) ([]Item, error) {
	deadline := time.Now().Add(timeout)
	for {
		items, err := m.Layout()
		if err == nil && want(items) {
			return items, nil
		}
		if time.Now().After(deadline) {
			if err == nil {
				err = fmt.Errorf("menu did not reach the wanted state in %v: %s", timeout, Describe(items))
			}
			return items, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// Describe renders items for failure messages.
func Describe(items []Item) string {
	var b strings.Builder
	for _, it := range items {
		fmt.Fprintf(&b, "[%d %s label %q enabled=%v visible=%v", it.ID, it.Type, it.Label, it.Enabled, it.Visible)
		if it.Toggle != "" {
			fmt.Fprintf(&b, " %s checked=%v", it.Toggle, it.Checked)
		}
		b.WriteString("] ")
	}
	return b.String()
}
