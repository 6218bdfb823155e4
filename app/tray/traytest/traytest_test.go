package traytest

import "testing"

func TestItemText(t *testing.T) {
	tests := []struct{ label, want string }{
		{"Quit", "Quit"},
		{"_Quit", "Quit"},
		{"Open _window", "Open window"},
		{"/home/jo__ann", "/home/jo_ann"},
		{"a____b", "a__b"},
		{"a___b", "a_b"},
		{"trailing_", "trailing"},
		{"·ü_é", "·üé"},
	}
	for _, tc := range tests {
		if got := (Item{Label: tc.label}).Text(); got != tc.want {
			t.Errorf("Text(%q) = %q, want %q", tc.label, got, tc.want)
		}
	}
}
