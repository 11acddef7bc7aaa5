// Loads the data that testdata/transfer/strapi5's archives hold into a
// Strapi 5.54 with testdata/graphql/src's types, the locales en, fr and de,
// and this folder's strapi/index.js bootstrap (record.sh sets all of that
// up). REST only, with a full-access API token; Node 20, no packages.
//
//   BASE=http://127.0.0.1:1342 TOKEN=<token> FILES=testdata/graphql/files node load.js
//   BASE=... TOKEN=... node load.js --dump    # every entry as REST answers it, with the requests, as JSON
//
// The load runs once per empty database. What it makes (README.md lists it
// with what each item is for): 3 uploads, 3 users in 3 roles, the twelve
// platform types with relations of every kind, articles in every
// draft & publish state, pages with components three deep and a zone of
// five components, albums with media in fields, components and zones, the
// single type site, and stories in en, fr and de.
'use strict';
const fs = require('fs');
const path = require('path');

const BASE = process.env.BASE;
const TOKEN = process.env.TOKEN;
if (!BASE || !TOKEN) throw new Error('BASE and TOKEN are needed');
const FILES = process.env.FILES || path.join(__dirname, '..', 'graphql', 'files');
const MIME = { '.jpg': 'image/jpeg', '.png': 'image/png', '.txt': 'text/plain' };

// qs-style query string: {populate: {seo: {populate: '*'}}} -> populate[seo][populate]=*
function qs(obj, prefix) {
  const parts = [];
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}[${k}]` : k;
    if (v && typeof v === 'object') parts.push(qs(v, key));
    else parts.push(`${encodeURIComponent(key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(v)}`);
  }
  return parts.filter(Boolean).join('&');
}

async function call(method, url, body, query) {
  const full = BASE + url + (query ? '?' + qs(query) : '');
  const headers = { Authorization: 'Bearer ' + TOKEN };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
  const r = await fetch(full, { method, headers, body: payload });
  const text = await r.text();
  const json = text ? JSON.parse(text) : null;
  if (r.status >= 300) throw new Error(`${method} ${full}: ${r.status} ${text}`);
  return json;
}
const create = async (plural, data, query) => (await call('POST', `/api/${plural}`, { data }, query)).data;
const update = async (plural, doc, data, query) => (await call('PUT', `/api/${plural}/${doc}`, { data }, query)).data;

async function upload(file, info) {
  const form = new FormData();
  const buf = fs.readFileSync(path.join(FILES, file));
  form.append('files', new Blob([buf], { type: MIME[path.extname(file)] }), file);
  form.append('fileInfo', JSON.stringify(info));
  return (await call('POST', '/api/upload', form))[0];
}

async function load() {
  // -- media: a 1200x800 JPEG (Strapi makes thumbnail, small, medium and
  // large formats of it), a 100x80 PNG (too small for any format), a text file
  const photo = await upload('photo.jpg', { name: 'photo.jpg', alternativeText: 'A photo', caption: 'The photo' });
  const small = await upload('small.png', { name: 'small.png', alternativeText: 'A small image' });
  const notes = await upload('notes.txt', { name: 'notes.txt' });

  // -- users and roles (the role editor is made by the bootstrap)
  const { roles } = await call('GET', '/api/users-permissions/roles');
  const role = Object.fromEntries(roles.map((r) => [r.type, r.id]));
  const mkUser = (username, r, extra = {}) => call('POST', '/api/users', {
    username, email: `${username}@example.com`, password: 'Passw0rd!', role: role[r], confirmed: true, ...extra,
  });
  const alice = await mkUser('alice', 'editor');
  const bob = await mkUser('bob', 'authenticated');
  const carol = await mkUser('carol', 'authenticated', { blocked: true, confirmed: false });

  // -- the platform: two-way relations (manyToOne/oneToMany), a self
  // relation (category parent/children), one-way oneToOne to users,
  // manyToMany in a given order (program.coaches, event.learners), a
  // relation to a draft & publish type (program.blueprint)
  const acme = await create('customers', { name: 'Acme', industry: 'Manufacturing', contactEmail: 'hr@acme.example', active: true });
  const globex = await create('customers', { name: 'Globex', industry: 'Energy', active: false });
  const leadership = await create('categories', { name: 'Leadership', description: 'Leading people' });
  const coaching = await create('categories', { name: 'Coaching', parent: leadership.documentId });
  const bpPublished = await create('blueprints', {
    title: 'Lead a team', description: '# Lead\n\nA **markdown** text.', level: 'beginner', durationWeeks: 6,
    outline: { weeks: [{ n: 1, topic: 'Listening' }, { n: 2, topic: 'Feedback' }] }, category: leadership.documentId,
  });
  const bpDraft = await create('blueprints', { title: 'Coach a coach', level: 'advanced', category: coaching.documentId }, { status: 'draft' });
  const bpModified = await create('blueprints', { title: 'Give feedback', level: 'intermediate', durationWeeks: 2 });
  await update('blueprints', bpModified.documentId, { title: 'Give feedback (2nd edition)', durationWeeks: 3 }, { status: 'draft' });

  const c1 = await create('coaches', {
    name: 'Clara Coach', email: 'clara@example.com', bio: 'Ten years of coaching.', expertise: ['leadership', 'feedback'],
    languages: ['en', 'fr'], timezone: 'Europe/Paris', maxLearners: 5, rating: 4.5, user: alice.documentId,
  });
  const c2 = await create('coaches', { name: 'Chris Coach', email: 'chris@example.com', rating: 3.25, active: false });
  const p1 = await create('programs', {
    title: 'Leadership 2025', description: 'For new managers.', status: 'published', startDate: '2025-01-06', endDate: '2025-03-28',
    capacity: 12, customer: acme.documentId, blueprint: bpPublished.documentId, coaches: [c2.documentId, c1.documentId],
  });
  const p2 = await create('programs', { title: 'Feedback basics', customer: acme.documentId, blueprint: bpModified.documentId, coaches: [c1.documentId] });
  await create('programs', { title: 'Energy leaders', status: 'archived', customer: globex.documentId });
  const m1 = await create('modules', { title: 'Listening', order: 1, program: p1.documentId });
  const m2 = await create('modules', { title: 'Feedback', order: 2, program: p1.documentId, description: 'Giving and taking it.' });
  await create('modules', { title: 'Basics', order: 1, program: p2.documentId });
  const s1 = await create('sessions', { title: 'Kick-off', kind: 'workshop', durationMinutes: 90, order: 1, content: 'Hello', module: m1.documentId, program: p1.documentId });
  await create('sessions', { title: 'One to one', kind: 'coaching', durationMinutes: 45, order: 2, module: m2.documentId, program: p1.documentId });
  await create('availabilities', { weekday: 1, startTime: '09:00:00.000', endTime: '12:30:00.000', coach: c1.documentId });
  const l1 = await create('learners', { name: 'Lena', email: 'lena@example.com', goals: { target: 'team lead' }, languages: ['de'], customer: acme.documentId, coach: c1.documentId, user: bob.documentId });
  const l2 = await create('learners', { name: 'Luc', email: 'luc@example.com', customer: acme.documentId, coach: c1.documentId });
  const l3 = await create('learners', { name: 'Lars', email: 'lars@example.com', customer: globex.documentId, coach: c2.documentId, user: carol.documentId });
  await create('enrollments', { status: 'active', progress: 42.5, enrolledAt: '2025-01-06T09:00:00.000Z', learner: l1.documentId, program: p1.documentId });
  await create('enrollments', { status: 'completed', progress: 100, enrolledAt: '2025-01-06T09:00:00.000Z', completedAt: '2025-03-28T17:00:00.000Z', learner: l2.documentId, program: p1.documentId });
  const ev = await create('events', {
    title: 'Kick-off workshop', startAt: '2025-01-06T09:00:00.000Z', endAt: '2025-01-06T10:30:00.000Z', timezone: 'Europe/Berlin',
    meetingUrl: 'https://meet.example.com/kickoff', kind: 'workshop', coach: c1.documentId, program: p1.documentId, session: s1.documentId,
    learners: [l3.documentId, l1.documentId, l2.documentId],
  });
  await create('attendances', { status: 'attended', respondedAt: '2025-01-05T12:00:00.000Z', event: ev.documentId, learner: l1.documentId });
  await create('attendances', { status: 'declined', event: ev.documentId, learner: l3.documentId });

  // -- editorial: articles (draft & publish, required seo with social with
  // link) in the three states: published and unchanged, draft only,
  // published and then modified as a draft
  const seo = (title, handles) => ({
    metaTitle: title, meta_description: `About ${title}`, internal_note: 'private note',
    social: handles.map(([network, handle]) => ({ network, handle, link: { url: `https://${network}.example.com/${handle}`, label: handle } })),
  });
  const a1 = await create('articles', {
    title: 'Published article', seo: seo('Published', [['x', 'kiln']]),
    body: [{ __component: 'blocks.quote', body: 'To be or not to be.', author: 'Hamlet' }],
  });
  const a2 = await create('articles', { title: 'Draft article', seo: seo('Draft', []) }, { status: 'draft' });
  const a3 = await create('articles', {
    title: 'Modified article', seo: seo('Modified', [['github', 'kiln'], ['linkedin', 'kiln']]),
    body: [{ __component: 'blocks.hero', title: 'Hero of a3', cta: { url: 'https://example.com/a3' } }],
  });
  await update('articles', a3.documentId, {
    title: 'Modified article (draft)', seo: seo('Modified draft', [['github', 'kiln']]),
    body: [{ __component: 'blocks.hero', title: 'Hero of a3, changed', cta: { url: 'https://example.com/a3', label: 'Go' } },
      { __component: 'blocks.quote', body: 'A new quote.', sources: [a1.documentId] }],
  }, { status: 'draft' });

  // -- pages: components three deep (seo > social > link), a repeatable
  // component, a zone of five components (a quote with a oneToMany one-way
  // relation, a hero with a component and a manyToOne one-way relation,
  // rich text with markdown and blocks, every scalar kind, a faq whose items
  // are a repeatable component), a one-way oneToMany to articles in order
  await create('pages', {
    title: 'Home',
    seo: seo('Home', [['x', 'home_x'], ['github', 'home_gh']]),
    body: [
      { __component: 'blocks.quote', body: 'Quality is not an act.', author: 'Aristotle', sources: [a3.documentId, a1.documentId] },
      { __component: 'blocks.hero', title: 'Welcome', cta: { url: 'https://example.com/start', label: 'Start' }, article: a1.documentId },
      { __component: 'blocks.rich', body: '## Rich\n\nSome *markdown*.', doc: [{ type: 'paragraph', children: [{ type: 'text', text: 'A ' }, { type: 'text', text: 'blocks', bold: true }, { type: 'text', text: ' paragraph.' }] }] },
      { __component: 'blocks.stats', count: 7, big: '9007199254740993', ratio: 12.5, share: 0.25, flag: true, day: '2025-02-03', at: '2025-02-03T10:20:30.000Z', clock: '10:20:30.000', extra: { a: [1, 2], b: null }, mail: 'stats@example.com', slug: 'home-stats' },
      { __component: 'blocks.faq', items: [{ question: 'Why?', answer: 'Because.' }, { question: 'How?', answer: 'Like this.' }] },
      { __component: 'blocks.quote', body: 'A second quote, no sources.' },
    ],
    opening_hours: [{ day: 'monday', opens: '09:00:00.000', closes: '17:00:00.000' }, { day: 'saturday', opens: '10:00:00.000', closes: '13:00:00.000' }],
    related: [a3.documentId, a1.documentId],
  });
  await create('pages', { title: 'About', body: [{ __component: 'blocks.hero', title: 'About us' }], related: [a2.documentId] });

  // -- the single type
  await call('PUT', '/api/site', { data: { name: 'Kiln demo', seo: seo('Kiln demo site', [['linkedin', 'kiln_demo']]) } });

  // -- albums: single and multiple media in fields (the gallery in a
  // given order), media in a component (shared.meta.image) and in a zone
  // (blocks.picture.photo, twice the same file)
  await create('albums', {
    title: 'Holidays', cover: photo.id, gallery: [small.id, photo.id], attachment: notes.id, anything: small.id,
    seo: { label: 'Holidays meta', image: small.id },
    body: [
      { __component: 'blocks.picture', photo: photo.id, caption: 'The photo in a zone' },
      { __component: 'blocks.note', text: 'Between two pictures' },
      { __component: 'blocks.picture', photo: photo.id, caption: 'The same photo again' },
    ],
  });
  await create('albums', { title: 'Empty album' });

  // -- writers and stories: localized (en, fr, de), draft & publish;
  // title, code and gallery localized, rating and cover shared; the
  // manyToOne writer (two-way with writer.stories) is localized with its
  // type. Story 1: en, fr and de published, de modified as a draft;
  // story 2: an en draft only; story 3: en published, fr draft only.
  const w1 = await create('writers', { name: 'Wanda' });
  const w2 = await create('writers', { name: 'Walter' });
  const st1 = await create('stories', { title: 'The lighthouse', code: 'lighthouse-en', rating: 4, cover: photo.id, gallery: [photo.id, small.id], writer: w1.documentId }, { locale: 'en' });
  await update('stories', st1.documentId, { title: 'Le phare', code: 'lighthouse-fr', gallery: [small.id], writer: w1.documentId }, { locale: 'fr' });
  await update('stories', st1.documentId, { title: 'Der Leuchtturm', code: 'lighthouse-de', writer: w1.documentId }, { locale: 'de' });
  await update('stories', st1.documentId, { title: 'Der Leuchtturm (Entwurf)' }, { locale: 'de', status: 'draft' });
  await create('stories', { title: 'Unfinished', code: 'unfinished-en', rating: 2, writer: w2.documentId }, { locale: 'en', status: 'draft' });
  const st3 = await create('stories', { title: 'The river', code: 'river-en', rating: 5, writer: w2.documentId }, { locale: 'en' });
  await update('stories', st3.documentId, { title: 'La rivière', code: 'river-fr' }, { locale: 'fr', status: 'draft' });
  console.error('loaded');
}

// --dump: every entry of every type, as the API token reads it, drafts and
// published versions, in every locale, with everything populated: for
// comparing a database before export and after import, and for replaying
// the same reads on Kiln (internal/transfer strapi_answers_test.go). Each
// read is written as {"request": "/api/…?…", "take": "data", "answer": …}:
// the request's path and query as sent, the member of the answer kept
// (none: the whole answer), and what was kept, with every list sorted by
// documentId (a role by its type) and every "id" key left out (row ids
// differ after strapi import, which gives every row a new one; the
// role's id in a user too).
const SEO = { populate: { social: { populate: { link: true } } } };
const POPULATE = {
  customers: { programs: true, learners: true },
  categories: { parent: true, children: true, blueprints: true },
  blueprints: { category: true, programs: true },
  programs: { customer: true, blueprint: true, modules: true, sessions: true, coaches: true, enrollments: true, events: true },
  modules: { program: true, sessions: true },
  sessions: { module: true, program: true, events: true },
  coaches: { user: true, learners: true, programs: true, availabilities: true, events: true },
  availabilities: { coach: true },
  learners: { user: true, customer: true, coach: true, enrollments: true, events: true, attendances: true },
  enrollments: { learner: true, program: true },
  events: { coach: true, program: true, session: true, learners: true, attendances: true },
  attendances: { event: true, learner: true },
  articles: { seo: SEO, body: { on: { 'blocks.quote': { populate: '*' }, 'blocks.hero': { populate: '*' } } } },
  pages: {
    seo: SEO, opening_hours: true, related: true,
    body: { on: { 'blocks.quote': { populate: '*' }, 'blocks.hero': { populate: '*' }, 'blocks.rich': true, 'blocks.stats': true, 'blocks.faq': { populate: '*' } } },
  },
  albums: { cover: true, gallery: true, attachment: true, anything: true, seo: { populate: '*' }, body: { on: { 'blocks.picture': { populate: '*' }, 'blocks.note': true } } },
  writers: { stories: true },
  stories: { cover: true, gallery: true, writer: true, localizations: true },
};
const DP = ['blueprints', 'articles', 'stories'];

async function dump() {
  const out = {};
  const read = async (name, url, query, take) => {
    const request = url + (query ? '?' + qs(query) : '');
    const answer = await call('GET', request);
    let kept = take ? answer[take] : answer;
    if (Array.isArray(kept)) kept = sorted(kept);
    out[name] = take ? { request, take, answer: withoutIds(kept) } : { request, answer: withoutIds(kept) };
  };
  for (const [plural, populate] of Object.entries(POPULATE)) {
    for (const status of DP.includes(plural) ? ['draft', 'published'] : [undefined]) {
      for (const locale of plural === 'stories' ? ['en', 'fr', 'de'] : [undefined]) {
        const query = { populate, sort: 'id', pagination: { pageSize: 100 } };
        if (status) query.status = status;
        if (locale) query.locale = locale;
        await read([plural, status, locale].filter(Boolean).join(' '), `/api/${plural}`, query, 'data');
      }
    }
  }
  await read('site', '/api/site', { populate: { seo: SEO } }, 'data');
  await read('users', '/api/users', { populate: 'role', sort: 'id' });
  await read('roles', '/api/users-permissions/roles', undefined, 'roles');
  await read('files', '/api/upload/files', { sort: 'id' });
  await read('locales', '/api/i18n/locales');
  console.log(JSON.stringify(out, null, 1));
}

function withoutIds(v) {
  if (Array.isArray(v)) return v.map(withoutIds);
  if (v && typeof v === 'object') {
    const o = {};
    for (const [k, x] of Object.entries(v)) if (k !== 'id') o[k] = withoutIds(x);
    return o;
  }
  return v;
}

// the entries of a list by documentId (a role by its type); the order
// inside an entry (relations, components) is kept
function sorted(list) {
  const key = (x) => x.documentId || x.type;
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

(process.argv.includes('--dump') ? dump() : load()).catch((e) => { console.error(e); process.exit(1); });
