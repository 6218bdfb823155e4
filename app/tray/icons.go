package tray

import _ "embed"

// The icons, one per Icon, drawn by icon_test.go (go generate) and kept
// equal to their copies under assets/ (tray.png, tray-syncing.png, ...).
//
//go:generate go test -run TestIcon -update .
var (
	//go:embed icon.png
	iconNormalPNG []byte
	//go:embed icon-syncing.png
	iconSyncingPNG []byte
	//go:embed icon-paused.png
	iconPausedPNG []byte
	//go:embed icon-attention.png
	iconAttentionPNG []byte
)

// iconPNG is icon's PNG; an unknown Icon is IconNormal.
func iconPNG(icon Icon) []byte {
	switch icon {
	case IconSyncing:
		return iconSyncingPNG
	case IconPaused:
		return iconPausedPNG
	case IconAttention:
		return iconAttentionPNG
	}
	return iconNormalPNG
}
