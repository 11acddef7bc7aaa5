// Runs @strapi/client against a running Kiln and asserts the answers:
// collection() find/findOne/create/update/delete on the note collection,
// single() find/update/delete on the homepage and landing single types,
// the examples of the client's README that apply to these types, and
// files (the media library: upload, find, findOne, update, delete).
//
//   KILN_URL=http://127.0.0.1:1337/api KILN_TOKEN=<jwt> node test.js
//
// The server must serve the single-types test project
// (testdata/single-types) with no entries yet; run.sh sets all that up.
import assert from 'node:assert/strict';
import { strapi } from '@strapi/client';

const baseURL = process.env.KILN_URL;
const auth = process.env.KILN_TOKEN;
if (!baseURL || !auth) {
  console.error('KILN_URL and KILN_TOKEN must be set');
  process.exit(2);
}

const client = strapi({ baseURL, auth });
const anonymous = strapi({ baseURL });

const checks = [];
const check = (name, fn) => checks.push({ name, fn });

// rejectsWith asserts that p fails with an HTTP error of that status.
async function rejectsWith(p, status) {
  await assert.rejects(p, (err) => {
    assert.equal(err.response?.status, status, `${err.name}: ${err.message}`);
    return true;
  });
}

const documentId = /^[a-z0-9]{24}$/;

check('collection(): create, find, findOne, update, delete', async () => {
  const notes = client.collection('notes');
  const first = await notes.create({ title: 'First', body: 'one' });
  assert.match(first.data.documentId, documentId);
  assert.equal(first.data.title, 'First');
  assert.deepEqual(first.meta, {});
  const second = await notes.create({ title: 'Second' });
  assert.equal(second.data.body, null);

  const all = await notes.find({ sort: 'title:desc', fields: ['title'] });
  assert.deepEqual(all.data.map((n) => n.title), ['Second', 'First']);
  assert.deepEqual(Object.keys(all.data[0]).sort(), ['documentId', 'id', 'title']);
  assert.deepEqual(all.meta.pagination, { page: 1, pageSize: 25, pageCount: 1, total: 2 });

  const filtered = await notes.find({ filters: { title: { $eqi: 'first' } } });
  assert.deepEqual(filtered.data.map((n) => n.documentId), [first.data.documentId]);

  const one = await notes.findOne(first.data.documentId);
  assert.equal(one.data.body, 'one');

  const changed = await notes.update(first.data.documentId, { body: 'changed' });
  assert.equal(changed.data.title, 'First');
  assert.equal(changed.data.body, 'changed');

  await notes.delete(second.data.documentId);
  await rejectsWith(notes.findOne(second.data.documentId), 404);
  const left = await notes.find();
  assert.equal(left.meta.pagination.total, 1);
});

check('collection(): a bad body is a 400 the client reports', async () => {
  await rejectsWith(client.collection('notes').create({ body: 'no title' }), 400);
});

check('single(): find before any entry is a 404', async () => {
  await rejectsWith(client.single('homepage').find(), 404);
});

check('single(): update creates, then changes, the one entry', async () => {
  const homepage = client.single('homepage');
  const created = await homepage.update({ title: 'Welcome', body: 'first' });
  assert.match(created.data.documentId, documentId);
  assert.equal(created.data.title, 'Welcome');
  const changed = await homepage.update({ body: 'second' });
  assert.equal(changed.data.documentId, created.data.documentId);
  assert.equal(changed.data.title, 'Welcome');
  assert.equal(changed.data.body, 'second');

  const found = await homepage.find();
  assert.equal(found.data.documentId, created.data.documentId);
  assert.equal(found.data.body, 'second');
  assert.deepEqual(found.meta, {});

  // Read without a token: the public role may find the homepage.
  const publicRead = await anonymous.single('homepage').find({ fields: ['title'] });
  assert.deepEqual(Object.keys(publicRead.data).sort(), ['documentId', 'id', 'title']);
  await rejectsWith(anonymous.single('homepage').update({ title: 'x' }), 401);
});

check('single(): populate and fields', async () => {
  const note = await client.collection('notes').create({ title: 'Featured' });
  const homepage = client.single('homepage');
  await homepage.update({ featured: note.data.documentId });
  const found = await homepage.find({ fields: ['title'], populate: { featured: { fields: ['title'] } } });
  assert.equal(found.data.title, 'Welcome');
  assert.equal(found.data.featured.documentId, note.data.documentId);
  assert.equal(found.data.featured.title, 'Featured');
  assert.equal(found.data.body, undefined);
});

check('single(): delete removes the entry; deleting nothing is no error', async () => {
  const homepage = client.single('homepage');
  await homepage.delete();
  await rejectsWith(homepage.find(), 404);
  await homepage.delete();
});

check('single(): status on a draft & publish single type', async () => {
  const landing = client.single('landing');
  const draft = await landing.update({ title: 'Soon' }, { status: 'draft' });
  assert.equal(draft.data.publishedAt, null);
  await rejectsWith(landing.find(), 404);
  const read = await landing.find({ status: 'draft' });
  assert.equal(read.data.title, 'Soon');
  const published = await landing.update({ title: 'Now' });
  assert.notEqual(published.data.publishedAt, null);
  assert.equal((await landing.find()).data.title, 'Now');
  await landing.update({ title: 'Next' }, { status: 'draft' });
  assert.equal((await landing.find()).data.title, 'Now');
  assert.equal((await landing.find({ status: 'draft' })).data.title, 'Next');
  await landing.delete();
  await rejectsWith(landing.find({ status: 'draft' }), 404);
});

check("README: the single() examples", async () => {
  const homepage = client.single('homepage');
  await homepage.update({ title: 'Homepage' });
  const defaultHomepage = await homepage.find();
  assert.equal(defaultHomepage.data.title, 'Homepage');
  const updatedHomepage = await homepage.update({ title: 'Updated Homepage Title' });
  assert.equal(updatedHomepage.data.title, 'Updated Homepage Title');
  await homepage.delete();
});

check('README: fetch()', async () => {
  const res = await client.fetch('/notes?fields[0]=title', { method: 'GET' });
  assert.equal(res.status, 200);
  const body = await res.json();
  assert.deepEqual(body.data.map((n) => n.title), ['First', 'Featured']);
});

// The README's `locale` examples (find({ locale: 'es' })): on a type
// without i18n, Strapi 5 takes the locale and ignores it; so does Kiln.
check("README: locale on types without i18n is taken and ignored", async () => {
  const homepage = client.single('homepage');
  const written = await homepage.update({ title: 'Hola' }, { locale: 'es' });
  assert.equal(written.data.title, 'Hola');
  const read = await homepage.find({ locale: 'es' });
  assert.equal(read.data.title, 'Hola');
  const notes = await client.collection('notes').find({ locale: 'fr', fields: ['title'] });
  assert.deepEqual(notes.data.map((n) => n.title), ['First', 'Featured']);
  await homepage.delete();
});

// client.files: Strapi's media library (docs/media.md). A PNG of 2×1
// pixels, sent as a Buffer with a name and a type, as the README shows.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGP4z8DwHwyBNAMARsoI+OI3IlwAAAAASUVORK5CYII=',
  'base64');

check('files: upload, find, findOne, update, delete', async () => {
  const [up] = await client.files.upload(png, {
    filename: 'dot.png', mimetype: 'image/png', fileInfo: { alternativeText: 'a dot', caption: 'tiny' },
  });
  assert.equal(up.name, 'dot.png');
  assert.equal(up.mime, 'image/png');
  assert.equal(up.ext, '.png');
  assert.equal(up.alternativeText, 'a dot');
  assert.deepEqual([up.width, up.height], [2, 1]);
  assert.match(up.url, /^\/uploads\/dot_[0-9a-f]{10}\.png$/);
  const list = await client.files.find({ filters: { mime: { $startsWith: 'image/' } }, sort: 'name:asc' });
  assert.deepEqual(list.map((f) => f.id), [up.id]);
  const one = await client.files.findOne(up.id);
  assert.equal(one.documentId, up.documentId);
  const changed = await client.files.update(up.id, { name: 'renamed.png', caption: 'still tiny' });
  assert.equal(changed.name, 'renamed.png');
  assert.equal(changed.url, up.url);
  const served = await fetch(new URL(up.url, baseURL));
  assert.equal(served.status, 200);
  assert.equal(served.headers.get('content-type'), 'image/png');
  assert.deepEqual(Buffer.from(await served.arrayBuffer()), png);
  const gone = await client.files.delete(up.id);
  assert.equal(gone.id, up.id);
  await assert.rejects(client.files.findOne(up.id), (err) => err.name === 'FileNotFoundError');
  assert.equal((await fetch(new URL(up.url, baseURL))).status, 404);
});

let failed = 0;
for (const { name, fn } of checks) {
  try {
    await fn();
    console.log(`ok     ${name}`);
  } catch (err) {
    failed++;
    console.log(`FAIL   ${name}\n       ${err.stack?.split('\n').slice(0, 4).join('\n       ')}`);
  }
}
console.log(`${checks.length - failed}/${checks.length} passed`);
process.exit(failed ? 1 : 0);
