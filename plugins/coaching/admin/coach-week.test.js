// The coaching plugin's Coach's week module, its logic without a browser
// (the panel's e2e tests draw it): run by the panel's vitest
// (internal/admin/ui).
import { describe, expect, it } from 'vitest';
import { byDay, weekOf } from './coach-week.js';

describe('a coach\'s week', () => {
  it('runs from the Monday of the week, across a month\'s end', () => {
    const w = weekOf(new Date('2026-12-03T15:00:00Z')); // a Thursday
    expect(w.days.map((d) => d.date)).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']);
    expect([w.from, w.to]).toEqual(['2026-11-30T00:00:00', '2026-12-07T00:00:00']);
    expect(weekOf(new Date('2026-11-30T00:00:00Z')).from).toBe('2026-11-30T00:00:00');
    expect(weekOf(new Date('2026-12-06T23:59:00Z')).from).toBe('2026-11-30T00:00:00');
  });
  it('groups events and free slots by day', () => {
    const g = byDay([{ s: '2026-12-01T09:00:00Z' }, { s: '2026-12-01T14:00:00Z' }, { s: '2026-12-03T09:00:00Z' }], (x) => x.s);
    expect(Object.fromEntries(Object.entries(g).map(([k, v]) => [k, v.length]))).toEqual({ '2026-12-01': 2, '2026-12-03': 1 });
  });
});
