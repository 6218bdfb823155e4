//go:build e2e

package tests

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os/exec"
	"strconv"
	"strings"
	"unicode"
)

// Reading screenshots of the window with OCR (tesseract), for
// window_screens_e2e_test.go: which words a screen shows, and where.

// ocrScale is how much a shot is enlarged before OCR: the UI's 12–15 px
// text reads far better at twice its size.
const ocrScale = 2

// minRead is the share of a screen's expected words OCR must read for the
// screen to count as shown: tolerant of a misread word or two, not of a
// blank or another screen.
const minRead = 0.8

// ocrWord is one word OCR read: lower-case letters and digits, the line it
// is on, and its box in window pixels.
type ocrWord struct {
	text string
	line string
	box  image.Rectangle
}

// readShot reads the words of a PNG shot: made grey, the primary buttons'
// light text on the accent colour turned dark on light (tesseract misses
// it otherwise), enlarged (ImageMagick), then read by tesseract, whose TSV
// output has the boxes.
func readShot(shot []byte) ([]ocrWord, error) {
	img, err := png.Decode(bytes.NewReader(shot))
	if err != nil {
		return nil, err
	}
	var grey bytes.Buffer
	if err := png.Encode(&grey, ocrGrey(img)); err != nil {
		return nil, err
	}
	big, err := pipe(grey.Bytes(), "convert", "png:-", "-filter", "Lanczos", "-resize", strconv.Itoa(ocrScale*100)+"%", "png:-")
	if err != nil {
		return nil, err
	}
	// Sparse text (page segmentation mode 11): as a page of columns,
	// tesseract drops a line here and there. One thread: its threads only
	// slow it down on a page this size.
	tsv, err := pipe(big, "env", "OMP_THREAD_LIMIT=1", "tesseract", "stdin", "stdout", "--psm", "11", "tsv")
	if err != nil {
		return nil, err
	}
	return parseTSV(string(tsv)), nil
}

// buttonTextGrey is the grey between the accent colour's (about 95) and
// the white of a button's text.
const buttonTextGrey = 175

// ocrGrey is img in grey, where inside the boxes of accent-coloured areas
// light text is made dark and the rest the page's light grey: tesseract
// takes a grey box with text in it for a picture.
func ocrGrey(img image.Image) *image.Gray {
	b := img.Bounds()
	g := image.NewGray(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g.Set(x, y, img.At(x, y))
		}
	}
	for _, r := range accentBoxes(img) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				i, v := g.PixOffset(x, y), uint8(0xf7)
				if g.Pix[i] > buttonTextGrey {
					v = 0x20
				}
				g.Pix[i] = v
			}
		}
	}
	return g
}

// minAccentArea is the least area, in pixels, of an accent-coloured patch
// taken for a button (a link's letters are smaller).
const minAccentArea = 400

// accentBoxes are the bounding boxes of the patches of accent-coloured
// pixels (a strong blue, also when hovered or dimmed) of minAccentArea or
// more.
func accentBoxes(img image.Image) []image.Rectangle {
	b := img.Bounds()
	accent := func(p image.Point) bool {
		r, g, bl, _ := img.At(p.X, p.Y).RGBA()
		return bl>>8 > 150 && bl>>8 > r>>8+100 && bl>>8 > g>>8+40
	}
	seen := make(map[image.Point]bool)
	var boxes []image.Rectangle
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			p := image.Pt(x, y)
			if seen[p] || !accent(p) {
				continue
			}
			box, n := image.Rectangle{p, p.Add(image.Pt(1, 1))}, 0
			for stack := []image.Point{p}; len(stack) > 0; {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if !q.In(b) || seen[q] || !accent(q) {
					continue
				}
				seen[q] = true
				n++
				box = box.Union(image.Rectangle{q, q.Add(image.Pt(1, 1))})
				stack = append(stack, q.Add(image.Pt(1, 0)), q.Add(image.Pt(-1, 0)), q.Add(image.Pt(0, 1)), q.Add(image.Pt(0, -1)))
			}
			if n >= minAccentArea {
				boxes = append(boxes, box)
			}
		}
	}
	return boxes
}

// pipe runs a command on in and returns its output.
func pipe(in []byte, name string, args ...string) ([]byte, error) {
	cmd := exec.Command(name, args...)
	cmd.Stdin = bytes.NewReader(in)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v: %s", name, err, errOut.String())
	}
	return out, nil
}

// parseTSV reads tesseract's rows of words (level 5): level, page, block,
// paragraph, line, word, left, top, width, height, confidence, text.
func parseTSV(tsv string) []ocrWord {
	var words []ocrWord
	for _, row := range strings.Split(tsv, "\n") {
		f := strings.Split(row, "\t")
		if len(f) != 12 || f[0] != "5" {
			continue
		}
		var n [4]int
		for i := range n {
			n[i], _ = strconv.Atoi(f[6+i])
		}
		box := image.Rect(n[0]/ocrScale, n[1]/ocrScale, (n[0]+n[2])/ocrScale, (n[1]+n[3])/ocrScale)
		for _, tok := range tokens(f[11]) {
			words = append(words, ocrWord{tok, f[2] + "." + f[3] + "." + f[4], box})
		}
	}
	return words
}

// tokens splits text into lower-case runs of letters and digits.
func tokens(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// reads says whether OCR's token got stands for the word w: the same, one
// holding it (OCR runs words together), or, for a word of five letters or
// more, one letter off.
func reads(got, w string) bool {
	return got == w || len(w) >= 4 && strings.Contains(got, w) || len(w) >= 5 && oneOff(got, w)
}

// oneOff says a and b differ by at most one letter changed, added or
// dropped.
func oneOff(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	if len(a)-len(b) > 1 {
		return false
	}
	i := 0
	for i < len(b) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+min(1, len(a)-i):] == b[i+min(1, len(b)-i):]
	}
	return a[i+1:] == b[i:]
}

// screen is one main screen: the name of its shot, and phrases it shows
// that no other screen does.
type screen struct {
	name string
	want []string
}

// missing lists the expected words OCR did not read in words, and how
// many words are expected in all.
func (s screen) missing(words []ocrWord) (miss []string, all int) {
	for _, p := range s.want {
		for _, w := range tokens(p) {
			all++
			found := false
			for _, g := range words {
				if reads(g.text, w) {
					found = true
					break
				}
			}
			if !found {
				miss = append(miss, w)
			}
		}
	}
	return miss, all
}

// shownIn says OCR read enough of the screen's words in words.
func (s screen) shownIn(words []ocrWord) bool {
	miss, all := s.missing(words)
	return all > 0 && float64(all-len(miss)) >= minRead*float64(all)
}

// find returns the centre of the first run of words on one line that
// reads as phrase, with its centre inside area (window pixels).
func find(words []ocrWord, phrase string, area image.Rectangle) (image.Point, bool) {
	want := tokens(phrase)
	for i := 0; i+len(want) <= len(words); i++ {
		box, ok := words[i].box, true
		for j, w := range want {
			g := words[i+j]
			ok = ok && g.line == words[i].line && reads(g.text, w)
			box = box.Union(g.box)
		}
		if c := box.Min.Add(box.Size().Div(2)); ok && c.In(area) {
			return c, true
		}
	}
	return image.Point{}, false
}

// findLine is find for a phrase that makes a whole line of the words
// inside area.
func findLine(words []ocrWord, phrase string, area image.Rectangle) (image.Point, bool) {
	var in []ocrWord
	for _, g := range words {
		if g.box.Min.Add(g.box.Size().Div(2)).In(area) {
			in = append(in, g)
		}
	}
	n := len(tokens(phrase))
	for i := 0; i+n <= len(in); i++ {
		if i > 0 && in[i-1].line == in[i].line || i+n < len(in) && in[i+n].line == in[i].line {
			continue
		}
		if p, ok := find(in[i:i+n], phrase, area); ok {
			return p, true
		}
	}
	return image.Point{}, false
}

// text is what OCR read, for failure messages.
func text(words []ocrWord) string {
	var b strings.Builder
	for i, w := range words {
		if i > 0 && w.line != words[i-1].line {
			b.WriteString(" | ")
		} else if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(w.text)
	}
	return b.String()
}
