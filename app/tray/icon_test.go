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

var update = flag.Bool("update", false, "redraw icon.png and assets/tray.png")

// iconFiles are the committed copies of the icon: the one embedded here and
// the one under assets/ for packaging.
var iconFiles = []string{"icon.png", filepath.Join("..", "..", "assets", "tray.png")}

// TestIcon checks both icon files hold exactly drawIcon's pixels; with
// -update (go generate) it writes them.
func TestIcon(t *testing.T) {
	want := drawIcon()
	if *update {
		var buf bytes.Buffer
		if err := png.Encode(&buf, want); err != nil {
			t.Fatal(err)
		}
		for _, name := range iconFiles {
			if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, name := range iconFiles {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !samePixels(got, want) {
			t.Fatalf("%s differs from drawIcon(); run go generate ./app/tray/", name)
		}
	}
	if !bytes.Equal(iconPNG, mustRead(t, "icon.png")) {
		t.Fatal("the embedded icon is not icon.png")
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

// Icon geometry, in pixels of a 64×64 icon: a teal disc holding three white
// nodes joined in a triangle — a space and its peers.
const (
	iconSize    = 64
	discRadius  = 31
	nodeRadius  = 7
	linkWidth   = 3.5
	supersample = 4
)

var (
	teal  = [3]float64{15, 118, 110}
	nodes = [3][2]float64{{32, 17}, {18.5, 41}, {45.5, 41}}
)

// drawIcon draws the icon with 4×4 supersampling for smooth edges.
func drawIcon() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, iconSize, iconSize))
	for y := range iconSize {
		for x := range iconSize {
			img.SetNRGBA(x, y, pixel(x, y))
		}
	}
	return img
}

// pixel averages the subsamples of pixel (x, y).
func pixel(x, y int) color.NRGBA {
	var disc, white float64
	for sy := range supersample {
		for sx := range supersample {
			px := float64(x) + (float64(sx)+0.5)/supersample
			py := float64(y) + (float64(sy)+0.5)/supersample
			if math.Hypot(px-32, py-32) <= discRadius {
				disc++
				if onMark(px, py) {
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
	return color.NRGBA{mix(teal[0]), mix(teal[1]), mix(teal[2]), uint8(math.Round(255 * disc / n))}
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
