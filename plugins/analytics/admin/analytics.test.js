// The analytics plugin's panel modules, their logic without a browser
// (the panel's e2e tests draw them): run by the panel's vitest
// (internal/admin/ui).
import { describe, expect, it } from 'vitest';
import { bars } from './chart.js';
import { lastMonths, monthFilter } from './dashboard.js';
import { figureCharts, figuresOf } from './figures.js';

describe('the dashboard', () => {
  it('counts by calendar month, across a year\'s end', () => {
    const ms = lastMonths(new Date('2026-02-10T12:00:00Z'), 3);
    expect(ms.map((m) => m.label)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(ms[0]).toMatchObject({ from: '2025-12-01T00:00:00.000Z', to: '2026-01-01T00:00:00.000Z' });
    expect(monthFilter(ms[2], 'completed')).toBe('filters[createdAt][$gte]=2026-02-01T00:00:00.000Z'
      + '&filters[createdAt][$lt]=2026-03-01T00:00:00.000Z&filters[status][$eq]=completed');
  });
  it('draws bars to scale, the tallest at the top', () => {
    expect(bars([2, 4, 0], 100, 50, 5)).toEqual([
      { x: 0, y: 25, width: 30, height: 25 }, { x: 35, y: 0, width: 30, height: 50 }, { x: 70, y: 50, width: 30, height: 0 }]);
    expect(bars([0, 0], 10, 10, 0).map((b) => b.height)).toEqual([0, 0]);
  });
});

describe('an entry\'s figures', () => {
  it('lists every number by its path, rates as percents, lists and names left out', () => {
    expect(figuresOf({ id: 1, title: 'Leadership', enrollments: { total: 4, byStatus: { active: 2 } }, completionRate: 0.25,
      coaches: [{ id: 1, eventsHeld: 2 }], learners: { utilization: 0.6667 }, hoursDelivered: 4.25 }))
      .toEqual([{ label: 'enrollments total', value: '4' }, { label: 'enrollments byStatus active', value: '2' },
        { label: 'completionRate', value: '25 %' }, { label: 'learners utilization', value: '67 %' }, { label: 'hoursDelivered', value: '4.25' }]);
  });
});

describe('charts under an entry\'s figures', () => {
  // The analytics plugin's answers as docs/analytics.md shows them.
  const program = {
    title: 'Leadership', enrollments: { total: 4, byStatus: { invited: 0, active: 2, completed: 1, dropped: 1 } }, completionRate: 0.25,
    progressHistogram: [{ from: 0, to: 10, count: 1 }, { from: 90, to: 100, count: 3 }],
    events: { held: 3, scheduled: 3, cancelled: 1 }, coaches: [{ name: 'Kim', hoursDelivered: 3.5 }, { name: 'Lou', hoursDelivered: 0 }],
  };
  const said = (charts) => charts.map((c) => `${c.title}: ${c.items.map((i) => `${i.label} ${i.shown ?? i.value}`).join(', ')}`);
  it('draws a program\'s enrolments, events, progress and coaches', () => {
    expect(said(figureCharts('program', program))).toEqual([
      'Enrolments by status: invited 0, active 2, completed 1, dropped 1', 'Events: held 3, scheduled 3, cancelled 1',
      'Learners by progress (%): 0–10 1, 90–100 3', 'Hours delivered by coach: Kim 3.5, Lou 0',
    ]);
  });
  it('draws a customer\'s programs by completion, a coach\'s learners against capacity', () => {
    const customer = { enrollments: { byStatus: { active: 1 } }, events: { held: 1 }, programs: [program, { ...program, title: 'Sales', completionRate: 1 }] };
    expect(said(figureCharts('customer', customer))).toEqual([
      'Enrolments by status: active 1', 'Events: held 1', 'Completion by program: Leadership 25 %, Sales 100 %']);
    expect(said(figureCharts('coach', { learners: { assigned: 2, capacity: 3 }, events: { delivered: 3, upcoming: 2, cancelled: 1 } })))
      .toEqual(['Learners: assigned 2, free 1', 'Events: delivered 3, upcoming 2, cancelled 1']);
    expect(said(figureCharts('coach', { learners: { assigned: 5, capacity: 3 }, events: {} }))).toEqual(['Learners: assigned 5, free 0']);
    expect(figureCharts('module', program)).toEqual([]);
  });
});
