// Writes scenario.json: a few entries that have, or lack, a component, a
// nested component, a repeatable component, a to-one and a to-many
// relation and relations two deep; then every filter operator on every
// such path, at the top, inside $or, $and and $not, and inside the path's
// own $or and $not; then sorts by components' and relations' fields.
//
//   node gen-scenario.js      (then record.js, see README.md)
//
// The steps are in the components recorder's form (../components/record.js).
'use strict';
const fs = require('fs');
const path = require('path');

const steps = [];
const post = (type, as, data) => steps.push({ as, method: 'POST', path: `/api/${type}`, data });

post('teams', 'T1', { name: 'Red' });
post('teams', 'T2', { name: 'Blue' });
post('people', 'P1', { name: 'Ann', team: '{T1}' });
post('people', 'P2', { name: 'Bob' });
post('people', 'P3', { name: null, team: '{T2}' });
// One has everything; Two has its component and relations with null
// fields (and a person without a team); Three has nothing at all; Four
// has a component without the nested one, two tags and other people.
post('items', 'I1', {
  title: 'One', seo: { metaTitle: 'Alpha', rank: 1, link: { url: 'x' } },
  tags: [{ label: 'a', weight: 1 }], owner: '{P1}', people: ['{P1}', '{P2}'],
});
post('items', 'I2', {
  title: 'Two', seo: { metaTitle: null, rank: null }, tags: [{ label: null, weight: null }],
  owner: '{P2}', people: ['{P2}'],
});
post('items', 'I3', { title: 'Three' });
post('items', 'I4', {
  title: 'Four', seo: { metaTitle: 'Beta', rank: 2 },
  tags: [{ label: 'a', weight: 1 }, { label: 'b', weight: 2 }], owner: '{P3}', people: ['{P1}', '{P3}'],
});

// A path to a field, the kind of that path, and a value some entry has.
const paths = [
  { path: ['seo', 'metaTitle'], kind: 'component', value: 'Alpha' },
  { path: ['seo', 'rank'], kind: 'component', value: 1, number: true },
  { path: ['seo', 'link', 'url'], kind: 'nested component', value: 'x' },
  { path: ['tags', 'label'], kind: 'repeatable component', value: 'a' },
  { path: ['owner', 'name'], kind: 'to-one', value: 'Ann' },
  { path: ['people', 'name'], kind: 'to-many', value: 'Ann' },
  { path: ['owner', 'team', 'name'], kind: 'to-one two deep', value: 'Red' },
  { path: ['people', 'team', 'name'], kind: 'to-many two deep', value: 'Red' },
];

// Each operator and its operand, from the path's value.
function operators(v, number) {
  const ops = [
    ['$eq', v], ['$ne', v], ['$null', true], ['$null', false], ['$notNull', true], ['$notNull', false],
    ['$in', [v, number ? 99 : 'zz']], ['$notIn', [v]], ['$lt', v], ['$lte', v], ['$gt', v], ['$gte', v],
    ['$between', [v, v]], ['$not', { $eq: v }], ['$not', { $null: true }],
  ];
  if (!number) {
    const s = String(v);
    ops.push(['$eqi', s.toUpperCase()], ['$nei', s.toUpperCase()], ['$contains', s], ['$notContains', s],
      ['$containsi', s.toUpperCase()], ['$notContainsi', s.toUpperCase()], ['$startsWith', s], ['$endsWith', s]);
  }
  return ops;
}

// qs writes a value under a bracketed key as qs.stringify does.
function qs(key, v) {
  if (Array.isArray(v)) return v.map((x, i) => qs(`${key}[${i}]`, x)).join('&');
  if (v !== null && typeof v === 'object') return Object.entries(v).map(([k, x]) => qs(`${key}[${k}]`, x)).join('&');
  return `${key}=${encodeURIComponent(String(v))}`;
}

const brackets = (segs) => segs.map((s) => `[${s}]`).join('');
const nomatch = 'filters[$or][1][title][$eq]=none';

// Where the condition is put: the filter's own path is p, its field f;
// none is a value of the field's kind that no entry has.
const wraps = {
  top: (p, f, op, v) => qs(`filters${brackets([...p, f, op])}`, v),
  or: (p, f, op, v) => qs(`filters[$or][0]${brackets([...p, f, op])}`, v) + '&' + nomatch,
  and: (p, f, op, v) => qs(`filters[$and][0]${brackets([...p, f, op])}`, v),
  not: (p, f, op, v) => qs(`filters[$not]${brackets([...p, f, op])}`, v),
  'inner-or': (p, f, op, v, none) => qs(`filters${brackets([...p, '$or', '0', f, op])}`, v) + '&' +
    qs(`filters${brackets([...p, '$or', '1', f, '$eq'])}`, none),
  'inner-not': (p, f, op, v) => qs(`filters${brackets([...p, '$not', f, op])}`, v),
};

const list = '/api/items?fields[0]=title&sort[0]=title:asc&';
for (const c of paths) {
  const p = c.path.slice(0, -1);
  const f = c.path[c.path.length - 1];
  for (const [op, v] of operators(c.value, c.number)) {
    for (const [w, make] of Object.entries(wraps)) {
      // Strapi answers 500 to any $not inside a path: a few show it.
      if (w === 'inner-not' && !(op === '$eq' || (op === '$null' && v === true))) continue;
      steps.push({ see: `F ${w} ${c.path.join('.')} ${op} ${JSON.stringify(v)} (${c.kind})`, method: 'GET', path: list + make(p, f, op, v, c.number ? 99 : 'none') });
    }
  }
}

// $null and $notNull on a component or relation itself.
for (const [p, kind] of [[['seo'], 'component'], [['seo', 'link'], 'nested component'], [['tags'], 'repeatable component'],
  [['owner'], 'to-one'], [['people'], 'to-many'], [['owner', 'team'], 'to-one two deep']]) {
  for (const [op, v] of [['$null', true], ['$null', false], ['$notNull', true], ['$notNull', false]]) {
    for (const w of ['top', 'or', 'not']) {
      steps.push({ see: `N ${w} ${p.join('.')} ${op} ${v} (${kind})`, method: 'GET', path: list + wraps[w](p.slice(0, -1), p[p.length - 1], op, v) });
    }
  }
}

// Sorting by a component's or a relation's field, with title breaking ties.
const sorted = '/api/items?fields[0]=title&';
for (const [label, q] of [
  ['sort=seo.metaTitle', 'sort[0]=seo.metaTitle&sort[1]=title'],
  ['sort=seo.metaTitle:desc', 'sort[0]=seo.metaTitle:desc&sort[1]=title'],
  ['sort[0][seo][metaTitle]=asc', 'sort[0][seo][metaTitle]=asc&sort[1][title]=asc'],
  ['sort[0][seo][rank]=desc', 'sort[0][seo][rank]=desc&sort[1][title]=asc'],
  ['sort=seo.link.url', 'sort[0]=seo.link.url&sort[1]=title'],
  ['sort=tags.label', 'sort[0]=tags.label&sort[1]=title'],
  ['sort[0][tags][label]=desc', 'sort[0][tags][label]=desc&sort[1][title]=asc'],
  ['sort=owner.name', 'sort[0]=owner.name&sort[1]=title'],
  ['sort=people.name:desc', 'sort[0]=people.name:desc&sort[1]=title'],
  ['sort=owner.team.name', 'sort[0]=owner.team.name&sort[1]=title'],
  ['sort=seo (the component itself)', 'sort=seo'],
  ['sort=seo.nope', 'sort=seo.nope'],
]) {
  steps.push({ see: `S ${label}`, method: 'GET', path: sorted + q });
}

// _q, Strapi's search, after giving the items a number, a label, a text
// Strapi's schema marks searchable: false and a private string; then
// top-level keys Strapi 5.54 ignores without api.rest.strictParams. Strapi
// searches the documentId too, which is random: every term holds a
// character no documentId ([a-z0-9]) does, so that none matches by chance
// (a number's search, internal/rest TestSearchAsComputed, is checked against
// the documentIds each run made).
const put = (name, data) => steps.push({ see: `Q put ${name}`, method: 'PUT', path: `/api/items/{${name}}`, data });
put('I1', { code: 120, label: 'Blue-Sky one', note: 'quiet-words', secret: 'Zed-Secret' });
put('I2', { code: 7, label: 'blue-sea' });
put('I3', { note: 'Blue-Note' });
put('I4', { code: 12, secret: 'Blue-Secret' });
for (const q of ['_q=blue-', '_q=BLUE-S', '_q=-', '_q=quiet-', '_q=zed-', '_q=%25', '_q=_', '_q=',
  '_q=blue-&filters[title][$ne]=Two', '_q=-&filters[$or][0][title][$eq]=One&filters[$or][1][title][$eq]=Three',
  '_q[0]=a', '_q=a&_q=b']) {
  steps.push({ see: `Q ${q}`, method: 'GET', path: list + q });
}
for (const q of ['foo=1', 'publicationState=preview', 'populateDynamicZone=all', 'status=draft&status=draft', 'status=nope',
  'count=false', 'ordering=desc', 'hasPublishedVersion=true', 'publicationFilter=modified', 'limit=1', 'start=1', 'page=2', 'pageSize=1']) {
  steps.push({ see: `K ${q}`, method: 'GET', path: list + q });
}

fs.writeFileSync(path.join(__dirname, 'scenario.json'), JSON.stringify(steps, null, 1) + '\n');
console.error(`${steps.length} steps`);
