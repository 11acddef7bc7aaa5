import { describe, expect, it, vi } from 'vitest';
import {
  bars, byDay, cell, figureCharts, client, collectionTypes, columnsOf, coreEvents, errorOf, ApiError, eventsOf, figuresOf, filesQuery,
  lastMonths, localized, lifespans, listQuery, monthFilter, nextSort, preview, publishedQuery, readQuery, searchFieldOf,
  singleTypes, size, weekOf, when, writeQuery,
} from './api.js';

describe('errorOf', () => {
  it('reads Strapi\'s envelope', () => {
    const e = errorOf(400, { data: null, error: { status: 400, name: 'ValidationError', message: 'title must be a string', details: { errors: [] } } });
    expect(e).toBeInstanceOf(ApiError);
    expect([e.status, e.name, e.message]).toEqual([400, 'ValidationError', 'title must be a string']);
  });
  it('reads a bare error string, as the content-type builder answers a 404', () => {
    expect(errorOf(404, { error: 'contentType.notFound' }).message).toBe('contentType.notFound');
  });
  it('still says something when the body is no envelope', () => {
    expect(errorOf(502, null).message).toBe('The server answered 502.');
  });
});

describe('listQuery and nextSort', () => {
  it('asks for a page, a sort and a search', () => {
    expect(listQuery({ page: 3, pageSize: 10, sort: 'title:desc', search: 'a&b', searchField: 'title' }))
      .toBe('pagination[page]=3&pagination[pageSize]=10&sort=title%3Adesc&filters[title][$containsi]=a%26b');
    expect(listQuery()).toBe('pagination[page]=1&pagination[pageSize]=25');
    expect(listQuery({ status: 'draft' })).toBe('pagination[page]=1&pagination[pageSize]=25&status=draft');
  });
  it('asks which documents are published in one request', () => {
    expect(publishedQuery(['a1', 'b 2'])).toBe('status=published&fields[0]=documentId&pagination[pageSize]=2'
      + '&filters[documentId][$in][0]=a1&filters[documentId][$in][1]=b%202');
  });
  it('turns a column from ascending to descending and back', () => {
    expect(nextSort('', 'title')).toBe('title:asc');
    expect(nextSort('title:asc', 'title')).toBe('title:desc');
    expect(nextSort('title:desc', 'title')).toBe('title:asc');
    expect(nextSort('title:asc', 'status')).toBe('status:asc');
  });
});

const type = (apiID, displayName, kind = 'collectionType', visible = true, attributes = {}) =>
  ({ uid: `api::${apiID}.${apiID}`, apiID, schema: { displayName, kind, visible, pluralName: `${apiID}s`, attributes } });

describe('collectionTypes', () => {
  it('lists the visible collection types the caller may list, by name', () => {
    const types = [type('program', 'Program'), type('site', 'Site', 'singleType'), type('role', 'Role', 'collectionType', false),
      type('coach', 'Coach'), type('event', 'Event')];
    expect(collectionTypes(types, ['program.find', 'coach.find', 'site.find', 'role.find', 'event.create']).map((t) => t.apiID))
      .toEqual(['coach', 'program']);
  });
});

describe('singleTypes', () => {
  it('lists the visible single types the caller may read', () => {
    const types = [type('program', 'Program'), type('site', 'Site', 'singleType'), type('home', 'Home', 'singleType'),
      type('hidden', 'Hidden', 'singleType', false)];
    expect(singleTypes(types, ['site.find', 'home.find', 'hidden.find', 'program.find']).map((t) => t.apiID)).toEqual(['home', 'site']);
  });
});

describe('columnsOf and cell', () => {
  it('shows the first scalar fields that are not private', () => {
    const t = type('user', 'User', 'collectionType', true, {
      username: { type: 'string' }, password: { type: 'password', private: true }, secret: { type: 'string', private: true },
      role: { type: 'relation' }, blocked: { type: 'boolean' }, body: { type: 'blocks' }, age: { type: 'integer' },
    });
    expect(columnsOf(t)).toEqual([{ name: 'username', type: 'string' }, { name: 'blocked', type: 'boolean' }, { name: 'age', type: 'integer' }]);
    expect(columnsOf(t, 1)).toHaveLength(1);
  });
  it('searches the first text field that is not private', () => {
    expect(searchFieldOf(type('a', 'A', 'collectionType', true, { n: { type: 'integer' }, secret: { type: 'string', private: true }, name: { type: 'string' } }))).toBe('name');
    expect(searchFieldOf(type('b', 'B', 'collectionType', true, { n: { type: 'integer' } }))).toBe('');
  });
  it('writes values for a table', () => {
    expect([cell(null), cell(true), cell(false), cell(12), cell('x'.repeat(100)).length]).toEqual(['', 'Yes', 'No', '12', 80]);
  });
});

describe('client', () => {
  it('sends the token, and a 401 with a token ends the session', async () => {
    const calls = [];
    const fetch = vi.fn(async (url, init) => {
      calls.push([url, init.headers.Authorization]);
      return { ok: false, status: 401, json: async () => ({ error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials' } }) };
    });
    const onExpired = vi.fn();
    const api = client({ base: 'http://k', token: () => 'T', onExpired, fetch });
    await expect(api.permissions()).rejects.toMatchObject({ status: 401, name: 'UnauthorizedError' });
    expect(calls).toEqual([['http://k/api/users/me/permissions', 'Bearer T']]);
    expect(onExpired).toHaveBeenCalledOnce();
  });
  it('does not end a session it does not have (a wrong password)', async () => {
    const fetch = async () => ({ ok: false, status: 400, json: async () => ({ error: { status: 400, name: 'ValidationError', message: 'Invalid identifier or password' } }) });
    const onExpired = vi.fn();
    await expect(client({ fetch, onExpired }).signIn('a@b.c', 'x')).rejects.toThrow('Invalid identifier or password');
    expect(onExpired).not.toHaveBeenCalled();
  });
});

describe('API tokens', () => {
  it('offers Strapi\'s lifespans and writes instants in UTC', () => {
    expect(lifespans.map(([label, ms]) => `${label}=${ms}`)).toEqual(['Unlimited=null', '7 days=604800000', '30 days=2592000000', '90 days=7776000000']);
    expect(when('2026-11-27T09:30:12.000Z')).toBe('2026-11-27 09:30 UTC');
    expect(when(null)).toBe('—');
  });
});

describe('the media library', () => {
  it('pages newest first and searches names', () => {
    expect(filesQuery({ start: 50, limit: 50, search: 'cat pic' })).toBe('start=50&limit=50&sort=createdAt:desc&filters[name][$containsi]=cat%20pic');
    expect(filesQuery()).toBe('start=0&limit=50&sort=createdAt:desc');
    expect(filesQuery({ kind: 'videos' })).toBe('start=0&limit=50&sort=createdAt:desc&filters[mime][$startsWith]=video/');
    expect(filesQuery({ kind: 'files' })).toBe('start=0&limit=50&sort=createdAt:desc&filters[$and][0][mime][$notContainsi]=image/'
      + '&filters[$and][1][mime][$notContainsi]=video/&filters[$and][2][mime][$notContainsi]=audio/');
    expect(filesQuery({ kind: 'nope' })).toBe('start=0&limit=50&sort=createdAt:desc');
  });
  it('previews images by their thumbnail, other files not at all', () => {
    expect(preview({ mime: 'image/png', url: '/uploads/a.png', formats: { thumbnail: { url: '/uploads/thumbnail_a.png' } } })).toBe('/uploads/thumbnail_a.png');
    expect(preview({ mime: 'image/png', url: '/uploads/a.png', formats: null })).toBe('/uploads/a.png');
    expect(preview({ mime: 'application/pdf', url: '/uploads/a.pdf' })).toBe('');
  });
  it('writes sizes', () => {
    expect([size(0.31), size(42.2), size(2048)]).toEqual(['0 KB', '42 KB', '2.0 MB']);
  });
});

describe('webhooks', () => {
  it('asks for the events ticked and those typed, once each', () => {
    expect(eventsOf(['entry.create'], ' learner.assigned, ,entry.create,event.scheduled ')).toEqual(['entry.create', 'learner.assigned', 'event.scheduled']);
    expect(eventsOf([], '')).toEqual([]);
    expect(coreEvents).toContain('media.delete');
  });
});

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

describe('locales', () => {
  it('writes and reads in a locale', () => {
    expect(writeQuery('draft', 'fr')).toBe('?status=draft&locale=fr');
    expect(writeQuery('', '')).toBe('');
    expect(readQuery('draft', 'fr', ['populate[a]=true'])).toBe('?status=draft&locale=fr&populate[a]=true');
    expect(readQuery('', '', [])).toBe('');
    expect(listQuery({ locale: 'de' })).toBe('pagination[page]=1&pagination[pageSize]=25&locale=de');
  });
  it('knows a localized type', () => {
    expect(localized({ schema: { pluginOptions: { i18n: { localized: true } } } })).toBe(true);
    expect(localized({ schema: { pluginOptions: {} } })).toBe(false);
    expect(localized({ schema: {} })).toBe(false);
  });
});

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
