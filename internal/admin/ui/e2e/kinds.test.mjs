// Every field kind through the form (e2e/kinds: a type holding each kind
// at its top and inside components and a dynamic zone, and a single type
// holding a relation, media and components), served by e2e/run.sh
// (KILN_PROJECTS.kinds). An entry is made, read back through the REST
// API, changed in every field, read back again, and deleted. The values
// come from one table per kind, checked against the type's schema as the
// API describes it, so that a kind added to the type without a row here
// fails the test.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { axe, panelTab, sharedBrowser } from './browser.mjs';

const base = JSON.parse(process.env.KILN_PROJECTS || '{}').kinds;
const email = process.env.KILN_ADMIN_EMAIL;
const password = process.env.KILN_ADMIN_PASSWORD;
const images = new URL('../../../../testdata/media/files/', import.meta.url);

const shared = sharedBrowser(() => assert.ok(base && email && password,
  'KILN_PROJECTS.kinds, KILN_ADMIN_EMAIL and KILN_ADMIN_PASSWORD must be set (e2e/run.sh)'));
let token = '';
const tags = {};
// The tags to relate to and the images to pick, made through the API.
before(async () => {
  token = (await call('POST', '/api/auth/local', { identifier: email, password })).body.jwt;
  for (const name of ['Alpha', 'Beta']) tags[name] = (await call('POST', '/api/tags', { data: { name } })).body.data.documentId;
  for (const name of ['tall.jpg', 'small.png']) {
    const form = new FormData();
    form.append('files', new Blob([readFileSync(new URL(name, images))], { type: name.endsWith('png') ? 'image/png' : 'image/jpeg' }), name);
    const res = await fetch(`${base}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
    assert.equal(res.status, 201);
  }
});

async function call(method, path, body) {
  const res = await fetch(base + path, { method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

// Each scalar kind: what is typed (or ticked) first and what the API then
// holds, and the same for the change.
const scalars = {
  string: ['Specimen one', 'Specimen one', 'Specimen two', 'Specimen two'],
  text: ['two\nlines', 'two\nlines', 'one line', 'one line'],
  richtext: ['# Title\n\n*body*', '# Title\n\n*body*', 'plain', 'plain'],
  email: ['one@kinds.test', 'one@kinds.test', 'two@kinds.test', 'two@kinds.test'],
  integer: ['42', 42, '-7', -7],
  biginteger: ['9007199254740993', '9007199254740993', '-12', '-12'],
  decimal: ['12.5', 12.5, '0.75', 0.75],
  float: ['0.25', 0.25, '3', 3],
  boolean: [true, true, false, false],
  date: ['2026-11-27', '2026-11-27', '2027-01-02', '2027-01-02'],
  time: ['09:30:15', '09:30:15', '17:05:00', '17:05:00'],
  datetime: ['2026-11-27T09:30', '2026-11-27T09:30:00.000Z', '2027-01-02T23:59', '2027-01-02T23:59:00.000Z'],
  enumeration: ['medium', 'medium', 'large', 'large'],
  json: ['{"a": [1, 2]}', { a: [1, 2] }, '[true, null]', [true, null]],
};
// The kinds that are more than one input, each checked by its own steps
// below.
const composite = ['blocks', 'password', 'uid', 'media', 'relation', 'component', 'dynamiczone'];

async function fill(page, kind, name, value) {
  const input = page.locator(`#field-${name}`);
  if (kind === 'boolean') await input.setChecked(value);
  else if (kind === 'enumeration') await input.selectOption(value);
  else await input.fill(value);
}

async function pickRelation(scope, id, label) {
  await scope.locator(`#${id}-search`).fill(label);
  await scope.locator(`#${id}-search`).press('Enter');
  await scope.getByRole('button', { name: `Pick ${label}`, exact: true }).click();
}

async function pickFile(group, name) {
  await group.getByRole('button', { name: 'Choose from the library' }).click();
  await group.getByRole('button', { name: `Pick ${name}`, exact: true }).first().click(); // the library may hold it twice
}

const signedIn = (t) => panelTab(t, shared, base, email, password);

const populate = 'populate[cover]=true&populate[files]=true&populate[tag]=true&populate[tags]=true'
  + '&populate[detail][populate][tag]=true&populate[detail][populate][picture]=true&populate[detail][populate][link]=true'
  + '&populate[links]=true&populate[body][on][parts.detail][populate][tag]=true&populate[body][on][parts.link]=true';

test('every field kind: made, read back, changed and deleted through the form', async (t) => {
  const schema = (await call('GET', '/api/content-type-builder/content-types/api::specimen.specimen')).body.data.schema;
  const kinds = Object.entries(schema.attributes).map(([name, a]) => [name, a.type]);
  for (const [name, kind] of kinds) assert.ok(scalars[kind] || composite.includes(kind), `no values for ${name} (${kind})`);
  const page = await signedIn(t);
  if (!page) return;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Specimen', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();

  for (const [name, kind] of kinds) if (scalars[kind]) await fill(page, kind, name, scalars[kind][0]);
  // uid: left empty, the server derives it from the title; the form says which.
  assert.equal(await page.locator('#field-slug').getAttribute('placeholder'), 'specimen-one');
  await page.locator('#field-secret').fill('Secret-pass-1');
  // blocks: a heading with marks, a nested list (its first item of two
  // lines), code.
  const story = page.getByRole('group', { name: 'story', exact: true });
  for (const [i, kind, text] of [[0, 'heading-2', '**Hi** _there_'], [1, 'list', '- one\\\nline two\n  1. one.a\n- [two](https://kiln.test/2)'], [2, 'code', 'x := 1']]) {
    await story.getByRole('button', { name: 'Add a block to story' }).click();
    await page.locator(`#field-story-${i}-kind`).selectOption(kind);
    await page.locator(`#field-story-${i}-text`).fill(text);
  }
  // media: one picked, one uploaded; relations: a to-one, a to-many reordered.
  await pickFile(page.getByRole('group', { name: 'cover', exact: true }), 'tall.jpg');
  await page.locator('#media-files-upload').setInputFiles([{ name: 'small.png', mimeType: 'image/png', buffer: readFileSync(new URL('small.png', images)) }]);
  await page.getByRole('group', { name: 'files', exact: true }).locator('li span').filter({ hasText: 'small.png' }).waitFor();
  await pickRelation(page, 'rel-tag', 'Alpha');
  await pickRelation(page, 'rel-tags', 'Alpha');
  await pickRelation(page, 'rel-tags', 'Beta');
  await page.getByRole('button', { name: 'Move Beta up' }).click();
  // A component holding a relation, media, blocks and a component.
  const detailField = page.getByRole('group', { name: 'detail', exact: true });
  await detailField.getByRole('button', { name: 'Add detail' }).click();
  const detail = page.getByRole('group', { name: 'detail 1', exact: true });
  await page.locator('#field-detail-label').fill('Inside');
  await detail.getByRole('button', { name: 'Add a block to about' }).click();
  await page.locator('#field-detail-about-0-text').fill('About **it**');
  await pickRelation(detail, 'rel-detail-tag', 'Beta');
  await pickFile(detail.getByRole('group', { name: 'picture', exact: true }), 'small.png');
  await detail.getByRole('button', { name: 'Add link' }).click();
  await page.locator('#field-detail-link-url').fill('https://kiln.test/in');
  // A repeatable component and a zone, each with two items, reordered.
  const links = page.getByRole('group', { name: 'links', exact: true });
  for (const [i, url] of [[0, '/b'], [1, '/a']]) {
    await links.getByRole('button', { name: 'Add to links' }).click();
    await page.locator(`#field-links-${i}-url`).fill(url);
  }
  await page.getByRole('button', { name: 'Move links 2 up' }).click();
  const body = page.getByRole('group', { name: 'body', exact: true });
  await body.getByLabel('Block to add').selectOption('parts.link');
  await body.getByRole('button', { name: 'Add to body' }).click();
  await page.locator('#field-body-0-label').fill('Zone link');
  await body.getByLabel('Block to add').selectOption('parts.detail');
  await body.getByRole('button', { name: 'Add to body' }).click();
  await page.locator('#field-body-1-label').fill('Zone detail');
  await pickRelation(page.getByRole('group', { name: 'body 2 (Detail)' }), 'rel-body-1-tag', 'Alpha');
  await axe(page, 'the form of every field kind');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/specimen\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  const doc = page.url().split('/').pop();

  let got = (await call('GET', `/api/specimens/${doc}?${populate}`)).body.data;
  for (const [name, kind] of kinds) if (scalars[kind]) assert.deepEqual(got[name], scalars[kind][1], `${name} (${kind}) after the create`);
  assert.equal(got.slug, 'specimen-one');
  assert.equal('secret' in got, false);
  assert.deepEqual(got.story, [
    { type: 'heading', level: 2, children: [{ type: 'text', text: 'Hi', bold: true }, { type: 'text', text: ' ' }, { type: 'text', text: 'there', italic: true }] },
    { type: 'list', format: 'unordered', children: [
      { type: 'list-item', children: [{ type: 'text', text: 'one\nline two' }] },
      { type: 'list', format: 'ordered', indentLevel: 1, children: [{ type: 'list-item', children: [{ type: 'text', text: 'one.a' }] }] },
      { type: 'list-item', children: [{ type: 'link', url: 'https://kiln.test/2', children: [{ type: 'text', text: 'two' }] }] },
    ] },
    { type: 'code', children: [{ type: 'text', text: 'x := 1' }] },
  ]);
  assert.deepEqual([got.cover.name, got.files.map((f) => f.name)], ['tall.jpg', ['small.png']]);
  assert.deepEqual([got.tag.name, got.tags.map((x) => x.name)], ['Alpha', ['Beta', 'Alpha']]);
  assert.deepEqual([got.detail.label, got.detail.tag.name, got.detail.picture.name, got.detail.link.url],
    ['Inside', 'Beta', 'small.png', 'https://kiln.test/in']);
  assert.deepEqual(got.detail.about, [{ type: 'paragraph', children: [{ type: 'text', text: 'About ' }, { type: 'text', text: 'it', bold: true }] }]);
  assert.deepEqual(got.links.map((l) => l.url), ['/a', '/b']);
  assert.deepEqual(got.body.map((b) => [b.__component, b.label, b.tag ? b.tag.name : null]),
    [['parts.link', 'Zone link', null], ['parts.detail', 'Zone detail', 'Alpha']]);
  const ids = { detail: got.detail.id, links: got.links.map((l) => l.id), body: got.body.map((b) => b.id) };

  // Change every field; the components keep their rows.
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  for (const [name, kind] of kinds) if (scalars[kind]) await fill(page, kind, name, scalars[kind][2]);
  await page.locator('#field-slug').fill('my-slug');
  await page.locator('#field-story-1-text').fill('- only');
  await page.getByRole('button', { name: 'Remove story block 3' }).click();
  await page.getByRole('button', { name: 'Remove tall.jpg from cover' }).click();
  await pickRelation(page, 'rel-tag', 'Beta');
  await page.getByRole('button', { name: 'Remove Alpha from tags' }).click();
  await page.locator('#field-detail-label').fill('Inside, changed');
  await page.locator('#field-links-0-url').fill('/a2');
  await page.getByRole('button', { name: 'Move body 2 (Detail) up' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  got = (await call('GET', `/api/specimens/${doc}?${populate}`)).body.data;
  for (const [name, kind] of kinds) if (scalars[kind]) assert.deepEqual(got[name], scalars[kind][3], `${name} (${kind}) after the change`);
  assert.equal(got.slug, 'my-slug');
  assert.deepEqual(got.story.map((b) => b.type), ['heading', 'list']);
  assert.deepEqual(got.story[1].children, [{ type: 'list-item', children: [{ type: 'text', text: 'only' }] }]);
  assert.deepEqual([got.cover, got.tag.name, got.tags.map((x) => x.name)], [null, 'Beta', ['Beta']]);
  assert.deepEqual([got.detail.id, got.detail.label, got.detail.tag.name, got.detail.link.url], [ids.detail, 'Inside, changed', 'Beta', 'https://kiln.test/in']);
  assert.deepEqual(got.links.map((l) => [l.id, l.url]), [[ids.links[0], '/a2'], [ids.links[1], '/b']]);
  assert.deepEqual(got.body.map((b) => b.id), [ids.body[1], ids.body[0]]);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL((u) => u.toString().endsWith('#/content/specimen'));
  assert.equal((await call('GET', `/api/specimens/${doc}`)).status, 404);
});

test('a single type\'s form: its relation, media and components', async (t) => {
  const page = await signedIn(t);
  if (!page) return;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.locator('#field-name').fill('The site');
  await pickRelation(page, 'rel-featured', 'Beta');
  await pickFile(page.getByRole('group', { name: 'logo', exact: true }), 'small.png');
  await page.getByRole('group', { name: 'footer', exact: true }).getByRole('button', { name: 'Add to footer' }).click();
  await page.locator('#field-footer-0-url').fill('/imprint');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const got = (await call('GET', '/api/setting?populate=*')).body.data;
  assert.deepEqual([got.name, got.featured.name, got.logo.name, got.footer.map((f) => f.url)], ['The site', 'Beta', 'small.png', ['/imprint']]);
  // Read back into the form.
  await page.reload();
  await page.locator('#field-footer-0-url').waitFor();
  assert.equal(await page.locator('#field-footer-0-url').inputValue(), '/imprint');
  await page.getByRole('group', { name: 'featured', exact: true }).getByText('Beta').waitFor();
  await axe(page, 'a single type\'s form');
});
