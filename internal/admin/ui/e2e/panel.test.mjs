// The panel in a real browser (Debian's chromium through playwright-core)
// against a real kiln serve that e2e/run.sh started: KILN_BASE is its
// address, KILN_ADMIN_EMAIL and KILN_ADMIN_PASSWORD an admin's sign-in.
// Under CI=true a browser that cannot start fails the test; elsewhere it
// skips it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { axe, onPlatform } from './browser.mjs';

const { base, email, password, shared, api, adminJWT, signIn, open } = onPlatform();

test('sign in, browse a collection page by page and sorted, sign out', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page, requests } = o;
  const started = Date.now();
  await page.goto(`${base}/admin`);
  await page.getByRole('button', { name: 'Login' }).waitFor();
  t.diagnostic(`first view (the sign-in form drawn): ${Date.now() - started} ms`);
  await axe(page, 'the sign-in page');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByRole('alert').filter({ hasText: 'Invalid identifier or password' }).waitFor();

  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  const nav = page.getByRole('navigation', { name: 'Content Manager' });
  await nav.getByRole('link', { name: 'Program', exact: true }).waitFor();
  await axe(page, 'the panel');

  const jwt = await adminJWT();
  const { body: first } = await api('GET', '/api/programs?pagination[page]=1&pagination[pageSize]=25', jwt);
  const listed = Date.now();
  await nav.getByRole('link', { name: 'Program', exact: true }).click();
  await page.getByRole('table').getByText(`${first.meta.pagination.total} entries`).waitFor();
  t.diagnostic(`the programs' first page drawn: ${Date.now() - listed} ms`);
  assert.equal(await page.getByRole('row').count(), first.data.length + 1);
  await axe(page, 'a collection list');

  if (first.meta.pagination.pageCount > 1) {
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${first.meta.pagination.pageCount}`).waitFor();
  }
  // Sorted by title: the first row is the API's first of that sort.
  await page.getByRole('button', { name: 'title' }).click();
  const { body: sorted } = await api('GET', '/api/programs?pagination[page]=1&pagination[pageSize]=25&sort=title:asc', jwt);
  await page.getByRole('columnheader', { name: 'title' }).and(page.locator('[aria-sort="ascending"]')).waitFor();
  await page.getByRole('row').nth(1).getByRole('cell').first().filter({ hasText: String(sorted.data[0].id) }).waitFor();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByRole('button', { name: 'Login' }).waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.length), 0);
  const outside = requests.filter((u) => !u.startsWith(base + '/'));
  assert.deepEqual(outside, [], 'no request leaves the server');
});

test('a role config/admin.yaml does not let in is refused at sign-in', async (t) => {
  const o = await open(t);
  if (!o) return;
  const jwt = await adminJWT();
  const { body: roles } = await api('GET', '/api/users-permissions/roles', jwt);
  const learner = roles.roles.find((r) => r.type === 'learner');
  const who = `panel-learner-${Date.now()}@e2e.test`;
  const made = await api('POST', '/api/users', jwt, { username: who, email: who, password: 'Learner-pass-1', role: learner.id, confirmed: true });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  await signIn(o.page, who, 'Learner-pass-1');
  await o.page.getByRole('alert').filter({ hasText: 'This account may not use the admin panel.' }).waitFor();
  assert.equal(await o.page.evaluate(() => sessionStorage.length), 0);
});

test('a token the server no longer takes ends the session', async (t) => {
  const o = await open(t);
  if (!o) return;
  await o.page.goto(`${base}/admin`);
  await o.page.evaluate(() => sessionStorage.setItem('kiln-admin-token', 'not.a.token'));
  await o.page.reload();
  await o.page.getByRole('alert').filter({ hasText: 'Your session has ended' }).waitFor();
  await o.page.getByRole('button', { name: 'Login' }).waitFor();
});

// userOf makes a user of the role through the API, as the admin.
async function userOf(role) {
  const jwt = await adminJWT();
  const { body: roles } = await api('GET', '/api/users-permissions/roles', jwt);
  const who = `panel-${role}-${Date.now()}@e2e.test`;
  const made = await api('POST', '/api/users', jwt,
    { username: who, email: who, password: 'Panel-user-pass-1', role: roles.roles.find((r) => r.type === role).id, confirmed: true });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  return { who, token: jwt };
}

test('create, edit and delete an entry through the form, the server\'s refusals at their fields', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  page.on('dialog', (d) => (d.message().startsWith('Leave') ? d.dismiss() : d.accept()));
  await signIn(page);
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Customer', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  const name = `E2E Customer ${Date.now()}`;
  await page.getByLabel('name').fill(name);
  await page.getByLabel('industry').fill('Tests');
  await page.getByLabel('contactEmail').fill('buyer@e2e.test');
  await page.getByLabel('active').setChecked(false);
  await axe(page, 'the entry form');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/customer\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  const doc = page.url().split('/').pop();
  const jwt = await adminJWT();
  let got = await api('GET', `/api/customers/${doc}`, jwt);
  assert.equal(got.status, 200, `${page.url()}: ${JSON.stringify(got.body)}`);
  assert.deepEqual([got.status, got.body.data.name, got.body.data.industry, got.body.data.contactEmail, got.body.data.active],
    [200, name, 'Tests', 'buyer@e2e.test', false]);

  await page.getByLabel('industry').fill('Tested');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  got = await api('GET', `/api/customers/${doc}`, jwt);
  assert.equal(got.body.data.industry, 'Tested');

  // Unsaved changes: leaving asks, and staying keeps them.
  await page.getByLabel('industry').fill('Unsaved');
  await page.getByRole('link', { name: 'Back to the list' }).click();
  assert.equal(await page.getByLabel('industry').inputValue(), 'Unsaved');

  // The server refuses a name another customer has: the message is at the field.
  const other = await api('POST', '/api/customers', jwt, { data: { name: `${name} (other)` } });
  assert.equal(other.status, 201);
  await page.getByLabel('name').fill(`${name} (other)`);
  await page.getByRole('button', { name: 'Save' }).click();
  const fieldError = page.locator('#field-name-error');
  await fieldError.waitFor();
  assert.equal(await page.getByLabel('name').getAttribute('aria-invalid'), 'true');
  t.diagnostic(`the refusal at the name: ${await fieldError.textContent()}`);

  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('link', { name: 'Create new entry' }).waitFor();
  got = await api('GET', `/api/customers/${doc}`, jwt);
  assert.equal(got.status, 404);
});

test('a role without a permission sees no button for it, and the API refuses it if it tries', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  const { who } = await userOf('coach');
  await signIn(page, who, 'Panel-user-pass-1');
  const nav = page.getByRole('navigation', { name: 'Content Manager' });
  await nav.getByRole('link', { name: 'Program', exact: true }).click();
  await page.getByRole('table').waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Customer', exact: true }).count(), 0, 'the coach may not list customers');
  assert.equal(await page.getByRole('link', { name: 'Create new entry' }).count(), 0);
  await page.getByRole('row').nth(1).getByRole('link').click();
  await page.locator('#field-title').waitFor();
  assert.equal(await page.locator('#field-title').isDisabled(), true);
  assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Delete' }).count(), 0);
  const { body: coach } = await api('POST', '/api/auth/local', null, { identifier: who, password: 'Panel-user-pass-1' });
  const tried = await api('POST', '/api/programs', coach.jwt, { data: { title: 'Not mine to make' } });
  assert.deepEqual([tried.status, tried.body.error.name], [403, 'ForbiddenError']);
});

test('draft & publish: Save keeps a draft, Publish publishes; enumeration, integer and JSON fields', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Blueprint', exact: true }).click();
  await page.getByRole('link', { name: 'Create new entry' }).click();
  const title = `E2E Blueprint ${Date.now()}`;
  await page.locator('#field-title').fill(title);
  await page.getByLabel('level').selectOption('advanced');
  await page.getByLabel('durationWeeks').fill('12');
  await page.getByLabel('outline').fill('{"weeks": [1, 2]}');
  // A JSON that does not parse stays in the form, said at its field.
  await page.getByLabel('outline').fill('{"weeks": [1, 2]');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#field-outline-error').filter({ hasText: 'outline must be JSON' }).waitFor();
  await page.getByLabel('outline').fill('{"weeks": [1, 2]}');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL((u) => /#\/content\/blueprint\/(?!new$)[a-z0-9]+$/.test(u.toString()));
  await page.getByText('Status: Draft').waitFor();
  const doc = page.url().split('/').pop();
  const jwt = await adminJWT();
  let draft = await api('GET', `/api/blueprints/${doc}?status=draft`, jwt);
  assert.deepEqual([draft.status, draft.body.data.title, draft.body.data.level, draft.body.data.durationWeeks, draft.body.data.outline],
    [200, title, 'advanced', 12, { weeks: [1, 2] }]);
  assert.equal((await api('GET', `/api/blueprints/${doc}`, jwt)).status, 404, 'a draft is not published');

  await page.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('status').filter({ hasText: 'Published.' }).waitFor();
  await page.getByText('Status: Published').waitFor();
  const live = await api('GET', `/api/blueprints/${doc}`, jwt);
  assert.deepEqual([live.status, live.body.data.title], [200, title]);

  await page.getByRole('link', { name: 'Back to the list' }).click();
  await page.getByRole('columnheader', { name: 'Status' }).waitFor();
});

test('search a list and choose its columns', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  const jwt = await adminJWT();
  const { body: all } = await api('GET', '/api/programs?pagination[pageSize]=1', jwt);
  // The list's first page answers late, after the search's: the search's
  // answer must stay (CI once saw the late page replace it).
  let delayed = 0;
  await page.route(/\/api\/programs\?pagination\[page\]=1&pagination\[pageSize\]=25$/, async (route) => {
    if (delayed++ === 0) await new Promise((r) => setTimeout(r, 1000));
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Program', exact: true }).click();
  const word = all.data[0].title.split(' ')[0];
  const { body: found } = await api('GET', `/api/programs?filters[title][$containsi]=${encodeURIComponent(word)}&pagination[pageSize]=1`, jwt);
  await page.getByRole('searchbox', { name: 'Search' }).fill(word);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('table').getByText(`${found.meta.pagination.total} entries`).waitFor();
  await page.waitForTimeout(1200); // past the late first page
  assert.equal(delayed, 1, 'the first page was asked for, and held');
  await page.getByRole('table').getByText(`${found.meta.pagination.total} entries`).waitFor();
  for (const title of await page.getByRole('row').locator('td:nth-child(2)').allTextContents()) {
    assert.ok(title.toLowerCase().includes(word.toLowerCase()), `${title} does not contain ${word}`);
  }
  // A column switched off is gone from the table, and back when switched on.
  await page.getByText('Columns', { exact: true }).click();
  const slug = page.getByRole('columnheader', { name: 'slug' });
  await slug.waitFor();
  await page.getByRole('checkbox', { name: 'slug' }).uncheck();
  await slug.waitFor({ state: 'detached' });
  await page.getByRole('checkbox', { name: 'slug' }).check();
  await slug.waitFor();
  await axe(page, 'a list with its tools open');
});

test('Settings > API Tokens: a token made is shown once, works, and stops working when revoked', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  page.on('dialog', (d) => d.accept());
  await signIn(page);
  await page.getByRole('link', { name: 'API Tokens' }).click();
  const name = `e2e build ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Token type').selectOption('read-only');
  await page.getByLabel('Token duration').selectOption({ label: '7 days' });
  await page.getByRole('button', { name: 'Save' }).click();
  const key = await page.getByLabel('Token', { exact: true }).inputValue();
  assert.match(key, /^kiln_[A-Za-z0-9_-]{43}$/);
  await page.getByRole('row').filter({ hasText: name }).waitFor();
  await axe(page, 'the API tokens page');
  assert.equal((await api('GET', '/api/programs?pagination[pageSize]=1', key)).status, 200);
  assert.equal((await api('POST', '/api/customers', key, { data: { name: 'read-only may not' } })).status, 403);
  // The same name again: the server's refusal at the field.
  await page.getByLabel('Name').fill(name);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.locator('#token-name-error').waitFor();

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await page.getByRole('row').filter({ hasText: name }).waitFor({ state: 'detached' });
  assert.equal((await api('GET', '/api/programs?pagination[pageSize]=1', key)).status, 401);
});

test('the media library: several files uploaded with their progress, described, their formats shown, deleted', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  page.on('dialog', (d) => d.accept());
  await signIn(page);
  await page.getByRole('link', { name: 'Media Library' }).click();
  const files = new URL('../../../../testdata/media/files/', import.meta.url);
  const stamp = Date.now();
  const pick = ['photo.jpg', 'small.png'].map((n) => ({
    name: `${stamp}-${n}`, mimeType: n.endsWith('.png') ? 'image/png' : 'image/jpeg', buffer: readFileSync(new URL(n, files)),
  }));
  await page.getByLabel('Upload files').setInputFiles(pick);
  for (const f of pick) {
    await page.getByRole('listitem').filter({ hasText: `${f.name}` }).filter({ hasText: 'done' }).waitFor();
    assert.equal(await page.getByRole('progressbar', { name: `Upload of ${f.name}` }).getAttribute('value'), '1');
  }
  const jwt = await adminJWT();
  const { body: listed } = await api('GET', `/api/upload/files?filters[name][$startsWith]=${stamp}`, jwt);
  assert.deepEqual(listed.map((f) => f.name).sort(), pick.map((f) => f.name).sort());
  const photo = listed.find((f) => f.name.endsWith('photo.jpg'));
  // The photo's formats are listed, its thumbnail previewed from the server.
  const row = page.getByRole('row').filter({ hasText: photo.name });
  await row.getByText('thumbnail').waitFor();
  assert.ok((await row.locator('img').getAttribute('src')).startsWith('/uploads/thumbnail_')); // alt "": decorative until described
  await axe(page, 'the media library');

  await page.getByRole('button', { name: `Edit ${photo.name}` }).click();
  await page.getByLabel('Alternative text').fill('A photo for the e2e test');
  await page.getByLabel('Caption').fill('Taken by the browser test');
  await page.getByRole('button', { name: 'Save' }).click();
  await row.getByText('A photo for the e2e test').waitFor();
  const { body: described } = await api('GET', `/api/upload/files/${photo.id}`, jwt);
  assert.deepEqual([described.alternativeText, described.caption], ['A photo for the e2e test', 'Taken by the browser test']);

  // Dropped rather than picked.
  const dropped = await page.evaluateHandle((name) => {
    const dt = new DataTransfer();
    dt.items.add(new File(['notes dropped on the library'], name, { type: 'text/plain' }));
    return dt;
  }, `${stamp}-dropped.txt`);
  await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer: dropped });
  await page.getByRole('listitem').filter({ hasText: `${stamp}-dropped.txt` }).filter({ hasText: 'done' }).waitFor();
  await page.getByRole('row').filter({ hasText: `${stamp}-dropped.txt` }).waitFor();

  await page.getByRole('searchbox', { name: 'Search' }).fill(`${stamp}-small`);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('1 files').waitFor();

  await page.getByRole('searchbox', { name: 'Search' }).fill(String(stamp));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByText('3 files').waitFor();
  // Filtered by the kind of file, as the API's own filter on mime answers.
  await page.getByLabel('Type of file').selectOption('files');
  await page.getByText('1 files').waitFor();
  await page.getByRole('row').filter({ hasText: `${stamp}-dropped.txt` }).waitFor();
  await page.getByLabel('Type of file').selectOption('images');
  await page.getByText('2 files').waitFor();
  assert.equal(await page.getByRole('row').filter({ hasText: `${stamp}-dropped.txt` }).count(), 0);
  await page.getByLabel('Type of file').selectOption('');
  await page.getByText('3 files').waitFor();
  await page.getByRole('button', { name: `Delete ${photo.name}` }).click();
  await page.getByText('2 files').waitFor();
  assert.equal((await api('GET', `/api/upload/files/${photo.id}`, jwt)).status, 404);
});

test('Settings > Webhooks: made in the panel, delivered to a receiver, its log shown, redelivered', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  page.on('dialog', (d) => d.accept());
  const { createServer } = await import('node:http');
  const got = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { got.push(JSON.parse(body)); res.writeHead(204).end(); });
  });
  await new Promise((r) => receiver.listen(0, '127.0.0.1', r));
  t.after(() => receiver.close());

  await signIn(page);
  await page.getByRole('link', { name: 'Webhooks' }).click();
  const name = `e2e-hook-${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('URL').fill(`http://127.0.0.1:${receiver.address().port}/hook`);
  await page.getByLabel('entry.delete').check();
  await page.getByRole('button', { name: 'Save' }).click();
  assert.match(await page.getByLabel('Secret').inputValue(), /^[0-9a-f]{64}$/);
  await page.getByRole('row').filter({ hasText: name }).waitFor();
  await axe(page, 'the webhooks page');

  const jwt = await adminJWT();
  const made = await api('POST', '/api/customers', jwt, { data: { name: `${name} customer` } });
  assert.equal(made.status, 201);
  for (let i = 0; i < 100 && !got.some((p) => p.event === 'entry.create' && p.entry && p.entry.name === `${name} customer`); i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.ok(got.some((p) => p.event === 'entry.create'), `the receiver got ${JSON.stringify(got)}`);

  await page.getByRole('button', { name: `Deliveries of ${name}` }).click();
  const log = page.getByRole('region', { name: `Deliveries of ${name}` });
  await log.getByRole('cell', { name: 'delivered' }).first().waitFor();
  const before = got.length;
  await log.getByRole('button', { name: /^Redeliver / }).first().click();
  for (let i = 0; i < 100 && got.length === before; i++) await new Promise((r) => setTimeout(r, 100));
  assert.equal(got.length, before + 1, 'the redelivery reached the receiver');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('row').filter({ hasText: name }).first().waitFor({ state: 'detached' });
});

test('the dashboard draws the analytics endpoints\' figures', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  const jwt = await adminJWT();
  const { body: d } = await api('GET', '/api/analytics/dashboard', jwt);
  // The analytics plugin's card on the home page, then its page.
  const card = page.getByRole('region', { name: 'Learning at a glance' });
  await card.getByText(`${d.data.learners.active} of ${d.data.learners.total}`).waitFor();
  assert.equal(await card.locator('dd').first().textContent(), String(d.data.programs.total));
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await page.waitForURL((u) => u.hash === '#/plugins/analytics/dashboard');
  const programs = page.getByRole('img', { name: /^Programs by status:/ });
  await programs.waitFor();
  const said = Object.entries(d.data.programs.byStatus).map(([k, v]) => `${k} ${v}`).join(', ');
  assert.equal(await programs.getAttribute('aria-label'), `Programs by status: ${said}`);
  const enrolments = Object.entries(d.data.enrollments.byStatus).map(([k, v]) => `${k} ${v}`).join(', ');
  assert.equal(await page.getByRole('img', { name: /^Enrolments by status:/ }).getAttribute('aria-label'), `Enrolments by status: ${enrolments}`);
  assert.equal(await page.locator('.chart').first().locator('rect').count(), Object.keys(d.data.programs.byStatus).length);
  await page.getByText(`${d.data.customers.active} of ${d.data.customers.total}`).waitFor();
  // Enrolments by month: this month's bar is the API's count of the month.
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const { body: month } = await api('GET', `/api/enrollments?filters[createdAt][$gte]=${from}&pagination[pageSize]=1`, jwt);
  const label = await page.getByRole('img', { name: /^Enrolments by month:/ }).getAttribute('aria-label');
  assert.ok(label.endsWith(` ${month.meta.pagination.total}`), `${label} ends with this month's ${month.meta.pagination.total}`);
  await axe(page, 'the dashboard');
});

test('relations in the form: a to-one chosen by search, a to-many added, reordered and removed, checked through the API', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  const jwt = await adminJWT();
  const { body: progs } = await api('GET', '/api/programs?pagination[pageSize]=1&populate[0]=customer', jwt);
  const prog = progs.data[0];
  const { body: customers } = await api('GET', '/api/customers?pagination[pageSize]=5', jwt);
  const other = customers.data.find((c) => !prog.customer || c.documentId !== prog.customer.documentId);
  const { body: coaches } = await api('GET', '/api/coaches?pagination[pageSize]=3', jwt);
  const [c1, c2, c3] = coaches.data;
  const label = (c) => c.name || c.documentId;

  await page.goto(`${base}/admin#/content/program/${prog.documentId}`);
  await page.locator('#field-title').waitFor();
  // Clear the coaches the program has, then add three and shape the list.
  const coachesBox = page.getByRole('group', { name: 'coaches' });
  while (await coachesBox.getByRole('button', { name: /^Remove / }).count() > 0) {
    await coachesBox.getByRole('button', { name: /^Remove / }).first().click();
  }
  for (const c of [c1, c2, c3]) {
    await page.getByLabel('Add to coaches').fill(label(c));
    await coachesBox.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: `Pick ${label(c)}` }).first().click();
  }
  await page.getByRole('button', { name: `Move ${label(c3)} up` }).click(); // c1, c3, c2
  await page.getByRole('button', { name: `Remove ${label(c1)} from coaches` }).click(); // c3, c2
  await page.getByLabel('Choose customer').fill(other.name);
  await page.getByRole('group', { name: 'customer' }).getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: `Pick ${other.name}` }).first().click();
  await axe(page, 'a form with relations');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

  const { body: after } = await api('GET', `/api/programs/${prog.documentId}?populate[0]=customer&populate[1]=coaches`, jwt);
  assert.equal(after.data.customer.documentId, other.documentId);
  assert.deepEqual(after.data.coaches.map((c) => c.documentId), [c3.documentId, c2.documentId]);
});

test('made for people: a keyboard alone signs in and opens a list; a phone\'s width and 200 % zoom need no sideways scrolling', async (t) => {
  if (shared.skip) return t.skip(shared.skip);
  for (const [w, h, what] of [[375, 740, 'a phone'], [640, 400, '1280×800 at 200 %']]) {
    const context = await shared.browser.newContext({ viewport: { width: w, height: h } });
    const page = await context.newPage();
    await page.goto(`${base}/admin`);
    // The keyboard alone: focus moves to Email, Password, Login.
    await page.keyboard.press('Tab');
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    const link = page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Program', exact: true });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('table').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `${what}: the page is ${overflow}px wider than the screen`);
    await axe(page, `a list on ${what}`);
    await context.close();
  }
});

test('plugins\' pages, cards and sections per role: the admin sees the analytics and coaching ones, a coach only those of their actions', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  const { body: listed } = await api('GET', '/admin/plugins.json');
  assert.deepEqual(listed.pages.map((p) => `${p.plugin}/${p.path} ${p.action}`),
    ['analytics/dashboard analytics.dashboard', 'coaching/coach-week coaching.availability']);
  const links = (nav) => nav.getByRole('link').evaluateAll((as) => as.map((a) => a.textContent).filter((x) => ['Dashboard', 'Coach\'s week'].includes(x)));
  const nav = page.getByRole('navigation', { name: 'Content Manager' });
  await signIn(page);
  await nav.getByRole('link', { name: 'Coach\'s week' }).waitFor();
  assert.deepEqual(await links(nav), ['Dashboard', 'Coach\'s week']);
  await page.getByRole('region', { name: 'Learning at a glance' }).waitFor();

  await page.getByRole('button', { name: 'Sign out' }).click();
  const { who } = await userOf('coach');
  await signIn(page, who, 'Panel-user-pass-1');
  await nav.getByRole('link', { name: 'Coach\'s week' }).click();
  await page.getByRole('heading', { name: 'Coach\'s week', level: 1 }).waitFor();
  assert.deepEqual(await links(nav), ['Coach\'s week'], 'the coach has coaching.availability, not analytics.dashboard');
  // The dashboard's address shows the coach no page of it, and home no card.
  await page.goto(`${base}/admin#/plugins/analytics/dashboard`);
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Learning at a glance' }).count(), 0);
  assert.equal(await page.getByRole('heading', { name: 'Dashboard' }).count(), 0);
});

test('configure the view on a server that does not write config/views.yaml: the lines to add shown, no Save; a coach without the action sees no link', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Content Manager' });
  await nav.getByRole('link', { name: 'Program', exact: true }).click();
  await page.getByRole('link', { name: 'Configure the view' }).click();
  await page.getByLabel('Entries per page').selectOption('50');
  await page.getByLabel('Sorted by').selectOption('title');
  await page.locator('pre').filter({ hasText: 'pageSize: 50' }).waitFor();
  const jwt = await adminJWT();
  const { body: views } = await api('GET', '/api/content-manager/views', jwt);
  const v = views.data['api::program.program'];
  assert.equal(await page.locator('pre').textContent(),
    `program:\n  mainField: ${v.mainField}\n  columns: [${v.columns.join(', ')}]\n  pageSize: 50\n  sort: title:asc\n`);
  assert.equal(await page.getByRole('button', { name: 'Save' }).count(), 0);
  await axe(page, 'configure the view, read-only');

  await page.getByRole('button', { name: 'Sign out' }).click();
  const { who } = await userOf('coach');
  await signIn(page, who, 'Panel-user-pass-1');
  await nav.getByRole('link', { name: 'Program', exact: true }).click();
  await page.getByRole('table').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Configure the view' }).count(), 0);
});

test('a filtered list is a link; entries chosen are published, then deleted, together, each checked through the API', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  page.on('dialog', (d) => d.accept()); // "Delete 2 entries?"
  const jwt = await adminJWT();
  const stamp = `Bulk ${Date.now()}`;
  const made = [];
  for (const n of [1, 2, 3]) {
    const r = await api('POST', '/api/blueprints?status=draft', jwt, { data: { title: `${stamp} ${n}` } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    made.push(r.body.data.documentId);
  }
  await signIn(page);
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Blueprint', exact: true }).click();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Field').selectOption('title');
  await page.getByLabel('Operator').selectOption('$containsi');
  await page.getByLabel('Value').fill(stamp);
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('table').getByText('3 entries').waitFor();
  await page.getByRole('button', { name: 'title', exact: true }).click(); // sorted by title
  await page.getByRole('columnheader', { name: 'title' }).and(page.locator('[aria-sort="ascending"]')).waitFor();
  // The address holds the list: opened anew, it is the same list.
  await page.waitForURL((u) => u.hash.includes('sort=title%3Aasc'));
  const address = page.url();
  assert.ok(address.includes(`filters[$and][0][title][$containsi]=${encodeURIComponent(stamp)}`) && address.includes('sort=title%3Aasc'), address);
  await page.goto(`${base}/admin`);
  await page.getByRole('heading', { name: 'Welcome' }).waitFor();
  await page.goto(address);
  await page.getByRole('table').getByText('3 entries').waitFor();
  await page.getByRole('list', { name: 'Active filters' }).getByText(`title contains ${stamp}`).waitFor();
  assert.deepEqual(await page.locator('tbody tr td:nth-child(2)').allTextContents(), [`${stamp} 1`, `${stamp} 2`, `${stamp} 3`]);
  await axe(page, 'a list with entries to choose');

  await page.getByLabel('Choose every entry of this page').check();
  const bar = page.getByRole('group', { name: 'Chosen entries' });
  await bar.getByText('3 entries chosen').waitFor();
  await bar.getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('status').filter({ hasText: 'Published 3 entries.' }).waitFor();
  const { body: pub } = await api('GET', `/api/blueprints?filters[title][$containsi]=${encodeURIComponent(stamp)}`, jwt);
  assert.deepEqual(pub.data.map((b) => b.documentId).sort(), [...made].sort());
  await page.locator('tbody tr').filter({ hasText: 'Published' }).nth(2).waitFor(); // the list read again
  assert.equal(await page.locator('tbody tr').filter({ hasText: 'Draft' }).count(), 0);

  await page.locator('tbody tr').filter({ hasText: `${stamp} 1` }).getByRole('checkbox').check();
  await page.locator('tbody tr').filter({ hasText: `${stamp} 3` }).getByRole('checkbox').check();
  await bar.getByText('2 entries chosen').waitFor();
  await bar.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('status').filter({ hasText: 'Deleted 2 entries.' }).waitFor();
  await page.getByRole('table').getByText('1 entries').waitFor();
  const left = await api('GET', `/api/blueprints?status=draft&filters[title][$containsi]=${encodeURIComponent(stamp)}`, jwt);
  assert.deepEqual(left.body.data.map((b) => b.title), [`${stamp} 2`]);

  // A coach may read programs, not change them: nothing to choose.
  await page.getByRole('button', { name: 'Sign out' }).click();
  const { who } = await userOf('coach');
  await signIn(page, who, 'Panel-user-pass-1');
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Program', exact: true }).click();
  await page.getByRole('table').waitFor();
  assert.equal(await page.getByRole('checkbox').count(), 0);
});

test('a coach\'s week: events and free slots by day from the real endpoints; learners assigned within capacity, and unassigned', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  const jwt = await adminJWT();
  const { body: coaches } = await api('GET', '/api/coaches?pagination[pageSize]=100&sort=name:asc', jwt);
  const coach = coaches.data[0];
  // An event of this coach this week, made through the API, is in the calendar.
  const now = new Date();
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - ((now.getUTCDay() + 6) % 7)));
  const start = new Date(monday.getTime() + 3 * 86400000 + 6 * 3600000); // Thursday 06:00 UTC
  const title = `E2E session ${Date.now()}`;
  const ev = await api('POST', '/api/events', jwt, { data: { title, startAt: start.toISOString(),
    endAt: new Date(start.getTime() + 3600000).toISOString(), coach: coach.documentId } });
  assert.equal(ev.status, 201, JSON.stringify(ev.body));

  await page.getByRole('link', { name: 'Coach\'s week' }).click();
  await page.getByLabel('Coach').selectOption(String(coach.id));
  const thursday = page.getByRole('region', { name: `Thu ${start.toISOString().slice(0, 10)}` });
  await thursday.getByText(`06:00–07:00 ${title}`).waitFor();
  const from = monday.toISOString().slice(0, 19);
  const to = new Date(monday.getTime() + 7 * 86400000).toISOString().slice(0, 19);
  const { body: free } = await api('GET', `/api/coaches/${coach.id}/availability?from=${from}&to=${to}&duration=30`, jwt);
  assert.equal(await page.locator('.free').count(), free.data.length, 'every free slot the endpoint gives is drawn');
  await axe(page, 'a coach\'s week');

  // Assign a learner who is not the coach's, then unassign them.
  const { body: mine } = await api('GET', `/api/coaches/${coach.id}/learners?pagination[pageSize]=100`, jwt);
  const { body: all } = await api('GET', '/api/learners?pagination[pageSize]=100', jwt);
  const other = all.data.find((l) => !mine.data.some((m) => m.documentId === l.documentId));
  const learners = page.getByRole('region', { name: 'Learners' });
  await page.getByLabel('Add to learners').fill(other.name);
  await learners.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('button', { name: `Pick ${other.name}` }).first().click();
  const full = mine.data.length >= coach.maxLearners;
  if (full) {
    await page.getByRole('alert').waitFor(); // the server's refusal past maxLearners
  } else {
    await learners.getByRole('button', { name: `Unassign ${other.name}` }).waitFor();
    const { body: after } = await api('GET', `/api/coaches/${coach.id}/learners?pagination[pageSize]=100`, jwt);
    assert.ok(after.data.some((l) => l.documentId === other.documentId));
    await learners.getByRole('button', { name: `Unassign ${other.name}` }).click();
    await learners.getByRole('button', { name: `Unassign ${other.name}` }).waitFor({ state: 'detached' });
  }
});

test('a program\'s, a customer\'s and a coach\'s figures and charts under their forms, from the analytics endpoints', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  const jwt = await adminJWT();
  for (const [plural, apiID] of [['programs', 'program'], ['customers', 'customer'], ['coaches', 'coach']]) {
    const { body: list } = await api('GET', `/api/${plural}?pagination[pageSize]=1`, jwt);
    const doc = list.data[0].documentId;
    const { body: f } = await api('GET', `/api/analytics/${plural}/${doc}`, jwt);
    await page.goto(`${base}/admin#/content/${apiID}/${doc}`);
    const figures = page.getByRole('region', { name: 'Figures' });
    const hours = figures.locator('div').filter({ hasText: /^hoursDelivered/ }).locator('dd');
    await hours.waitFor();
    assert.equal(await hours.textContent(), String(f.data.hoursDelivered));
    const rate = figures.locator('div').filter({ hasText: /^attendanceRate/ }).locator('dd');
    assert.equal(await rate.textContent(), `${Math.round(f.data.attendanceRate * 100)} %`);
    // The events chart says the endpoint's numbers.
    const events = Object.entries(f.data.events).map(([k, v]) => `${k} ${v}`).join(', ');
    assert.equal(await figures.getByRole('img', { name: /^Events:/ }).getAttribute('aria-label'), `Events: ${events}`);
    await axe(page, `a ${apiID}'s figures`);
  }
});
