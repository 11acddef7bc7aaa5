import { describe, expect, it } from 'vitest';
import { ApiError, fieldErrors, fromInput, labelOf, moved, takes, toInput } from './api.js';
import { copiedForm, fieldsOf, formErrors, fromForm, itemOf, pathsOf, populateOf, slugOf, toForm } from './form.js';

const type = (apiID, displayName, attributes, kind = 'collectionType') =>
  ({ uid: `api::${apiID}.${apiID}`, apiID, schema: { displayName, kind, visible: true, pluralName: `${apiID}s`, attributes } });
const comp = (uid, displayName, attributes) => ({ uid, schema: { displayName, attributes } });

// Every scalar kind: a value as stored, as its input shows it, and as a
// save sends it back. The form must give back what it was given (a time
// to the second, a date-time to the minute, in UTC).
const scalars = [
  ['string', 'Ada', 'Ada', 'Ada'], ['uid', 'ada-1', 'ada-1', 'ada-1'], ['email', 'a@b.test', 'a@b.test', 'a@b.test'],
  ['text', 'two\nlines', 'two\nlines', 'two\nlines'], ['richtext', '# Title', '# Title', '# Title'],
  ['integer', 42, '42', 42], ['biginteger', '90071992547409931', '90071992547409931', '90071992547409931'],
  ['decimal', 1.25, '1.25', 1.25], ['float', -0.5, '-0.5', -0.5], ['boolean', true, true, true],
  ['date', '2026-11-27', '2026-11-27', '2026-11-27'], ['time', '09:30:15.000', '09:30:15', '09:30:15'],
  ['datetime', '2026-11-27T09:30:00.000Z', '2026-11-27T09:30', '2026-11-27T09:30:00.000Z'],
  ['enumeration', 'b', 'b', 'b'], ['json', { a: [1, null] }, '{\n  "a": [\n    1,\n    null\n  ]\n}', { a: [1, null] }],
];
const scalarAttributes = Object.fromEntries(scalars.map(([kind]) => [`f_${kind}`, kind === 'enumeration' ? { type: kind, enum: ['a', 'b'] } : { type: kind }]));
const stored = Object.fromEntries(scalars.map(([kind, value]) => [`f_${kind}`, value]));

const coach = type('coach', 'Coach', { name: { type: 'string' } });
const customer = type('customer', 'Customer', { name: { type: 'string' } });
const link = comp('shared.link', 'Link', { url: { type: 'string' }, to: { type: 'relation', relation: 'oneToOne', target: 'api::coach.coach' } });
const hours = comp('blocks.hours', 'Hours', { day: { type: 'enumeration', enum: ['mon', 'tue'] }, opens: { type: 'time' } });
const hero = comp('blocks.hero', 'Hero', {
  title: { type: 'string' }, cta: { type: 'component', component: 'shared.link' }, photo: { type: 'media', allowedTypes: ['images'] },
  doc: { type: 'blocks' }, secret: { type: 'string', private: true },
});
const everything = comp('blocks.all', 'All', scalarAttributes);
const page = type('page', 'Page', {
  ...scalarAttributes,
  password: { type: 'password' },
  owner: { type: 'relation', relation: 'manyToOne', target: 'api::customer.customer' },
  coaches: { type: 'relation', relation: 'manyToMany', target: 'api::coach.coach' },
  hidden: { type: 'relation', relation: 'oneToMany', target: 'api::coach.coach', private: true },
  cover: { type: 'media', allowedTypes: ['images'] }, gallery: { type: 'media', multiple: true },
  body: { type: 'blocks' },
  opening: { type: 'component', component: 'blocks.hours', repeatable: true },
  all: { type: 'component', component: 'blocks.all' },
  zone: { type: 'dynamiczone', components: ['blocks.hero', 'blocks.hours'] },
  odd: { type: 'customField' },
});
const ctx = { types: [coach, customer, page], components: [link, hours, hero, everything], actions: ['coach.find', 'customer.find'] };
const fields = fieldsOf(page.schema.attributes, ctx);
const byName = Object.fromEntries(fields.map((f) => [f.name, f]));

describe('the form\'s fields', () => {
  it('gives every attribute kind its way of editing, in the schema\'s order', () => {
    expect(fields.map((f) => `${f.name}:${f.kind}`)).toEqual([
      ...scalars.map(([kind]) => `f_${kind}:input`), 'password:input', 'owner:relation', 'coaches:relation',
      'cover:media', 'gallery:media', 'body:blocks', 'opening:component', 'all:component', 'zone:component', 'odd:fixed',
    ]);
    expect(byName.password.writeOnly).toBe(true);
    expect([byName.owner.many, byName.coaches.many, byName.owner.target.apiID]).toEqual([false, true, 'customer']);
    expect([byName.zone.zone, byName.zone.repeatable, byName.opening.repeatable, byName.all.repeatable]).toEqual([true, true, true, false]);
  });
  it('goes into components however deep, and fixes what the caller may not list', () => {
    const heroFields = byName.zone.allowed[0].fields;
    expect(heroFields.map((f) => `${f.name}:${f.kind}`)).toEqual(['title:input', 'cta:component', 'photo:media', 'doc:blocks', 'secret:input']);
    expect(heroFields[4].writeOnly).toBe(true);
    expect(heroFields[1].allowed[0].fields.map((f) => `${f.name}:${f.kind}`)).toEqual(['url:input', 'to:relation']);
    const coachless = fieldsOf(page.schema.attributes, { ...ctx, actions: ['customer.find'] });
    const f = Object.fromEntries(coachless.map((x) => [x.name, x]));
    expect([f.owner.kind, f.coaches.kind, f.coaches.why]).toEqual(['relation', 'fixed', 'a relation to Coach, which you may not list']);
    expect(f.zone.allowed[0].fields[1].allowed[0].fields[1].kind).toBe('fixed');
  });
  it('reads what it edits in one request: relations, media, components as deep as they go, a zone per component', () => {
    expect(populateOf(fields)).toEqual([
      'populate[owner]=true', 'populate[coaches]=true', 'populate[cover]=true', 'populate[gallery]=true',
      'populate[opening]=true', 'populate[all]=true',
      'populate[zone][on][blocks.hero][populate][cta][populate][to]=true', 'populate[zone][on][blocks.hero][populate][photo]=true',
      'populate[zone][on][blocks.hours]=true',
    ]);
  });
});

describe('filled in from another locale', () => {
  it('copies every value, and makes every component item new, however deep', () => {
    const other = { ...stored, owner: { documentId: 'c1', name: 'Acme' }, all: { id: 3, ...stored }, opening: [{ id: 4, day: 'mon', opens: '08:00:00.000' }],
      zone: [{ __component: 'blocks.hero', id: 5, title: 'Hi', cta: { id: 8, url: '/x', to: { documentId: 'k', name: 'Kim' } }, photo: { id: 2 } }] };
    const { data, errors } = fromForm(fields, copiedForm(fields, other));
    const { data: same } = fromForm(fields, toForm(fields, other));
    expect(errors).toEqual({});
    const ids = [];
    JSON.stringify(data, (k, v) => { if (k === 'id') ids.push(v); return v; });
    expect(ids.filter((v) => v !== undefined)).toEqual([]); // media go by id in a list, not as an "id" key
    const strip = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === 'id' ? undefined : x)));
    expect(data).toEqual(strip(same));
    expect([data.all.f_string, data.opening[0].day, data.zone[0].cta.url, data.zone[0].cta.to, data.zone[0].photo, data.owner])
      .toEqual(['Ada', 'mon', '/x', 'k', 2, 'c1']);
  });
});

describe('values in the form', () => {
  it('gives back every scalar kind as it was stored, at the top and in a component', () => {
    const form = toForm(fields, { ...stored, all: { id: 3, ...stored } });
    for (const [kind, , shown] of scalars) expect(form[`f_${kind}`], kind).toEqual(shown);
    const { data, errors } = fromForm(fields, form);
    expect(errors).toEqual({});
    for (const [kind, , , sent] of scalars) {
      expect(data[`f_${kind}`], kind).toEqual(sent);
      expect(data.all[`f_${kind}`], `all.${kind}`).toEqual(sent);
    }
    expect(data.all.id).toBe(3);
    expect('password' in data).toBe(false); // never read, sent only when typed
    expect(fromForm(fields, { ...form, password: 'New-pass-1' }).data.password).toBe('New-pass-1');
  });
  it('sends relations by documentId (a to-many one\'s set, in order), media by id', () => {
    const form = toForm(fields, {
      owner: { documentId: 'c1', name: 'Acme' }, coaches: [{ documentId: 'b', name: 'Bo' }, { documentId: 'a', name: 'Al' }],
      cover: { id: 7, name: 'a.png' }, gallery: [{ id: 3 }, { id: 1 }],
    });
    expect(form.owner).toEqual([{ documentId: 'c1', label: 'Acme' }]);
    const { data } = fromForm(fields, { ...form, coaches: moved(form.coaches, 1, -1) });
    expect([data.owner, data.coaches, data.cover, data.gallery]).toEqual(['c1', { set: ['a', 'b'] }, 7, [3, 1]]);
    const empty = fromForm(fields, toForm(fields, null)).data;
    expect([empty.owner, empty.coaches, empty.cover, empty.gallery, empty.opening, empty.all, empty.zone])
      .toEqual([null, { set: [] }, null, [], [], null, []]);
  });
  it('keeps an item\'s id, names a zone\'s component, and writes nested relations, media and components', () => {
    const form = toForm(fields, { zone: [
      { __component: 'blocks.hero', id: 5, title: 'Hi', cta: { id: 8, url: '/x', to: { documentId: 'k', name: 'Kim' } }, photo: { id: 2 },
        doc: [{ type: 'paragraph', children: [{ type: 'text', text: 'kept' }] }] },
      { __component: 'blocks.hours', id: 6, day: 'tue', opens: '08:00:00.000' },
    ] });
    form.zone = [...form.zone, itemOf(byName.zone, 'blocks.hours', null)];
    form.zone[2].day = 'mon';
    const { data, errors } = fromForm(fields, form);
    expect(errors).toEqual({});
    expect(data.zone).toEqual([
      { id: 5, __component: 'blocks.hero', title: 'Hi', cta: { id: 8, url: '/x', to: 'k' }, photo: 2 },
      { id: 6, __component: 'blocks.hours', day: 'tue', opens: '08:00:00' },
      { __component: 'blocks.hours', day: 'mon', opens: null },
    ]);
  });
  it('sends a blocks field only when it changed, so nothing it does not show is lost', () => {
    const doc = [{ type: 'paragraph', children: [{ type: 'text', text: 'a' }] }];
    const form = toForm(fields, { body: doc });
    expect('body' in fromForm(fields, form).data).toBe(false);
    const edited = { ...form, body: { items: [{ kind: 'heading-2', text: '**Hi**' }], changed: true } };
    expect(fromForm(fields, edited).data.body).toEqual([{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Hi', bold: true }] }]);
    expect(fromForm(fields, { ...form, body: { items: [], changed: true } }).data.body).toBe(null);
    expect(fromForm(fields, { ...form, body: { items: [{ kind: 'image', text: '', image: null }], changed: true } }).errors)
      .toEqual({ body: 'body block 1 is an image without a file' });
  });
  it('holds back a save on an input it cannot read, saying where', () => {
    const form = toForm(fields, { opening: [{ id: 1, day: 'mon', opens: '09:00:00' }] });
    const { errors } = fromForm(fields, { ...form, f_integer: '1.5', all: [{ ...itemOf(byName.all, 'blocks.all', null), f_json: '{bad' }] });
    expect(errors).toEqual({ f_integer: 'f_integer must be a whole number', 'all.f_json': 'f_json must be JSON' });
  });
});

describe('a refusal in the form', () => {
  const form = toForm(fields, { opening: [{ id: 1, day: 'mon' }, { id: 2, day: 'tue' }], zone: [{ __component: 'blocks.hero', id: 5, cta: { id: 1 } }] });
  const paths = pathsOf(fields, form);
  it('knows every place it shows a message', () => {
    expect(paths).toContain('opening.1.day');
    expect(paths).toContain('zone.0.cta.url');
    expect(paths).not.toContain('opening.2.day');
  });
  it('puts each message at the deepest place shown of the path it names, the rest above the form', () => {
    const err = new ApiError(400, 'ValidationError', '4 errors occurred', { errors: [
      { path: ['opening', '1', 'day'], message: 'opening[1].day must be one of mon, tue' },
      { path: ['zone', '0', 'cta', 'nope'], message: 'Invalid key nope' },
      { path: ['f_string'], message: 'This attribute must be unique' },
      { path: [], message: 'something else' },
    ] });
    expect(formErrors(err, paths)).toEqual({
      byField: { 'opening.1.day': 'opening[1].day must be one of mon, tue', 'zone.0.cta': 'Invalid key nope', f_string: 'This attribute must be unique' },
      other: ['something else'],
    });
    expect(formErrors(new ApiError(409, 'ConflictError', 'name must be unique'), paths)).toEqual({ byField: {}, other: ['name must be unique'] });
  });
});

describe('inputs', () => {
  const f = Object.fromEntries(fields.map((x) => [x.name, x]));
  it('say what they cannot read', () => {
    expect(fromInput(f.f_integer, '1.5')).toEqual({ error: 'f_integer must be a whole number' });
    expect(fromInput(f.f_biginteger, '12a')).toEqual({ error: 'f_biginteger must be a whole number' });
    expect(fromInput(f.f_decimal, 'x')).toEqual({ error: 'f_decimal must be a number' });
    expect(fromInput(f.f_json, '{bad')).toEqual({ error: 'f_json must be JSON' });
    expect(fromInput(f.f_string, '')).toEqual({ value: null });
    expect(fromInput(f.f_boolean, false)).toEqual({ value: false });
    expect(toInput(f.f_boolean, null)).toBe(false);
  });
  it('settings pages put a refusal at the field its path starts with', () => {
    const err = new ApiError(400, 'ValidationError', '2 errors occurred', { errors: [
      { path: ['name'], message: 'name must be unique' }, { path: [], message: 'something else' }] });
    expect(fieldErrors(err)).toEqual({ byField: { name: 'name must be unique' }, other: ['something else'] });
  });
  it('media fields take the kinds of file they allow', () => {
    expect([takes(f.cover, 'image/png'), takes(f.cover, 'video/mp4'), takes(f.gallery, 'text/plain')]).toEqual([true, false, true]);
    expect(takes({ allowedTypes: ['files'] }, 'application/pdf')).toBe(true);
    expect(takes({ allowedTypes: ['files'] }, 'image/png')).toBe(false);
  });
  it('names an entry by its first text field', () => {
    expect(labelOf(coach, { documentId: 'x', name: 'Ada' })).toBe('Ada');
    expect(labelOf(type('n', 'N', { n: { type: 'integer' } }), { documentId: 'x' })).toBe('x');
  });
  it('moves an item up or down, not past the ends', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('a uid left empty', () => {
  it('shows the slug the server derives from its target field', () => {
    expect(fields.find((f) => f.name === 'f_uid').targetField).toBe('');
    expect(fieldsOf({ title: { type: 'string' }, slug: { type: 'uid', targetField: 'title' } }, ctx)[1].targetField).toBe('title');
    for (const [text, slug] of [['Hello, World 7!', 'hello-world-7'], ['Crème Brûlée à la carte', 'creme-brulee-a-la-carte'],
      ['  --Already-slugged--  ', 'already-slugged'], ['!!!', ''], ['', ''], [null, ''], ['x'.repeat(250), 'x'.repeat(200)]]) {
      expect(slugOf(text), String(text)).toBe(slug);
    }
  });
});
