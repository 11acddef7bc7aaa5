package upload

import (
	"strings"
	"testing"
)

// TestSVGSize: an SVG's size is its root's width and height in pixels,
// else its viewBox's; other units, a root that is no svg, or no size at
// all give none.
func TestSVGSize(t *testing.T) {
	for _, tc := range []struct {
		svg  string
		w, h int
		ok   bool
	}{
		{`<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" viewBox="0 0 16 16"/>`, 16, 16, true},
		{`<?xml version="1.0"?><!-- x --><svg width="20px" height="10.4px"></svg>`, 20, 10, true},
		{`<svg viewBox="0,0,300,150"/>`, 300, 150, true},
		{`<svg width="50%" height="2em" viewBox="0 0 40 30"/>`, 40, 30, true},
		{`<svg width="10cm" height="5cm"/>`, 0, 0, false},
		{`<html><svg width="1" height="1"/></html>`, 0, 0, false},
		{`<svg width="-3" height="4"/>`, 0, 0, false},
		{`not xml at all`, 0, 0, false},
	} {
		w, h, ok := svgSize(strings.NewReader(tc.svg))
		if w != tc.w || h != tc.h || ok != tc.ok {
			t.Errorf("%s: %d×%d %v, want %d×%d %v", tc.svg, w, h, ok, tc.w, tc.h, tc.ok)
		}
	}
}

// FuzzSVGSize: whatever an uploaded SVG holds, reading its size never
// panics and never answers a size it cannot hold.
func FuzzSVGSize(f *testing.F) {
	for _, s := range []string{`<svg width="16" height="16"/>`, `<svg viewBox="0 0 1e9 1"/>`, `<!DOCTYPE svg [<!ENTITY a "aaaa">]><svg width="&a;"/>`, `<svg`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, ok := svgSize(strings.NewReader(s))
		if ok && (w < 1 || h < 1 || w > 1e6+1 || h > 1e6+1) {
			t.Fatalf("%q: %d×%d", s, w, h)
		}
		if !ok && (w != 0 || h != 0) {
			t.Fatalf("%q: %d×%d without a size", s, w, h)
		}
	})
}
