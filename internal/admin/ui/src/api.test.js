import { describe, expect, it, vi } from 'vitest';
import {
  cell, client, collectionTypes, columnsOf, coreEvents, errorOf, ApiError, eventsOf, filesQuery,
  labelOf, localized, lifespans, listQuery, localizedQuery, nameOf, nextSort, preview, publishedQuery, uidQuery, readQuery, searchFieldOf, viewYAML,
  singleTypes, size, when, writeQuery,
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
  it('asks in which locales documents exist in one request', () => {
    expect(localizedQuery(['a1', 'b 2'], 3)).toBe('locale=*&status=draft&fields[0]=documentId&fields[1]=locale&pagination[pageSize]=6'
      + '&filters[documentId][$in][0]=a1&filters[documentId][$in][1]=b%202');
    expect(localizedQuery(Array.from({ length: 50 }, (_, i) => `d${i}`), 5)).toContain('pagination[pageSize]=100&');
    expect(localizedQuery(['a'], 2, 3)).toBe('locale=*&status=draft&fields[0]=documentId&fields[1]=locale&pagination[pageSize]=2&pagination[page]=3'
      + '&filters[documentId][$in][0]=a');
  });
  it('asks whether another entry holds a uid', () => {
    expect(uidQuery('slug', 'a b', 'doc1', 'fr')).toBe('status=draft&fields[0]=documentId&pagination[pageSize]=1&pagination[withCount]=false'
      + '&filters[slug][$eq]=a%20b&filters[documentId][$ne]=doc1&locale=fr');
    expect(uidQuery('slug', 'x', '', '')).toBe('status=draft&fields[0]=documentId&pagination[pageSize]=1&pagination[withCount]=false&filters[slug][$eq]=x');
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
  it('names an entry by its type\'s main field, searching it when it is text', () => {
    const attrs = { title: { type: 'string' }, code: { type: 'uid' }, seats: { type: 'integer' } };
    const viewed = (mainField) => ({ ...type('p', 'P', 'collectionType', true, attrs), view: { mainField } });
    const e = { id: 7, documentId: 'abc', title: 'Leadership', code: 'lead-1', seats: 0 };
    expect([labelOf(viewed('code'), e), searchFieldOf(viewed('code'))]).toEqual(['lead-1', 'code']);
    expect([labelOf(viewed('seats'), e), searchFieldOf(viewed('seats'))]).toEqual(['0', 'title']);
    expect([labelOf(viewed('id'), e), nameOf(viewed('id'), e)]).toEqual(['7', '']);
    expect([labelOf(viewed('title'), { ...e, title: '' }), nameOf(viewed('title'), e)]).toEqual(['abc', 'Leadership']);
    expect(labelOf(type('p', 'P', 'collectionType', true, attrs), e)).toBe('Leadership'); // no view: the first text field
    expect(nameOf(viewed('title'), null)).toBe('');
  });
  it('writes a view as config/views.yaml does', () => {
    expect(viewYAML('program', { mainField: 'title', columns: ['title', 'status'], pageSize: 50, sort: 'title:desc' }))
      .toBe('program:\n  mainField: title\n  columns: [title, status]\n  pageSize: 50\n  sort: title:desc\n');
    expect(viewYAML('tag', { mainField: 'name', columns: [], pageSize: 25, sort: '' })).toBe('tag:\n  mainField: name\n  pageSize: 25\n');
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

