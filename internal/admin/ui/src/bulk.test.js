import { describe, expect, it } from 'vitest';
import { canBulk, runAll, summary } from './bulk.js';

describe('bulk actions', () => {
  it('run every item, at most width at once, keeping the refusals in order', async () => {
    let running = 0;
    let most = 0;
    const call = async (i) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      if (i % 3 === 0) throw new Error(`no ${i}`);
    };
    const got = await runAll([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], call, 4);
    expect(got).toEqual({ done: 6, messages: ['no 0', 'no 3', 'no 6', 'no 9'] });
    expect(most).toBe(4);
    expect(await runAll([], call)).toEqual({ done: 0, messages: [] });
  });
  it('say what they did once over', () => {
    expect(summary('Deleted', { done: 3, messages: [] })).toBe('Deleted 3 entries.');
    expect(summary('Published', { done: 1, messages: ['title must be defined.', 'x'] })).toBe('Published 1 entry. 2 entries refused: title must be defined.');
  });
  it('are offered where the role may delete, or update a type with drafts', () => {
    const can = (acts) => (a) => acts.includes(a);
    const drafts = { apiID: 'b', schema: { draftAndPublish: true } };
    const plain = { apiID: 'p', schema: { draftAndPublish: false } };
    expect([canBulk(drafts, can(['b.update'])), canBulk(plain, can(['p.update'])), canBulk(plain, can(['p.delete'])), canBulk(drafts, can(['b.find']))])
      .toEqual([true, false, true, false]);
  });
});
