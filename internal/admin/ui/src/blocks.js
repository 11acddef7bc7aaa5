// Strapi 5's blocks (a JSON tree of paragraphs, headings, lists, quotes,
// code and images) as the form edits them: a list of blocks, each a kind
// and a text in which inline marks are written as in Markdown. Nothing
// here touches the DOM; blocks.test.js checks that every tree comes back
// from its text as it went in.
//
// Inline marks: **bold**, _italic_, <u>underline</u>, ~~strikethrough~~,
// `code`, [a link](https://…). A backslash keeps the next character as it
// is (\* \_ \[), so any text can be written. A list's lines are its items,
// "- " (bulleted) or "1. " (numbered), two spaces of indent per level; a
// line break inside an item is a backslash at the end of the line, as in
// Markdown, and the item goes on on the next line.

const marks = [
  ['bold', '**', '**'],
  ['italic', '_', '_'],
  ['underline', '<u>', '</u>'],
  ['strikethrough', '~~', '~~'],
  ['code', '`', '`'],
];

// Characters a text escapes so that the parser reads them as text.
const special = /[\\*_~`[\]<]/g;
const escapeText = (s) => s.replace(special, (c) => `\\${c}`);
const escapeUrl = (s) => s.replace(/[\\)]/g, (c) => `\\${c}`);

// inlineText writes a block's inline children (text leaves and links) as
// one text: a mark opened where a leaf gains it, closed where it loses it.
export function inlineText(children) {
  let out = '';
  let on = new Set();
  const to = (want) => {
    for (const [name, open, close] of [...marks].reverse()) if (on.has(name) && !want.has(name)) out += close;
    for (const [name, open] of marks) if (!on.has(name) && want.has(name)) out += open;
    on = want;
  };
  const leaf = (n) => {
    to(new Set(marks.map(([m]) => m).filter((m) => n[m])));
    out += escapeText(String(n.text ?? ''));
  };
  for (const n of children || []) {
    if (n.type === 'link') {
      to(new Set());
      out += '[';
      for (const c of n.children || []) leaf(c);
      to(new Set());
      out += `](${escapeUrl(String(n.url ?? ''))})`;
    } else {
      leaf(n);
    }
  }
  to(new Set());
  return out;
}

// parseInline reads a text written by inlineText (or typed) back into
// inline children: text leaves with the marks on, links with theirs.
// A marker that never closes still toggles; a lone * or ~ is text.
export function parseInline(text) {
  const out = [];
  let on = {};
  let link = null; // the link being read: its children go there
  const push = (s) => {
    const target = link ? link.children : out;
    const last = target[target.length - 1];
    const same = last && last.type === 'text' && marks.every(([m]) => !!last[m] === !!on[m]);
    if (same) last.text += s;
    else {
      const leaf = { type: 'text', text: s };
      for (const [m] of marks) if (on[m]) leaf[m] = true;
      target.push(leaf);
    }
  };
  let i = 0;
  outer: while (i < text.length) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      push(text[i + 1]);
      i += 2;
      continue;
    }
    for (const [name, open, close] of marks) {
      const marker = on[name] ? close : open;
      if (text.startsWith(marker, i)) {
        on = { ...on, [name]: !on[name] };
        i += marker.length;
        continue outer;
      }
    }
    if (c === '[' && !link) {
      link = { type: 'link', url: '', children: [] };
      i++;
      continue;
    }
    if (c === ']' && link && text[i + 1] === '(') {
      let j = i + 2;
      let url = '';
      while (j < text.length && text[j] !== ')') {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        url += text[j];
        j++;
      }
      link.url = url;
      if (!link.children.length) link.children.push({ type: 'text', text: '' });
      out.push(link);
      link = null;
      i = j + 1;
      continue;
    }
    push(c);
    i++;
  }
  if (link) {
    // An unclosed link is its text, with the bracket it opened with.
    out.push({ type: 'text', text: '[' }, ...link.children);
  }
  if (!out.length) out.push({ type: 'text', text: '' });
  return merged(out);
}

// merged joins neighbouring leaves that carry the same marks.
function merged(children) {
  const out = [];
  for (const n of children) {
    const last = out[out.length - 1];
    if (n.type === 'text' && last && last.type === 'text' && marks.every(([m]) => !!last[m] === !!n[m])) last.text += n.text;
    else out.push(n);
  }
  return out;
}

// listLines writes a list node as lines: its items with their marker,
// the items of the lists inside it indented.
function listLines(node, depth) {
  const lines = [];
  for (const c of node.children || []) {
    if (c.type === 'list') lines.push(...listLines(c, depth + 1));
    else {
      const marker = node.format === 'ordered' ? '1. ' : '- ';
      lines.push('  '.repeat(depth) + marker + inlineText(c.children).replace(/\n/g, '\\\n').replace(/^(\s)/, '\\$1'));
    }
  }
  return lines;
}

// parseList reads a list block's lines back into a list node (and the
// lists inside it). A line without a marker is a bulleted item; a line
// that ends in an unescaped backslash goes on, after a line break, on the
// next line, which is the item's text as it is.
function parseList(text) {
  const lines = [];
  for (const line of text.split('\n')) {
    const last = lines.length - 1;
    if (last >= 0 && /(^|[^\\])(\\\\)*\\$/.test(lines[last])) lines[last] += `\n${line}`;
    else lines.push(line);
  }
  const items = lines.filter((l) => l.trim() !== '').map((line) => {
    const m = /^( *)(- |\d+\. )?([\s\S]*)$/.exec(line);
    return { depth: Math.floor(m[1].length / 2), format: m[2] && m[2] !== '- ' ? 'ordered' : 'unordered', text: m[3] };
  });
  const root = { type: 'list', format: items.length ? items[0].format : 'unordered', children: [] };
  const stack = [root];
  for (const it of items) {
    while (stack.length - 1 > it.depth) stack.pop();
    while (stack.length - 1 < it.depth) {
      const parent = stack[stack.length - 1];
      const nested = { type: 'list', format: it.format, indentLevel: stack.length, children: [] };
      parent.children.push(nested);
      stack.push(nested);
    }
    stack[stack.length - 1].children.push({ type: 'list-item', children: parseInline(it.text) });
  }
  if (!root.children.length) root.children.push({ type: 'list-item', children: [{ type: 'text', text: '' }] });
  return root;
}

// blockKinds are the kinds of block the form offers, by the name it
// shows.
export const blockKinds = [
  ['paragraph', 'Paragraph'], ['heading-1', 'Heading 1'], ['heading-2', 'Heading 2'], ['heading-3', 'Heading 3'],
  ['heading-4', 'Heading 4'], ['heading-5', 'Heading 5'], ['heading-6', 'Heading 6'], ['quote', 'Quote'],
  ['code', 'Code'], ['list', 'List'], ['image', 'Image'],
];

// toBlocks is a stored blocks value as the form holds it: a list of
// {kind, text} (a code block's language, an image block's file); a node
// the form does not know is kept whole (kind "other").
export function toBlocks(nodes) {
  return (Array.isArray(nodes) ? nodes : []).map((n) => {
    switch (n && n.type) {
      case 'paragraph': return { kind: 'paragraph', text: inlineText(n.children) };
      case 'heading': return { kind: `heading-${n.level || 1}`, text: inlineText(n.children) };
      case 'quote': return { kind: 'quote', text: inlineText(n.children) };
      case 'code': return { kind: 'code', text: (n.children || []).map((c) => c.text ?? '').join(''), language: n.language || '' };
      case 'list': return { kind: 'list', text: listLines(n, 0).join('\n') };
      case 'image': return { kind: 'image', text: '', image: n.image || null };
      default: return { kind: 'other', text: '', node: n };
    }
  });
}

// fromBlocks is the blocks value a save sends for what the form holds.
export function fromBlocks(items) {
  return items.map((b) => {
    if (b.kind === 'other') return b.node;
    if (b.kind.startsWith('heading-')) return { type: 'heading', level: Number(b.kind.slice(8)), children: parseInline(b.text) };
    switch (b.kind) {
      case 'quote': return { type: 'quote', children: parseInline(b.text) };
      case 'code': {
        const node = { type: 'code', children: [{ type: 'text', text: b.text }] };
        if (b.language) node.language = b.language;
        return node;
      }
      case 'list': return parseList(b.text);
      case 'image': return { type: 'image', image: b.image, children: [{ type: 'text', text: '' }] };
      default: return { type: 'paragraph', children: parseInline(b.text) };
    }
  });
}

// blocksProblem is why what the form holds cannot be saved, or ''.
export function blocksProblem(name, items) {
  const i = items.findIndex((b) => b.kind === 'image' && !b.image);
  return i >= 0 ? `${name} block ${i + 1} is an image without a file` : '';
}
