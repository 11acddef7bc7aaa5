// What plugins add to the panel (/admin/plugins.json, docs/plugins.md's
// "Pages in the panel"): pages in the navigation, cards on the home page
// and sections under an entry's form, each drawn by a module of the
// plugin's own that the panel imports when it first draws it.

import { Component, h } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';
import { RelationPicker } from './fields.js';

// ui is what the panel lends a module, given as its component's ui prop:
// htm's html and Preact's h and hooks (the panel's own Preact, so a
// module needs no build step and no copy of it), and the relation picker.
export const ui = Object.freeze({ html, h, useEffect, useMemo, useRef, useState, RelationPicker });

// shown are a list's additions the caller's role may see (their action).
export const shown = (list, can) => (list || []).filter((x) => can(x.action));

// sectionsOf are the sections under the form of an entry of the type.
export const sectionsOf = (list, type, can) => shown(list, can).filter((s) => s.type === type.uid);

// pageAt is the page at the panel's address "/plugins/<plugin>/<path>".
export function pageAt(pages, route) {
  const [, section, plugin, path] = route.split('?')[0].split('/');
  return section === 'plugins' ? pages.find((p) => p.plugin === plugin && p.path === path) : undefined;
}

// imported holds each module's import, made once per address.
const imported = new Map();
function load(module) {
  if (!imported.has(module)) imported.set(module, import(/* @vite-ignore */ module));
  return imported.get(module);
}

// Drawn is one addition: its module's default export rendered with the
// props given and ui. A module that does not load, or that fails while
// drawing, leaves a message naming it, and the rest of the panel works.
export function Drawn({ addition, ...props }) {
  const [drawn, setDrawn] = useState(null);
  const [problem, setProblem] = useState('');
  useEffect(() => {
    let live = true;
    load(addition.module)
      .then((m) => {
        if (typeof m.default !== 'function') throw new Error('its module has no default export to draw');
        if (live) setDrawn(() => m.default);
      })
      .catch((err) => live && setProblem(err.message));
    return () => { live = false; };
  }, [addition.module]);
  const name = `${addition.label} (plugin ${addition.plugin})`;
  if (problem) return html`<p class="error" role="alert">${name} could not be drawn: ${problem}</p>`;
  if (!drawn) return html`<p class="muted">Loading ${addition.label}…</p>`;
  return html`<${Guard} name=${name}><${drawn} ...${props} ui=${ui} /><//>`;
}

// Guard keeps a module's failure while drawing to its own place.
class Guard extends Component {
  componentDidCatch(err) { this.setState({ problem: err.message || String(err) }); }
  render({ name, children }, { problem }) {
    return problem ? html`<p class="error" role="alert">${name} could not be drawn: ${problem}</p>` : children;
  }
}
