package upload

import (
	"encoding/xml"
	"io"
	"strconv"
	"strings"
)

// svgSize reads an SVG's width and height as Strapi reports them: the
// root element's width and height in pixels (a unit of px or none), else
// its viewBox's. Only the start of the document is read, and no entity
// is expanded (encoding/xml expands none of its own).
func svgSize(r io.Reader) (w, h int, ok bool) {
	dec := xml.NewDecoder(io.LimitReader(r, 64<<10))
	dec.Strict = false
	for {
		tok, err := dec.Token()
		if err != nil {
			return 0, 0, false
		}
		el, isStart := tok.(xml.StartElement)
		if !isStart {
			continue
		}
		if el.Name.Local != "svg" {
			return 0, 0, false
		}
		var width, height, viewBox string
		for _, a := range el.Attr {
			switch a.Name.Local {
			case "width":
				width = a.Value
			case "height":
				height = a.Value
			case "viewBox":
				viewBox = a.Value
			}
		}
		if w, ok1 := pixels(width); ok1 {
			if h, ok2 := pixels(height); ok2 {
				return w, h, true
			}
		}
		f := strings.Fields(strings.ReplaceAll(viewBox, ",", " "))
		if len(f) == 4 {
			if w, ok1 := pixels(f[2]); ok1 {
				if h, ok2 := pixels(f[3]); ok2 {
					return w, h, true
				}
			}
		}
		return 0, 0, false
	}
}

// pixels reads "16", "16px" or "16.5" as whole pixels.
func pixels(s string) (int, bool) {
	s = strings.TrimSuffix(strings.TrimSpace(s), "px")
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f <= 0 || f > 1e6 {
		return 0, false
	}
	return int(f + 0.5), true
}
