import { describe, expect, it } from 'vitest';
import { blocksProblem, fromBlocks, inlineText, parseInline, toBlocks } from './blocks.js';

// A small seeded generator: the same trees on every run, many of them.
function random(seed) {
  let s = seed >>> 0;
  const next = () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return { int, pick, chance: (p) => next() < p };
}

// Every character the inline syntax gives a meaning to, and plain ones.
const alphabet = [...'ab Z9\\*_~`[]<>()u/-.!+\n', '**', '<u>', '</u>', '~~', '](', 'é', '😀', '\\\n', '\n  - '];
const markNames = ['bold', 'italic', 'underline', 'strikethrough', 'code'];

function text(r, max = 6) {
  let out = '';
  const n = 1 + r.int(max);
  for (let i = 0; i < n; i++) out += r.pick(alphabet);
  return out;
}

function leaf(r) {
  const l = { type: 'text', text: text(r) };
  for (const m of markNames) if (r.chance(0.3)) l[m] = true;
  return l;
}

function inline(r) {
  const out = [];
  const n = 1 + r.int(5);
  for (let i = 0; i < n; i++) {
    if (r.chance(0.2)) out.push({ type: 'link', url: `https://x.test/${text(r, 3)}`, children: [leaf(r), ...(r.chance(0.3) ? [leaf(r)] : [])] });
    else out.push(leaf(r));
  }
  return out;
}

// normal is a tree as the parser gives it back: neighbouring leaves with
// the same marks are one leaf.
const sameMarks = (a, b) => markNames.every((m) => !!a[m] === !!b[m]);
function normal(children) {
  const out = [];
  for (const n of children) {
    const last = out[out.length - 1];
    if (n.type === 'link') out.push({ ...n, children: normal(n.children) });
    else if (last && last.type === 'text' && sameMarks(last, n)) out[out.length - 1] = { ...last, text: last.text + n.text };
    else out.push({ ...n });
  }
  return out;
}

function list(r, depth) {
  const format = r.pick(['ordered', 'unordered']);
  const node = { type: 'list', format, children: [] };
  if (depth) node.indentLevel = depth;
  const n = 1 + r.int(4);
  for (let i = 0; i < n; i++) {
    node.children.push({ type: 'list-item', children: inline(r) });
    if (depth < 2 && r.chance(0.25)) node.children.push(list(r, depth + 1));
  }
  return node;
}

function block(r) {
  switch (r.int(6)) {
    case 0: return { type: 'paragraph', children: inline(r) };
    case 1: return { type: 'heading', level: 1 + r.int(6), children: inline(r) };
    case 2: return { type: 'quote', children: inline(r) };
    case 3: return { type: 'code', language: r.pick(['', 'go', 'javascript']), children: [{ type: 'text', text: `${text(r)}\n${text(r)}` }] };
    case 4: return list(r, 0);
    default: return { type: 'image', image: { id: 1 + r.int(9), name: 'a.png', url: '/uploads/a.png' }, children: [{ type: 'text', text: '' }] };
  }
}

function normalBlock(b) {
  if (b.type === 'code') {
    const out = { type: 'code', children: b.children };
    if (b.language) out.language = b.language;
    return out;
  }
  if (b.type === 'list') return { ...b, children: b.children.map((c) => (c.type === 'list' ? normalBlock(c) : { ...c, children: normal(c.children) })) };
  if (b.type === 'image') return b;
  return { ...b, children: normal(b.children) };
}

describe('inline marks', () => {
  it('come back from their text as they went in, for 2,000 generated runs of text', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const children = normal(inline(random(seed)));
      const written = inlineText(children);
      expect(parseInline(written), `seed ${seed}: ${written}`).toEqual(children);
    }
  });
  it('write Markdown\'s marks, escaping what would be one', () => {
    expect(inlineText([{ type: 'text', text: 'a ' }, { type: 'text', text: 'b', bold: true, italic: true }, { type: 'text', text: ' c*' }]))
      .toBe('a **_b_** c\\*');
    expect(inlineText([{ type: 'link', url: 'https://x.test/a)', children: [{ type: 'text', text: 'here' }] }]))
      .toBe('[here](https://x.test/a\\))');
  });
  it('read what a person types', () => {
    expect(parseInline('Read **this** and <u>that</u>, `x`, ~~no~~.')).toEqual([
      { type: 'text', text: 'Read ' }, { type: 'text', text: 'this', bold: true }, { type: 'text', text: ' and ' },
      { type: 'text', text: 'that', underline: true }, { type: 'text', text: ', ' }, { type: 'text', text: 'x', code: true },
      { type: 'text', text: ', ' }, { type: 'text', text: 'no', strikethrough: true }, { type: 'text', text: '.' },
    ]);
    expect(parseInline('see [the docs](https://kiln.test/docs)')).toEqual([
      { type: 'text', text: 'see ' }, { type: 'link', url: 'https://kiln.test/docs', children: [{ type: 'text', text: 'the docs' }] },
    ]);
    expect(parseInline('2 * 3 ~ 4 [not a link')).toEqual([{ type: 'text', text: '2 * 3 ~ 4 [not a link' }]);
    expect(parseInline('')).toEqual([{ type: 'text', text: '' }]);
  });
});

describe('blocks', () => {
  it('every generated document comes back from the form as it went in (1,000 documents)', () => {
    for (let seed = 1; seed <= 1000; seed++) {
      const r = random(seed);
      const doc = Array.from({ length: 1 + r.int(5) }, () => normalBlock(block(r)));
      expect(fromBlocks(toBlocks(doc)), `seed ${seed}`).toEqual(doc);
    }
  });
  it('shows each kind as the form names it, a list as its lines', () => {
    const doc = [
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title' }] },
      { type: 'list', format: 'unordered', children: [
        { type: 'list-item', children: [{ type: 'text', text: 'one' }] },
        { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'one.a' }] }] },
        { type: 'list-item', children: [{ type: 'text', text: 'two' }] },
      ] },
      { type: 'code', language: 'go', children: [{ type: 'text', text: 'x := 1' }] },
    ];
    expect(toBlocks(doc)).toEqual([
      { kind: 'heading-2', text: 'Title' },
      { kind: 'list', text: '- one\n  1. one.a\n- two' },
      { kind: 'code', text: 'x := 1', language: 'go' },
    ]);
  });
  it('writes a line break inside a list item as a backslash at the end of its line', () => {
    const item = (text) => ({ type: 'list-item', children: [{ type: 'text', text }] });
    const doc = [{ type: 'list', format: 'unordered', children: [item('two\nlines'), item('ends\n'), item('\nstarts'), item('a slash\\\nthen')] }];
    expect(toBlocks(doc)).toEqual([{ kind: 'list', text: '- two\\\nlines\n- ends\\\n\n- \\\nstarts\n- a slash\\\\\\\nthen' }]);
    expect(fromBlocks(toBlocks(doc))).toEqual(doc);
    // A literal backslash at a line's end is escaped: the next line is an item.
    expect(fromBlocks([{ kind: 'list', text: '- a\\\\\n- b' }])[0].children).toEqual([item('a\\'), item('b')]);
  });
  it('keeps a node it does not know whole', () => {
    const odd = { type: 'table', rows: [[1]] };
    expect(fromBlocks(toBlocks([odd]))).toEqual([odd]);
  });
  it('a new list or paragraph left empty is still a valid node', () => {
    expect(fromBlocks([{ kind: 'list', text: '' }, { kind: 'paragraph', text: '' }])).toEqual([
      { type: 'list', format: 'unordered', children: [{ type: 'list-item', children: [{ type: 'text', text: '' }] }] },
      { type: 'paragraph', children: [{ type: 'text', text: '' }] },
    ]);
  });
  it('refuses an image block without its file', () => {
    expect(blocksProblem('doc', [{ kind: 'paragraph', text: 'a' }, { kind: 'image', text: '', image: null }])).toBe('doc block 2 is an image without a file');
    expect(blocksProblem('doc', [{ kind: 'paragraph', text: 'a' }])).toBe('');
  });
});
