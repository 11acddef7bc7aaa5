import { describe, expect, it } from 'vitest';
import { pageAt, sectionsOf, shown } from './plugins.js';

// What /admin/plugins.json lists, as the platform's plugins add it.
const listed = {
  pages: [
    { plugin: 'analytics', path: 'dashboard', label: 'Dashboard', action: 'analytics.dashboard', module: '/admin/plugins/analytics/dashboard.js' },
    { plugin: 'coaching', path: 'coach-week', label: 'Coach\'s week', action: 'coaching.availability', module: '/admin/plugins/coaching/coach-week.js' },
  ],
  sections: [
    { plugin: 'analytics', type: 'api::program.program', label: 'Figures', action: 'analytics.program', module: '/admin/plugins/analytics/figures.js' },
    { plugin: 'analytics', type: 'api::coach.coach', label: 'Figures', action: 'analytics.coach', module: '/admin/plugins/analytics/figures.js' },
  ],
};
const can = (actions) => (a) => actions.includes(a);

describe('what plugins add', () => {
  it('is shown to the roles with its action, in the order listed', () => {
    expect(shown(listed.pages, can(['analytics.dashboard', 'coaching.availability'])).map((p) => p.path)).toEqual(['dashboard', 'coach-week']);
    expect(shown(listed.pages, can(['coaching.availability'])).map((p) => p.path)).toEqual(['coach-week']);
    expect(shown(listed.pages, can([]))).toEqual([]);
    expect(shown(undefined, can(['x']))).toEqual([]);
  });
  it('finds the page at its address, and none at another plugin\'s or section\'s', () => {
    expect(pageAt(listed.pages, '/plugins/coaching/coach-week')).toBe(listed.pages[1]);
    expect(pageAt(listed.pages, '/plugins/coaching/coach-week?x=1')).toBe(listed.pages[1]);
    expect(pageAt(listed.pages, '/plugins/analytics/coach-week')).toBe(undefined);
    expect(pageAt(listed.pages, '/content/dashboard')).toBe(undefined);
    expect(pageAt([], '/plugins/analytics/dashboard')).toBe(undefined);
  });
  it('puts a section under its type\'s form only', () => {
    const program = { uid: 'api::program.program' };
    expect(sectionsOf(listed.sections, program, can(['analytics.program', 'analytics.coach']))).toEqual([listed.sections[0]]);
    expect(sectionsOf(listed.sections, program, can(['analytics.coach']))).toEqual([]);
    expect(sectionsOf(listed.sections, { uid: 'api::customer.customer' }, can(['analytics.program']))).toEqual([]);
  });
});
