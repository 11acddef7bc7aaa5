// A rich text (Markdown) field's editor: a toolbar that writes Markdown's
// marks around the selection (with their keyboard shortcuts), and a
// preview drawn by marked (a well-kept, small CommonMark and GFM parser)
// and cleaned by DOMPurify, so that a stored entry's HTML cannot run in
// the panel (its Content-Security-Policy forbids inline scripts too).

import { useEffect, useRef, useState } from 'preact/hooks';
import { html } from 'htm/preact';

// marks are the toolbar's buttons: each wraps the selection (or puts its
// placeholder) in its Markdown, or starts each selected line with it.
export const marks = [
  { name: 'Bold', key: 'b', around: ['**', '**'], empty: 'bold text' },
  { name: 'Italic', key: 'i', around: ['_', '_'], empty: 'italic text' },
  { name: 'Strikethrough', around: ['~~', '~~'], empty: 'struck text' },
  { name: 'Code', around: ['`', '`'], empty: 'code' },
  { name: 'Link', key: 'k', around: ['[', '](https://)'], empty: 'link text' },
  { name: 'Heading', line: '## ' },
  { name: 'Bulleted list', line: '- ' },
  { name: 'Numbered list', line: '1. ' },
  { name: 'Quote', line: '> ' },
];

// applyMark is text with the mark applied to the selection [start, end):
// the new text and the new selection (the marked words, or the
// placeholder to type over).
export function applyMark(text, start, end, mark) {
  if (mark.line) {
    const from = text.lastIndexOf('\n', start - 1) + 1;
    const next = text.indexOf('\n', Math.max(end, from));
    const to = next === -1 ? text.length : next; // whole lines, the last one's end too
    const marked = text.slice(from, to).split('\n').map((l) => mark.line + l).join('\n');
    return { text: text.slice(0, from) + marked + text.slice(to), start: from, end: from + marked.length };
  }
  const chosen = text.slice(start, end) || mark.empty;
  const [open, close] = mark.around;
  return {
    text: text.slice(0, start) + open + chosen + close + text.slice(end),
    start: start + open.length,
    end: start + open.length + chosen.length,
  };
}

// preview is the HTML of Markdown, cleaned: no script, no event
// attribute, no javascript: address. The two libraries load with the
// first preview (a chunk of their own), not with the panel.
export async function preview(markdown) {
  const [{ marked }, { default: DOMPurify }] = await Promise.all([import('marked'), import('dompurify')]);
  return DOMPurify.sanitize(marked.parse(String(markdown || ''), { async: false }));
}

// MarkdownInput is the textarea with its toolbar, and Write / Preview.
export function MarkdownInput({ common, value, onChange, label }) {
  const area = useRef(null);
  const [showing, setShowing] = useState(false);
  const [drawn, setDrawn] = useState(null);
  useEffect(() => {
    if (!showing) { setDrawn(null); return undefined; }
    let latest = true;
    preview(value).then((h) => latest && setDrawn(h)).catch(() => latest && setDrawn('<p>The preview could not be drawn.</p>'));
    return () => { latest = false; };
  }, [showing, value]);
  const apply = (mark) => {
    const el = area.current;
    const next = applyMark(String(value || ''), el.selectionStart, el.selectionEnd, mark);
    onChange(next.text);
    requestAnimationFrame(() => { el.focus(); el.setSelectionRange(next.start, next.end); });
  };
  const onKeyDown = (e) => {
    const mark = (e.ctrlKey || e.metaKey) && marks.find((m) => m.key === e.key.toLowerCase());
    if (mark) { e.preventDefault(); apply(mark); }
  };
  return html`<div class="markdown">
    <div class="md-bar" role="toolbar" aria-label=${`Format ${label}`}>
      ${marks.map((m) => html`<button type="button" class="secondary" disabled=${common.disabled || showing}
        aria-label=${m.key ? `${m.name} (Ctrl+${m.key.toUpperCase()})` : m.name} onClick=${() => apply(m)}>${m.name}</button>`)}
      <button type="button" class="secondary" aria-pressed=${showing} onClick=${() => setShowing(!showing)}>Preview</button>
    </div>
    ${showing
      ? html`<div class="md-preview" aria-label=${`Preview of ${label}`} role="region" aria-busy=${drawn === null}
          dangerouslySetInnerHTML=${{ __html: drawn || '' }} />`
      : html`<textarea ...${common} ref=${area} rows="8" value=${value} onKeyDown=${onKeyDown} onInput=${(e) => onChange(e.target.value)} />`}
  </div>`;
}
