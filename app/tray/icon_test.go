package tray

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "redraw the icons here and under assets/")

// iconFile is one icon's committed copies: the one embedded here and the
// one under assets/ for packaging.
type iconFile struct {
	icon  Icon
	here  string
	asset string
}

var iconFiles = []iconFile{
	{IconNormal, "icon.png", "tray.png"},
	{IconSyncing, "icon-syncing.png", "tray-syncing.png"},
	{IconPaused, "icon-paused.png", "tray-paused.png"},
	{IconAttention, "icon-attention.png", "tray-attention.png"},
}

// TestIcon checks each icon's files hold exactly drawIcon's pixels and
// that iconPNG embeds them; with -update (go generate) it writes them.
func TestIcon(t *testing.T) {
	for _, f := range iconFiles {
		want := drawIcon(f.icon)
		names := []string{f.here, filepath.Join("..", "..", "assets", f.asset)}
		if *update {
			var buf bytes.Buffer
			if err := png.Encode(&buf, want); err != nil {
				t.Fatal(err)
			}
			for _, name := range names {
				if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
		for _, name := range names {
			got, err := png.Decode(bytes.NewReader(mustRead(t, name)))
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if !samePixels(got, want) {
				t.Fatalf("%s differs from drawIcon(%d); run go generate ./app/tray/", name, f.icon)
			}
		}
		// Just redrawn, the files are embedded as the next build runs.
		if !*update && !bytes.Equal(iconPNG(f.icon), mustRead(t, f.here)) {
			t.Fatalf("the embedded icon %d is not %s", f.icon, f.here)
		}
	}
}

// TestIconsDiffer: each state has an icon of its own.
func TestIconsDiffer(t *testing.T) {
	for i, a := range iconFiles {
		for _, b := range iconFiles[i+1:] {
			if samePixels(drawIcon(a.icon), drawIcon(b.icon)) {
				t.Errorf("%s and %s look the same", a.here, b.here)
			}
		}
	}
}

func mustRead(t *testing.T, name string) []byte {
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if color.NRGBAModel.Convert(a.At(x, y)) != color.NRGBAModel.Convert(b.At(x, y)) {
				return false
			}
		}
	}
	return true
}

// Icon geometry, in pixels of a 64×64 icon: a disc holding three white
// nodes joined in a triangle (a space and its peers), its colour by state;
// paused, the disc holds the two bars of a pause sign instead.
const (
	iconSize    = 64
	discRadius  = 31
	nodeRadius  = 7
	linkWidth   = 3.5
	barWidth    = 9
	barHeight   = 30
	barGap      = 8
	supersample = 4
)

var (
	nodes = [3][2]float64{{32, 17}, {18.5, 41}, {45.5, 41}}
	// discColour is each icon's colour: teal, blue, slate grey, amber.
	discColour = map[Icon][3]float64{
		IconNormal:    {15, 118, 110},
		IconSyncing:   {29, 78, 216},
		IconPaused:    {100, 116, 139},
		IconAttention: {180, 83, 9},
	}
)

// drawIcon draws icon with 4×4 supersampling for smooth edges.
func drawIcon(icon Icon) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, iconSize, iconSize))
	mark := onMark
	if icon == IconPaused {
		mark = onPauseBars
	}
	for y := range iconSize {
		for x := range iconSize {
			img.SetNRGBA(x, y, pixel(x, y, discColour[icon], mark))
		}
	}
	return img
}

// pixel averages the subsamples of pixel (x, y): disc in colour c, white
// where mark is.
func pixel(x, y int, c [3]float64, mark func(px, py float64) bool) color.NRGBA {
	var disc, white float64
	for sy := range supersample {
		for sx := range supersample {
			px := float64(x) + (float64(sx)+0.5)/supersample
			py := float64(y) + (float64(sy)+0.5)/supersample
			if math.Hypot(px-32, py-32) <= discRadius {
				disc++
				if mark(px, py) {
					white++
				}
			}
		}
	}
	n := float64(supersample * supersample)
	if disc == 0 {
		return color.NRGBA{}
	}
	w := white / disc // share of the covered area that is white
	mix := func(c float64) uint8 { return uint8(math.Round(c*(1-w) + 255*w)) }
	return color.NRGBA{mix(c[0]), mix(c[1]), mix(c[2]), uint8(math.Round(255 * disc / n))}
}

// onPauseBars reports whether (px, py) is on one of the pause sign's bars.
func onPauseBars(px, py float64) bool {
	if math.Abs(py-32) > barHeight/2 {
		return false
	}
	d := math.Abs(px - 32) // distance from the middle; the bars are either side of the gap
	return d >= barGap/2 && d <= barGap/2+barWidth
}

// onMark reports whether (px, py) is on a node or a link between two nodes.
func onMark(px, py float64) bool {
	for i, a := range nodes {
		if math.Hypot(px-a[0], py-a[1]) <= nodeRadius {
			return true
		}
		b := nodes[(i+1)%len(nodes)]
		if segmentDistance(px, py, a, b) <= linkWidth/2 {
			return true
		}
	}
	return false
}

// segmentDistance is the distance from (px, py) to the segment a–b.
func segmentDistance(px, py float64, a, b [2]float64) float64 {
	dx, dy := b[0]-a[0], b[1]-a[1]
	t := ((px-a[0])*dx + (py-a[1])*dy) / (dx*dx + dy*dy)
	t = max(0, min(1, t))
	return math.Hypot(px-(a[0]+t*dx), py-(a[1]+t*dy))
}
