import { describe, expect, it } from 'vitest';
import {
  actionsOf, gridColumns, headersText, hookBody, hookChanges, hookForm, hookTypes, parseHeaders, permissionsOf, refusedAt, rowState, tickRow, tokenGrid, typedActions,
} from './access.js';
import { coreEvents } from './api.js';

// typeOf is a type as GET /api/content-type-builder/content-types answers
// it, with only what the grid reads.
function typeOf(apiID, kind, draftAndPublish, extra = {}) {
  return { uid: `api::${apiID}.${apiID}`, apiID, ...extra, schema: { kind, draftAndPublish, displayName: apiID.toUpperCase(), visible: true } };
}

// Every shape a type can have: each kind, with and without draft & publish.
const shapes = ['collectionType', 'singleType'].flatMap((kind) => [false, true].map((dp) => ({ kind, dp })));
const schemaOfShapes = shapes.map(({ kind, dp }, i) => typeOf(`t${i}${kind[0]}${dp ? 'd' : ''}`, kind, dp));

describe('actionsOf: every shape of type', () => {
  for (const { kind, dp } of shapes) {
    const t = typeOf('thing', kind, dp);
    const acts = actionsOf(t);
    it(`${kind}${dp ? ' with draft & publish' : ''}`, () => {
      const ops = acts.map((a) => a.split('.')[1]);
      // The route table's actions of the kind (internal/rest routes.go, single.go).
      const routes = kind === 'collectionType' ? ['find', 'findOne', 'create', 'update', 'delete'] : ['find', 'update', 'delete'];
      expect(ops).toEqual([...routes, ...(dp ? ['readDrafts'] : [])]);
      expect(acts.every((a) => a.startsWith('thing.'))).toBe(true);
      // Each one has its column, in the columns' order.
      const idx = ops.map((o) => gridColumns.indexOf(o));
      expect(idx.every((n) => n >= 0)).toBe(true);
      expect([...idx].sort((a, b) => a - b)).toEqual(idx);
    });
  }
  it('a kind with no routes has no actions', () => {
    expect(actionsOf(typeOf('odd', 'component', false))).toEqual([]);
  });
});

describe('tokenGrid', () => {
  it('has a row per type with routes, by display name, and leaves the plugins\' types out', () => {
    const user = typeOf('user', 'collectionType', false, { plugin: 'users-permissions' });
    const file = typeOf('file', 'collectionType', false, { plugin: 'upload' });
    const grid = tokenGrid([...schemaOfShapes].reverse().concat(user, file));
    expect(grid.map((r) => r.apiID)).toEqual(schemaOfShapes.map((t) => t.apiID).sort());
    for (const row of grid) {
      expect(row.actions).toEqual(actionsOf(schemaOfShapes.find((t) => t.apiID === row.apiID)));
      expect(row.label).toBe(row.apiID.toUpperCase());
    }
  });
  it('is empty for a schema of only plugin types', () => {
    expect(tokenGrid([typeOf('user', 'collectionType', false, { plugin: 'users-permissions' })])).toEqual([]);
  });
});

describe('ticking the grid', () => {
  const grid = tokenGrid(schemaOfShapes);
  it('select all ticks a row\'s every action and no other row\'s; again off unticks them', () => {
    for (const row of grid) {
      const on = tickRow(new Set(), row, true);
      expect([...on]).toEqual(row.actions);
      for (const other of grid) expect(rowState(on, other)).toBe(other === row ? 'all' : 'none');
      expect(permissionsOf(grid, on, '')).toEqual(row.actions);
      expect(tickRow(on, row, false).size).toBe(0);
    }
  });
  it('says some when a row is partly ticked', () => {
    for (const row of grid) {
      expect(rowState(new Set([row.actions[0]]), row)).toBe('some');
      expect(rowState(new Set(row.actions.slice(1)), row)).toBe('some');
    }
  });
  it('keeps the other boxes when one row is ticked off', () => {
    const all = grid.reduce((s, row) => tickRow(s, row, true), new Set());
    const off = tickRow(all, grid[0], false);
    expect(off.size).toBe(all.size - grid[0].actions.length);
    expect(all.size).toBe(grid.reduce((n, row) => n + row.actions.length, 0));
  });
  it('does not change the set it is given', () => {
    const before = new Set([grid[0].actions[0]]);
    tickRow(before, grid[0], true);
    expect([...before]).toEqual([grid[0].actions[0]]);
  });
});

describe('permissionsOf', () => {
  const grid = tokenGrid(schemaOfShapes);
  it('lists the ticked boxes in the grid\'s order, whatever order they were ticked in', () => {
    const wanted = grid.flatMap((row) => row.actions.filter((_, i) => i % 2 === 0));
    expect(permissionsOf(grid, new Set([...wanted].reverse()), '')).toEqual(wanted);
  });
  it('adds the typed actions after, trimmed, without blanks or repeats', () => {
    const first = grid[0].actions[0];
    expect(permissionsOf(grid, new Set([first]), ` analytics.dashboard, ,${first},users.find,analytics.dashboard `))
      .toEqual([first, 'analytics.dashboard', 'users.find']);
  });
  it('ignores a ticked action of a type the grid has not (a type since removed)', () => {
    expect(permissionsOf(grid, new Set(['gone.find']), '')).toEqual([]);
  });
  it('is empty when nothing is ticked or typed', () => {
    expect(permissionsOf(grid, new Set(), ' , ')).toEqual([]);
    expect(typedActions('')).toEqual([]);
  });
});

describe('refusedAt', () => {
  // The server's words (internal/auth apitoken.go CheckCustom).
  const unknown = (a) => `"${a}" is no action a token may take (the actions are those \`kiln routes\` lists)`;
  it('puts an unknown typed action\'s refusal at the typed text', () => {
    expect(refusedAt(unknown('analytics.nope'), 'analytics.dashboard, analytics.nope')).toBe('typed');
  });
  it('puts the others at the grid', () => {
    expect(refusedAt('a custom token needs at least one action', '')).toBe('grid');
    expect(refusedAt(unknown('program.find'), 'analytics.dashboard')).toBe('grid');
    // A typed name inside another's is not taken for it.
    expect(refusedAt(unknown('analytics.dashboards'), 'analytics.dashboard')).toBe('grid');
  });
});

// hooks are webhooks as GET /api/admin/webhooks lists them, each of a
// different mix of events.
const hooks = [
  { id: 1, name: 'crm', url: 'https://crm.example.com/kiln', events: ['entry.create', 'learner.assigned'], types: ['learner'], enabled: true,
    headers: { 'X-Team': 'growth', Authorization: 'Bearer a:b' } },
  { id: 2, name: 'all', url: 'https://all.example.com/', events: ['*'], types: [], enabled: false },
  { id: 3, name: 'core', url: 'https://core.example.com/', events: [...coreEvents], types: [], enabled: true },
  { id: 4, name: 'plugins', url: 'https://p.example.com/', events: ['event.scheduled', 'event.cancelled'], types: [], enabled: true },
];

describe('hookForm and hookChanges', () => {
  for (const hook of hooks) {
    it(`${hook.name}: the form holds every event, and unchanged sends nothing`, () => {
      const form = hookForm(hook);
      expect([form.name, form.url, form.enabled]).toEqual([hook.name, hook.url, hook.enabled]);
      expect(form.ticked.every((e) => coreEvents.includes(e))).toBe(true);
      expect([...form.ticked, ...typedActions(form.typed)].sort()).toEqual([...hook.events].sort());
      expect(hookChanges(hook, form)).toEqual({ data: {}, errors: {} });
    });
    it(`${hook.name}: each change alone is sent alone`, () => {
      const form = hookForm(hook);
      expect(hookChanges(hook, { ...form, name: `${hook.name} v2` }).data).toEqual({ name: `${hook.name} v2` });
      expect(hookChanges(hook, { ...form, url: 'https://new.example.com/x' }).data).toEqual({ url: 'https://new.example.com/x' });
      expect(hookChanges(hook, { ...form, enabled: !form.enabled }).data).toEqual({ enabled: !form.enabled });
      const events = hookChanges(hook, { ...form, typed: form.typed ? `${form.typed}, coach.added` : 'coach.added' }).data;
      expect(Object.keys(events)).toEqual(['events']);
      expect(events.events.sort()).toEqual([...hook.events, 'coach.added'].sort());
    });
    it(`${hook.name}: the same events ticked in another order are no change; blanks are refused here`, () => {
      const form = hookForm(hook);
      expect(hookChanges(hook, { ...form, ticked: [...form.ticked].reverse(), name: ` ${hook.name} ` }).data).toEqual({});
      const { data, errors } = hookChanges(hook, { ...form, name: ' ', url: '', ticked: [], typed: ' , ' });
      expect(data).toEqual({});
      expect(Object.keys(errors).sort()).toEqual(['events', 'name', 'url']);
    });
  }
  for (const hook of hooks) {
    it(`${hook.name}: types and headers changed are sent, the same ones in another order not`, () => {
      const form = hookForm(hook);
      expect(hookChanges(hook, { ...form, types: [...form.types, 'program'] }).data).toEqual({ types: [...(hook.types || []), 'program'] });
      expect(hookChanges(hook, { ...form, types: [...form.types].reverse() }).data).toEqual({});
      expect(hookChanges(hook, { ...form, headers: `${form.headers}\nX-New: 1` }).data)
        .toEqual({ headers: { ...(hook.headers || {}), 'X-New': '1' } });
      expect(hookChanges(hook, { ...form, headers: form.headers.split('\n').reverse().join('\n') }).data).toEqual({});
      expect(hookChanges(hook, { ...form, headers: 'no colon here' }).errors).toEqual({ headers: 'header line 1 is not "Name: value"' });
    });
  }
  it('never sends the secret, which the form does not show', () => {
    const form = { name: 'other', url: 'https://o.example.com/', ticked: ['entry.delete'], typed: '', enabled: false, types: ['x'], headers: 'A: b' };
    for (const hook of hooks) {
      expect(Object.keys(hookChanges(hook, form).data).every((k) => ['name', 'url', 'events', 'enabled', 'types', 'headers'].includes(k))).toBe(true);
    }
  });
  it('reads headers as "Name: value" lines, a value keeping its own colons', () => {
    expect(parseHeaders('X-Team: growth\n\n  Authorization: Bearer a:b  ')).toEqual({ headers: { 'X-Team': 'growth', Authorization: 'Bearer a:b' } });
    expect(parseHeaders('Bad Name: x')).toEqual({ error: 'header line 1 is not "Name: value"' });
    expect(parseHeaders(': x').error).toBe('header line 1 is not "Name: value"');
    expect(headersText({ b: '2', a: '1' })).toBe('a: 1\nb: 2');
    expect(headersText(undefined)).toBe('');
  });
  it('makes a webhook with types and headers only when given', () => {
    const base = { name: ' crm ', url: 'https://crm.example.com/', ticked: ['entry.create'], typed: '', enabled: true, types: [], headers: '' };
    expect(hookBody(base)).toEqual({ data: { name: 'crm', url: 'https://crm.example.com/', events: ['entry.create'], enabled: true }, errors: {} });
    expect(hookBody({ ...base, types: ['program'], headers: 'X-Team: a' }).data).toMatchObject({ types: ['program'], headers: { 'X-Team': 'a' } });
    expect(hookBody({ ...base, headers: 'nope' }).errors).toEqual({ headers: 'header line 1 is not "Name: value"' });
  });
  it('offers the visible content types by display name', () => {
    const t = (apiID, displayName, visible = true) => ({ apiID, schema: { displayName, visible } });
    expect(hookTypes([t('program', 'Program'), t('coach', 'Coach'), t('secret', 'Secret', false)]))
      .toEqual([{ name: 'coach', label: 'Coach' }, { name: 'program', label: 'Program' }]);
  });
  it('takes a webhook without enabled for an enabled one', () => {
    const { enabled, ...old } = hooks[0];
    expect(hookForm(old).enabled).toBe(true);
    expect(hookChanges(old, hookForm(old)).data).toEqual({});
  });
});
