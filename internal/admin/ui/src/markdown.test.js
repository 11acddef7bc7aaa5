import { describe, expect, it } from 'vitest';
import { applyMark, marks } from './markdown.js';

const mark = (name) => marks.find((m) => m.name === name);

describe('the Markdown toolbar', () => {
  it('wraps the selection in each inline mark, keeping the words chosen', () => {
    const text = 'say hello there';
    const want = { Bold: 'say **hello** there', Italic: 'say _hello_ there', Strikethrough: 'say ~~hello~~ there',
      Code: 'say `hello` there', Link: 'say [hello](https://) there' };
    for (const [name, out] of Object.entries(want)) {
      const got = applyMark(text, 4, 9, mark(name));
      expect(got.text, name).toBe(out);
      expect(got.text.slice(got.start, got.end), name).toBe('hello');
    }
  });
  it('puts a placeholder to type over where nothing is chosen', () => {
    const got = applyMark('ab', 1, 1, mark('Bold'));
    expect(got).toEqual({ text: 'a**bold text**b', start: 3, end: 12 });
  });
  it('starts every line of the selection with a line mark, from the first line\'s start', () => {
    const text = 'intro\none\ntwo\nend';
    const got = applyMark(text, 7, 12, mark('Bulleted list')); // from inside "one" to inside "two"
    expect(got.text).toBe('intro\n- one\n- two\nend');
    expect(got.text.slice(got.start, got.end)).toBe('- one\n- two');
    expect(applyMark('title', 0, 0, mark('Heading')).text).toBe('## title');
    expect(applyMark('a\nb', 2, 3, mark('Quote')).text).toBe('a\n> b');
  });
  it('has a shortcut for bold, italic and link only, each its own', () => {
    expect(marks.filter((m) => m.key).map((m) => m.key)).toEqual(['b', 'i', 'k']);
  });
});
