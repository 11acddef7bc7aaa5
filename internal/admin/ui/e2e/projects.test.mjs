// The panel on projects of other shapes than the platform, each served by
// e2e/run.sh (KILN_PROJECTS: name -> address): a `kiln init` project, a
// project of single types (testdata/single-types) and a Strapi project's
// src/ (testdata/components). The navigation names each one's own types,
// and an entry made through the form is there through the API.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, panelTab, sharedBrowser } from './browser.mjs';

const projects = JSON.parse(process.env.KILN_PROJECTS || '{}');
const email = process.env.KILN_ADMIN_EMAIL;
const password = process.env.KILN_ADMIN_PASSWORD;

const shared = sharedBrowser(() => assert.ok(projects.init && email && password,
  'KILN_PROJECTS, KILN_ADMIN_EMAIL and KILN_ADMIN_PASSWORD must be set (e2e/run.sh)'));

async function signedIn(t, base) {
  const page = await panelTab(t, shared, base, email, password);
  if (!page) return null;
  const res = await fetch(`${base}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: email, password }) });
  return { page, token: (await res.json()).jwt };
}

async function get(base, path, token) {
  const res = await fetch(base + path, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

// post sends body as JSON, as a client of the API would.
async function post(base, path, token, body) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

// createThrough fills a collection type's form with title and saves it.
async function createThrough(page, typeName, title) {
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: typeName, exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  await page.locator('#field-title').fill(title);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/[a-z-]+\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  return page.url().split('/').pop();
}

test('a kiln init project: its article, made through the form', async (t) => {
  const base = projects.init;
  const s = await signedIn(t, base);
  if (!s) return;
  // No plugin of the platform's: no page, card or section, and under
  // Plugins only the Media Library.
  const listed = await (await fetch(`${base}/admin/plugins.json`)).json();
  assert.deepEqual(listed, { pages: [], cards: [], sections: [] });
  const nav = s.page.getByRole('navigation', { name: 'Content Manager' });
  await nav.getByRole('link', { name: 'Media Library' }).waitFor();
  assert.deepEqual(await nav.getByRole('link').evaluateAll((as) => as.map((a) => a.textContent).filter((x) => x !== 'Article')),
    ['Media Library', 'API Tokens', 'Internationalization', 'Users', 'Webhooks']);
  const title = `Hello from the panel ${Date.now()}`;
  const doc = await createThrough(s.page, 'Article', title);
  const got = await get(base, `/api/articles/${doc}`, s.token);
  assert.deepEqual([got.status, got.body.data.title], [200, title]);
});

test('a kiln init project in development: its view configured in the panel, kept in the project, used by the list and the form', async (t) => {
  const base = projects.init;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  const stamp = Date.now();
  for (const title of [`View A ${stamp}`, `View C ${stamp}`, `View B ${stamp}`]) {
    assert.equal((await post(base, '/api/articles', token, { data: { title } })).status, 201);
  }
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Article', exact: true }).click();
  await page.getByRole('link', { name: 'Configure the view' }).click();
  await page.getByLabel('Entry title (main field)').selectOption('slug');
  const columns = page.getByRole('group', { name: 'Columns of the list' });
  await columns.getByRole('checkbox', { name: 'title', exact: true }).setChecked(false);
  await columns.getByRole('checkbox', { name: 'title', exact: true }).setChecked(true); // now last: slug, title
  await page.getByLabel('Entries per page').selectOption('10');
  await page.getByLabel('Sorted by').selectOption('title');
  await page.getByLabel('Order').selectOption('desc');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved to config/views.yaml.' }).waitFor();
  const { body: views } = await get(base, '/api/content-manager/views', token);
  assert.deepEqual(views.data['api::article.article'], { mainField: 'slug', columns: ['slug', 'title'], pageSize: 10, sort: 'title:desc' });
  await axe(page, 'configure the view');

  await page.getByRole('link', { name: 'Back to the list' }).click();
  await page.getByRole('table').waitFor();
  assert.deepEqual(await page.getByRole('columnheader').allTextContents(), ['id', 'slug', 'title']);
  const { body: sorted } = await get(base, '/api/articles?sort=title:desc&pagination[pageSize]=10', token);
  const titles = await page.locator('tbody tr td:nth-child(3)').allTextContents();
  assert.deepEqual(titles, sorted.data.map((a) => a.title));
  // The form is titled by the entry's slug, its main field.
  await page.getByRole('row').nth(1).getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: sorted.data[0].slug }).waitFor();
});

test('a kiln init project: an article\'s uid regenerated from its title, and checked free or taken as it is typed', async (t) => {
  const base = projects.init;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  const title = `Uid check ${Date.now()}`;
  const takenSlug = (await post(base, '/api/articles', token, { data: { title: `${title} taken` } })).body.data.slug;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Article', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  await page.locator('#field-title').fill(title);
  await page.getByRole('button', { name: 'Regenerate slug from title' }).click();
  const want = title.toLowerCase().replace(/ /g, '-');
  assert.equal(await page.locator('#field-slug').inputValue(), want);
  await page.getByRole('status').filter({ hasText: `${want} is available` }).waitFor();
  await page.locator('#field-slug').fill(takenSlug);
  await page.getByRole('status').filter({ hasText: `${takenSlug} is already used by another entry` }).waitFor();
  await axe(page, 'a uid taken');
  await page.getByRole('button', { name: 'Regenerate slug from title' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/article\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  // Its own slug is no other entry's: free on its own form.
  await page.getByRole('status').filter({ hasText: `${want} is available` }).waitFor();
  const doc = page.url().split('/').pop();
  const got = await get(base, `/api/articles/${doc}`, token);
  assert.equal(got.body.data.slug, want);
});

test('a kiln init project: rich text written with the Markdown toolbar and its shortcuts, previewed cleaned of any script, saved as Markdown', async (t) => {
  const base = projects.init;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Article', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  await page.locator('#field-title').fill(`Markdown ${Date.now()}`);
  const body = page.locator('#field-body');
  await body.fill('Title\nHello world');
  await body.evaluate((el) => el.setSelectionRange(0, 0));
  await page.getByRole('button', { name: 'Heading' }).click();
  await body.evaluate((el) => el.setSelectionRange(el.value.length - 5, el.value.length));
  await body.press('Control+b');
  await page.waitForFunction(() => document.querySelector('#field-body').value.endsWith('**world**'));
  const hostile = '\n\n<img src="x" alt="an image" onerror="window.pwned=1"> [click](javascript:window.pwned=2) <script>window.pwned=3</script>';
  await page.waitForFunction(() => { const el = document.querySelector('#field-body'); return el.value.slice(el.selectionStart, el.selectionEnd) === 'world'; });
  await body.press('Control+End');
  await body.press('Enter');
  await body.press('Enter');
  await body.pressSequentially(hostile.trim(), { delay: 0 });
  const written = await body.inputValue();
  assert.ok(written.startsWith('## Title\nHello **world**'), written);
  await page.getByRole('button', { name: 'Preview' }).click();
  const shown = page.getByRole('region', { name: 'Preview of body' });
  await shown.getByRole('heading', { name: 'Title', level: 2 }).waitFor();
  assert.equal(await shown.locator('strong').textContent(), 'world');
  assert.equal(await shown.locator('script, [onerror], a[href^="javascript:"]').count(), 0);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await axe(page, 'a Markdown preview');
  await page.getByRole('button', { name: 'Preview' }).click(); // back to writing
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/article\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  const got = await get(base, `/api/articles/${page.url().split('/').pop()}`, token);
  assert.equal(got.body.data.body, written);
});

test('a Strapi project\'s src/: its types named by their display names, a page made through the form', async (t) => {
  const base = projects['strapi-src'];
  const s = await signedIn(t, base);
  if (!s) return;
  const nav = s.page.getByRole('navigation', { name: 'Content Manager' });
  for (const name of ['Article', 'Page']) await nav.getByRole('link', { name, exact: true }).waitFor();
  await nav.getByRole('link', { name: 'Site', exact: true }).waitFor(); // its single type
  const title = `A page from the panel ${Date.now()}`;
  const doc = await createThrough(s.page, 'Page', title);
  const got = await get(base, `/api/pages/${doc}`, s.token);
  assert.deepEqual([got.status, got.body.data.title], [200, title]);
});

test('single types: the homepage written, then deleted; a draft & publish landing saved as a draft, then published', async (t) => {
  const base = projects['single-types'];
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  const nav = page.getByRole('navigation', { name: 'Content Manager' });
  await nav.getByRole('link', { name: 'Homepage', exact: true }).click();
  await page.locator('#field-title').fill('Public welcome');
  await page.locator('#field-body').fill('Written in the panel.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  let got = await get(base, '/api/homepage', token);
  assert.deepEqual([got.status, got.body.data.title, got.body.data.body], [200, 'Public welcome', 'Written in the panel.']);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('status').filter({ hasText: 'Deleted.' }).waitFor();
  assert.equal((await get(base, '/api/homepage', token)).status, 404);

  await nav.getByRole('link', { name: 'Landing', exact: true }).click();
  await page.locator('#field-title').fill('Launch soon');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Status: Draft').waitFor();
  assert.equal((await get(base, '/api/landing', token)).status, 404, 'a draft is not published');
  assert.equal((await get(base, '/api/landing?status=draft', token)).body.data.title, 'Launch soon');
  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByText('Status: Published').waitFor();
  got = await get(base, '/api/landing', token);
  assert.deepEqual([got.status, got.body.data.title], [200, 'Launch soon']);
});

test('media fields in the form: uploaded here, picked from the library, ordered, refused when the field does not take the kind', async (t) => {
  const base = projects.media;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  const { readFileSync } = await import('node:fs');
  const dir = new URL('../../../../testdata/media/files/', import.meta.url);
  const file = (n, mimeType) => ({ name: n, mimeType, buffer: readFileSync(new URL(n, dir)) });
  // A file in the library to pick later.
  const form = new FormData();
  form.append('files', new Blob([readFileSync(new URL('tall.jpg', dir))], { type: 'image/jpeg' }), 'tall.jpg');
  const up = await fetch(`${base}/api/upload`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
  assert.equal(up.status, 201);

  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Album', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  await page.locator('#field-title').fill('Holidays');
  await page.getByLabel('Upload to cover').setInputFiles([file('photo.jpg', 'image/jpeg')]);
  await page.getByRole('group', { name: 'cover' }).locator('li span').filter({ hasText: 'photo.jpg' }).waitFor();
  await page.getByLabel('Upload to gallery').setInputFiles([file('small.png', 'image/png')]);
  await page.getByRole('group', { name: 'gallery' }).locator('li span').filter({ hasText: 'small.png' }).waitFor();
  await page.getByRole('group', { name: 'gallery' }).getByRole('button', { name: 'Choose from the library' }).click();
  await page.getByRole('button', { name: 'Pick tall.jpg' }).click();
  await page.getByRole('button', { name: 'Move tall.jpg up' }).click(); // tall.jpg, small.png
  // The attachment takes files, not images: refused before any upload.
  await page.getByLabel('Upload to attachment').setInputFiles([file('rotated.jpg', 'image/jpeg')]);
  await page.getByRole('group', { name: 'attachment' }).getByText('attachment takes files, not rotated.jpg').waitFor();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/album\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  const doc = page.url().split('/').pop();
  const got = await get(base, `/api/albums/${doc}?populate[0]=cover&populate[1]=gallery&populate[2]=attachment`, token);
  assert.equal(got.status, 200);
  assert.equal(got.body.data.cover.name, 'photo.jpg');
  assert.deepEqual(got.body.data.gallery.map((f) => f.name), ['tall.jpg', 'small.png']);
  assert.equal(got.body.data.attachment, null);
  // The form reads them back in that order.
  await page.getByRole('group', { name: 'gallery' }).locator('li span').first().filter({ hasText: 'tall.jpg' }).waitFor();
});

test('components in the form: a repeatable one added, filled, reordered and removed; nested ones written whole', async (t) => {
  const base = projects['strapi-src'];
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Page', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  await page.locator('#field-title').fill(`Opening times ${Date.now()}`);
  const hours = page.getByRole('group', { name: 'opening_hours', exact: true });
  for (const [i, day, opens] of [[1, 'monday', '09:00:00'], [2, 'tuesday', '10:30:00'], [3, 'wednesday', '11:00:00']]) {
    await hours.getByRole('button', { name: 'Add to opening_hours' }).click();
    const item = page.getByRole('group', { name: `opening_hours ${i}` });
    await item.getByLabel('day').selectOption(day);
    await item.getByLabel('opens').fill(opens);
    await item.getByLabel('closes').fill('17:00:00');
  }
  await page.getByRole('button', { name: 'Move opening_hours 3 up' }).click(); // monday, wednesday, tuesday
  await page.getByRole('button', { name: 'Remove opening_hours 1' }).click(); // wednesday, tuesday
  // seo holds a repeatable social, each holding a link.
  await page.getByRole('group', { name: 'seo', exact: true }).getByRole('button', { name: 'Add seo' }).click();
  await page.locator('#field-seo-metaTitle').fill('Opening times');
  await page.getByRole('group', { name: 'social', exact: true }).getByRole('button', { name: 'Add to social' }).click();
  await page.locator('#field-seo-social-0-network').selectOption('x');
  await page.locator('#field-seo-social-0-handle').fill('@kiln');
  await page.getByRole('group', { name: 'social 1', exact: true }).getByRole('button', { name: 'Add link' }).click();
  await page.locator('#field-seo-social-0-link-url').fill('https://x.test/kiln');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/page\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  const doc = page.url().split('/').pop();
  const got = await get(base, `/api/pages/${doc}?populate[opening_hours]=true&populate[seo][populate][social][populate][link]=true`, token);
  assert.equal(got.status, 200, JSON.stringify(got.body));
  const seo = got.body.data.seo;
  assert.deepEqual([seo.metaTitle, seo.social.map((x) => [x.network, x.handle, x.link.url])], ['Opening times', [['x', '@kiln', 'https://x.test/kiln']]]);
  assert.deepEqual(got.body.data.opening_hours.map((h) => [h.day, h.opens.slice(0, 5)]), [['wednesday', '11:00'], ['tuesday', '10:30']]);
  // Read back into the form, in that order, and kept (same ids) on a save.
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  assert.equal(await page.getByRole('group', { name: 'opening_hours 1' }).getByLabel('day').inputValue(), 'wednesday');
  const ids = got.body.data.opening_hours.map((h) => h.id);
  await page.locator('#field-title').fill(`Opening times, again ${Date.now()}`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const again = await get(base, `/api/pages/${doc}?populate[0]=opening_hours`, token);
  assert.deepEqual(again.body.data.opening_hours.map((h) => h.id), ids, 'the items keep their rows');
});

test('locales: an entry written in English, then its French localization made and listed', async (t) => {
  const base = projects.locales;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Story', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  assert.equal(await page.getByLabel('Locale').inputValue(), 'en');
  const code = `story-${Date.now()}`;
  await page.locator('#field-title').fill('Hello');
  await page.locator('#field-code').fill(code);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/story\/(?!new)[a-z0-9]+\?locale=en$/.test(u.toString()));
  const doc = page.url().split('/').pop().split('?')[0];

  await page.getByLabel('Locale').selectOption('fr');
  await page.getByText('No French (fr) localization yet: Save makes it.').waitFor();
  await page.locator('#field-title').fill('Bonjour');
  await page.locator('#field-code').fill(`${code}-fr`);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const fr = await get(base, `/api/stories/${doc}?locale=fr&status=draft`, token);
  const en = await get(base, `/api/stories/${doc}?locale=en&status=draft`, token);
  assert.deepEqual([fr.status, fr.body.data.title, fr.body.data.locale], [200, 'Bonjour', 'fr']);
  assert.deepEqual([en.status, en.body.data.title], [200, 'Hello']);

  await page.getByLabel('Locale').selectOption('en');
  await page.waitForFunction(() => document.querySelector('#field-title').value === 'Hello');
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Story', exact: true }).click();
  await page.getByLabel('Locale').selectOption('fr');
  await page.getByRole('cell', { name: 'Bonjour' }).waitFor();
  // Available in: the story in both locales, a story only in English not in the French list.
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'Bonjour' }) });
  await row.getByRole('cell', { name: 'en, fr', exact: true }).waitFor();
  await page.getByLabel('Locale').selectOption('en');
  await page.getByRole('cell', { name: 'Hello', exact: true }).first().waitFor();
  const { body: enList } = await get(base, '/api/stories?locale=en&status=draft&pagination[pageSize]=25', token);
  const { body: frList } = await get(base, '/api/stories?locale=fr&status=draft&pagination[pageSize]=100', token);
  const inFr = new Set(frList.data.map((x) => x.documentId));
  const cells = await page.locator('tbody tr td:last-child').allTextContents();
  assert.deepEqual(cells, enList.data.map((x) => (inFr.has(x.documentId) ? 'en, fr' : 'en')));
});

test('locales: a French localization filled in from the English one, its component new, then saved', async (t) => {
  const base = projects.locales;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  const code = `fill-${Date.now()}`;
  const made = await post(base, '/api/stories?locale=en&status=draft', token, { data: { title: 'Morning', code, rating: 4, seo: { metaTitle: 'Morning, en' } } });
  assert.equal(made.status, 201);
  const doc = made.body.data.documentId;
  await page.goto(`${base}/admin#/content/story/${doc}?locale=fr`);
  await page.getByText('No French (fr) localization yet: Save makes it.').waitFor();
  assert.equal(await page.locator('#field-title').inputValue(), '');
  await page.getByLabel('Fill in from another locale').selectOption('en');
  await page.getByRole('button', { name: 'Fill in' }).click();
  await page.waitForFunction(() => document.querySelector('#field-title').value === 'Morning');
  assert.equal(await page.locator('#field-seo-metaTitle').inputValue(), 'Morning, en');
  await page.locator('#field-code').fill(`${code}-fr`);
  await page.locator('#field-title').fill('Matin');
  await axe(page, 'a localization filled in from another');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const fr = await get(base, `/api/stories/${doc}?locale=fr&status=draft&populate=seo`, token);
  const en = await get(base, `/api/stories/${doc}?locale=en&status=draft&populate=seo`, token);
  assert.deepEqual([fr.body.data.title, fr.body.data.code, fr.body.data.seo.metaTitle], ['Matin', `${code}-fr`, 'Morning, en']);
  assert.notEqual(fr.body.data.seo.id, en.body.data.seo.id, 'the French component is a row of its own');
  assert.deepEqual([en.body.data.title, en.body.data.seo.metaTitle], ['Morning', 'Morning, en']);
});

test('locales: Settings > Internationalization lists the configured locales as the API does, the default marked', async (t) => {
  const base = projects.locales;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Internationalization' }).click();
  await page.getByRole('table').waitFor();
  const { body: locales } = await get(base, '/api/i18n/locales', token);
  const rows = await page.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.cells].map((c) => c.textContent)));
  assert.deepEqual(rows, locales.map((l) => [l.code, l.name, l.isDefault ? 'Default' : '']));
  assert.ok(rows.length >= 2);
  await axe(page, 'Settings > Internationalization');
});

test('locales on a single type: its English entry, then its French localization made from the form', async (t) => {
  const base = projects.locales;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Frontpage', exact: true }).click();
  assert.equal(await page.getByLabel('Locale').inputValue(), 'en');
  await page.locator('#field-headline').fill('Welcome');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  await page.getByLabel('Locale').selectOption('fr');
  await page.getByText('No French (fr) localization yet: Save makes it.').waitFor();
  assert.equal(await page.locator('#field-headline').inputValue(), '');
  await page.locator('#field-headline').fill('Bienvenue');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const fr = await get(base, '/api/frontpage?locale=fr', token);
  const en = await get(base, '/api/frontpage?locale=en', token);
  assert.deepEqual([fr.status, fr.body.data.headline, fr.body.data.locale], [200, 'Bienvenue', 'fr']);
  assert.deepEqual([en.status, en.body.data.headline, en.body.data.locale], [200, 'Welcome', 'en']);
  // Back in English, the form reads the English entry.
  await page.getByLabel('Locale').selectOption('en');
  await page.waitForFunction(() => document.querySelector('#field-headline').value === 'Welcome');
});

test('a plugin of another module (testdata/plugin-module): its page in the navigation, drawn from its own route', async (t) => {
  const base = projects.bookshelf;
  const s = await signedIn(t, base);
  if (!s) return;
  const { page, token } = s;
  const made = await post(base, '/api/books', token, { data: { title: `Shelf ${Date.now()}` } });
  assert.equal(made.status, 201);
  const book = made.body.data;
  assert.equal((await post(base, `/api/books/${book.documentId}/reviews`, token, { rating: 4, body: 'Four stars, fairly won.' })).status, 201);
  const nav = page.getByRole('navigation', { name: 'Content Manager' });
  await nav.getByRole('link', { name: 'Ratings' }).click();
  await page.waitForURL((u) => u.hash === '#/plugins/reviews/ratings');
  await page.getByRole('heading', { name: 'Ratings', level: 1 }).waitFor();
  await page.getByLabel('Book').selectOption(book.documentId);
  const { body: rating } = await get(base, `/api/books/${book.documentId}/rating`, token);
  const reviews = page.locator('.figures div').filter({ hasText: /^Reviews/ }).locator('dd');
  await reviews.filter({ hasText: String(rating.data.reviews) }).waitFor();
  assert.equal(await page.locator('.figures div').filter({ hasText: /^Average/ }).locator('dd').textContent(), rating.data.average.toFixed(1));
  await axe(page, 'a plugin\'s page');
});
