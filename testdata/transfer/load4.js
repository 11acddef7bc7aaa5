// Loads the data of testdata/transfer/strapi4's archive into the Strapi 4.25
// of strapi4-app/ (record4.sh sets it up). REST with a full-access API
// token; Node 20, no packages. Runs once per empty database.
//
//   BASE=http://127.0.0.1:1343 TOKEN=<token> FILES=testdata/graphql/files node load4.js
//
// Strapi 4's REST: relations and media by numeric id, a draft is
// publishedAt: null (v4 has one row per entry, no separate draft row), a
// locale is added by POST /api/<plural>/:id/localizations.
'use strict';
const fs = require('fs');
const path = require('path');

const BASE = process.env.BASE;
const TOKEN = process.env.TOKEN;
if (!BASE || !TOKEN) throw new Error('BASE and TOKEN are needed');
const FILES = process.env.FILES || path.join(__dirname, '..', 'graphql', 'files');
const MIME = { '.jpg': 'image/jpeg', '.png': 'image/png', '.txt': 'text/plain' };

async function call(method, url, body) {
  const headers = { Authorization: 'Bearer ' + TOKEN };
  let payload;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) { headers['Content-Type'] = 'application/json'; payload = JSON.stringify(body); }
  const r = await fetch(BASE + url, { method, headers, body: payload });
  const text = await r.text();
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
const create = async (plural, data) => (await call('POST', `/api/${plural}`, { data })).data;

async function upload(file, info) {
  const form = new FormData();
  form.append('files', new Blob([fs.readFileSync(path.join(FILES, file))], { type: MIME[path.extname(file)] }), file);
  form.append('fileInfo', JSON.stringify(info));
  return (await call('POST', '/api/upload', form))[0];
}

async function main() {
  const photo = await upload('photo.jpg', { name: 'photo.jpg', alternativeText: 'A photo', caption: 'The photo' });
  const small = await upload('small.png', { name: 'small.png', alternativeText: 'A small image' });
  const notes = await upload('notes.txt', { name: 'notes.txt' });

  const roles = (await call('GET', '/api/users-permissions/roles')).roles;
  const authenticated = roles.find((r) => r.type === 'authenticated').id;
  await call('POST', '/api/users', { username: 'alice', email: 'alice@example.com', password: 'Passw0rd!', role: authenticated, confirmed: true });

  const w1 = await create('writers', { name: 'Wanda' });
  const w2 = await create('writers', { name: 'Walter' });
  const a1 = await create('articles', {
    title: 'Published article', cover: photo.id, gallery: [small.id, photo.id, notes.id], writer: w1.id,
    seo: { metaTitle: 'Published', image: small.id, link: { url: 'https://example.com/a1', label: 'A1' } },
    body: [{ __component: 'shared.quote', text: 'To be or not to be.' }, { __component: 'shared.link', url: 'https://example.com/zone' }],
  });
  const a2 = await create('articles', { title: 'Draft article', publishedAt: null, writer: w1.id, seo: { metaTitle: 'Draft' } });
  await create('articles', { title: 'Third article', writer: w2.id, related: [a2.id, a1.id] });

  const s1 = await create('stories', { title: 'The lighthouse', rating: 4, cover: photo.id, writer: w1.id, locale: 'en' });
  await call('POST', `/api/stories/${s1.id}/localizations`, { locale: 'fr', title: 'Le phare' });
  await create('stories', { title: 'Unfinished', rating: 2, writer: w2.id, locale: 'en', publishedAt: null });
  console.error('loaded');
}

main().catch((e) => { console.error(e); process.exit(1); });
