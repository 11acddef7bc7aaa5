// The Settings pages in a real browser against the platform that
// e2e/run.sh serves (KILN_BASE, an admin's KILN_ADMIN_EMAIL and
// KILN_ADMIN_PASSWORD): a custom API token made in the grid and tried
// through the REST API, the server's refusal of an unknown action, and a
// webhook edited and read back. Under CI=true a browser that cannot
// start fails the test; elsewhere it skips it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, onPlatform } from './browser.mjs';

const { base, api, adminJWT, signIn, open } = onPlatform();

test('Settings > API Tokens: a custom token ticked in the grid may take those actions and no other', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page, requests } = o;
  page.on('dialog', (d) => d.accept());
  await signIn(page);
  await page.getByRole('link', { name: 'API Tokens' }).click();
  const name = `e2e custom ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Token type').selectOption('custom');
  const grid = page.getByRole('table', { name: 'Actions of each content type' });
  await grid.waitFor();
  // The grid has the platform's types, each with its kind's actions.
  await grid.getByRole('rowheader', { name: 'Program', exact: true }).waitFor();
  assert.equal(await grid.getByLabel('program findOne', { exact: true }).count(), 1);
  assert.equal(await grid.getByLabel('blueprint readDrafts', { exact: true }).count(), 1, 'a draft & publish type has readDrafts');
  assert.equal(await grid.getByLabel('program readDrafts', { exact: true }).count(), 0, 'a type without draft & publish has none');
  await axe(page, 'the API tokens page with the custom grid open');

  // Select all ticks a row; ticking it again unticks it.
  const all = grid.getByLabel('customer select all', { exact: true });
  await all.check();
  assert.ok(await grid.getByLabel('customer delete', { exact: true }).isChecked());
  await all.uncheck();
  assert.equal(await grid.getByLabel('customer find', { exact: true }).isChecked(), false);

  // By the keyboard: the boxes are reached with Tab and ticked with Space.
  await grid.getByLabel('program find', { exact: true }).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'program findOne');
  await page.keyboard.press('Space');
  assert.equal(await grid.getByLabel('program select all', { exact: true }).evaluate((el) => el.indeterminate), true);
  await page.getByRole('button', { name: 'Save' }).click();

  const key = await page.getByLabel('Token', { exact: true }).inputValue();
  assert.match(key, /^kiln_[A-Za-z0-9_-]{43}$/);
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByText('2 actions').click();
  await row.getByText('program.findOne').waitFor();

  assert.equal((await api('GET', '/api/programs?pagination[pageSize]=1', key)).status, 200);
  assert.equal((await api('GET', '/api/customers?pagination[pageSize]=1', key)).status, 403);
  assert.equal((await api('POST', '/api/programs', key, { data: { title: 'a custom token may not' } })).status, 403);
  const jwt = await adminJWT();
  const { body: listed } = await api('GET', '/api/admin/api-tokens', jwt);
  const made = listed.data.find((x) => x.name === name);
  assert.deepEqual([made.type, made.permissions], ['custom', ['program.find', 'program.findOne']]);

  await page.getByRole('button', { name: `Revoke ${name}` }).click();
  await row.waitFor({ state: 'detached' });
  assert.deepEqual(requests.filter((u) => !u.startsWith(base + '/')), [], 'no request leaves the server');
});

test('Settings > API Tokens: an unknown typed action is refused, the server\'s message at the field', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  await page.getByRole('link', { name: 'API Tokens' }).click();
  const name = `e2e unknown ${Date.now()}`;
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Token type').selectOption('custom');
  await page.getByLabel('program find', { exact: true }).check();
  const other = page.getByLabel('Other actions');
  await other.fill('analytics.dashboard, analytics.nope');
  await page.getByRole('button', { name: 'Save' }).click();
  const error = page.locator('#token-permissions-error');
  await error.filter({ hasText: '"analytics.nope" is no action a token may take' }).waitFor();
  assert.equal(await other.getAttribute('aria-invalid'), 'true');
  assert.equal(await other.getAttribute('aria-describedby'), 'token-permissions-error');
  await axe(page, 'the API tokens page with a refusal');
  const jwt = await adminJWT();
  const { body: listed } = await api('GET', '/api/admin/api-tokens', jwt);
  assert.equal(listed.data.some((x) => x.name === name), false, 'nothing was made');

  // The refusal gone once the action is one the server knows.
  await other.fill('analytics.dashboard');
  await page.getByRole('button', { name: 'Save' }).click();
  assert.match(await page.getByLabel('Token', { exact: true }).inputValue(), /^kiln_/);
  await error.waitFor({ state: 'detached' });
  const key = await page.getByLabel('Token', { exact: true }).inputValue();
  assert.equal((await api('GET', '/api/analytics/dashboard', key)).status, 200);
  const { body: after } = await api('GET', '/api/admin/api-tokens', jwt);
  const made = after.data.find((x) => x.name === name);
  await api('DELETE', `/api/admin/api-tokens/${made.id}`, jwt);
});

test('Settings > Webhooks: a webhook edited in the form, only what changed sent, a refusal at its field', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  page.on('dialog', (d) => d.accept());
  const jwt = await adminJWT();
  const name = `e2e-edit-${Date.now()}`;
  const made = await api('POST', '/api/admin/webhooks', jwt, { data: {
    name, url: 'https://hooks.example.com/old', events: ['entry.create', 'learner.assigned'], types: ['program'], headers: { 'X-Team': 'a' },
  } });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const id = made.body.data.id;
  t.after(() => api('DELETE', `/api/admin/webhooks/${id}`, jwt));

  await signIn(page);
  await page.getByRole('link', { name: 'Webhooks' }).click();
  const edit = page.getByRole('button', { name: `Edit ${name}`, exact: true });
  await edit.click();
  const form = page.getByRole('form', { name: `Edit webhook ${name}` });
  await form.waitFor();
  // The form holds the webhook, the focus in its first input.
  await page.waitForFunction(() => document.activeElement.id === 'hook-name', null, { timeout: 2000 });
  assert.equal(await form.getByLabel('Name').inputValue(), name);
  assert.equal(await form.getByLabel('URL').inputValue(), 'https://hooks.example.com/old');
  assert.ok(await form.getByLabel('entry.create').isChecked());
  assert.equal(await form.getByLabel('entry.update').isChecked(), false);
  assert.equal(await form.getByLabel('Other events').inputValue(), 'learner.assigned');
  assert.ok(await form.getByLabel('Enabled').isChecked());
  assert.ok(await form.getByLabel('Program', { exact: true }).isChecked());
  assert.equal(await form.getByLabel('Coach', { exact: true }).isChecked(), false);
  assert.equal(await form.getByLabel('Headers').inputValue(), 'X-Team: a');
  assert.equal(await page.getByRole('form', { name: 'Create new webhook' }).count(), 0, 'one form at a time');
  await axe(page, 'the webhooks page with the edit form open');

  // Escape leaves the edit, the focus back on its Edit.
  await page.keyboard.press('Escape');
  await form.waitFor({ state: 'detached' });
  await page.waitForFunction((label) => document.activeElement.getAttribute('aria-label') === label, `Edit ${name}`, { timeout: 2000 });

  // A URL the server refuses: its message at the URL.
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement.id === 'hook-name', null, { timeout: 2000 });
  await form.getByLabel('URL').fill('ftp://hooks.example.com/new');
  await form.getByRole('button', { name: 'Save' }).click();
  await form.locator('#hook-url-error').filter({ hasText: 'an http or https URL' }).waitFor();
  assert.equal(await form.getByLabel('URL').getAttribute('aria-invalid'), 'true');
  assert.equal((await api('GET', `/api/admin/webhooks/${id}`, jwt)).body.data.url, 'https://hooks.example.com/old');

  const renamed = `${name}-renamed`;
  await form.getByLabel('Name').fill(renamed);
  await form.getByLabel('URL').fill('https://hooks.example.com/new');
  await form.getByLabel('entry.create').uncheck();
  await form.getByLabel('entry.update').check();
  await form.getByLabel('Other events').fill('learner.assigned, event.scheduled');
  await form.getByLabel('Enabled').uncheck();
  const sent = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/webhooks/${id}`));
  await form.getByRole('button', { name: 'Save' }).click();
  const body = JSON.parse((await sent).postData());
  assert.deepEqual(Object.keys(body.data).sort(), ['enabled', 'events', 'name', 'url']);
  await page.getByRole('status').filter({ hasText: `Webhook "${renamed}" saved.` }).waitFor();
  const row = page.getByRole('row').filter({ hasText: renamed });
  await row.getByText('https://hooks.example.com/new').waitFor();

  const { body: listed } = await api('GET', '/api/admin/webhooks', jwt);
  const hook = listed.data.find((h) => h.id === id);
  assert.equal(hook.name, renamed);
  assert.equal(hook.url, 'https://hooks.example.com/new');
  assert.deepEqual([...hook.events].sort(), ['entry.update', 'event.scheduled', 'learner.assigned']);
  assert.equal(hook.enabled, false);
  // What the form did not change is kept.
  assert.deepEqual(hook.types, ['program']);
  assert.deepEqual(hook.headers, { 'X-Team': 'a' });

  // Its types and headers changed: only they are sent; a line that is no
  // header is refused at the field first.
  await page.getByRole('button', { name: `Edit ${renamed}`, exact: true }).click();
  const again = page.getByRole('form', { name: `Edit webhook ${renamed}` });
  await again.getByLabel('Coach', { exact: true }).check();
  await again.getByLabel('Headers').fill('X-Team: a\nnot a header');
  await again.getByRole('button', { name: 'Save' }).click();
  await again.locator('#hook-headers-error').filter({ hasText: 'header line 2 is not "Name: value"' }).waitFor();
  await again.getByLabel('Headers').fill('X-Team: a\nX-Env: test');
  const sentAgain = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/admin/webhooks/${id}`));
  await again.getByRole('button', { name: 'Save' }).click();
  assert.deepEqual(Object.keys(JSON.parse((await sentAgain).postData()).data).sort(), ['headers', 'types']);
  await page.getByRole('status').filter({ hasText: `Webhook "${renamed}" saved.` }).waitFor();
  const changed = (await api('GET', `/api/admin/webhooks/${id}`, jwt)).body.data;
  assert.deepEqual([[...changed.types].sort(), changed.headers], [['coach', 'program'], { 'X-Team': 'a', 'X-Env': 'test' }]);

  // Saved again with nothing changed: no request.
  await page.getByRole('button', { name: `Edit ${renamed}`, exact: true }).click();
  let puts = 0;
  page.on('request', (r) => { if (r.method() === 'PUT') puts++; });
  await page.getByRole('form', { name: `Edit webhook ${renamed}` }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('status').filter({ hasText: 'nothing changed' }).waitFor();
  assert.equal(puts, 0);
});

test('users: one made in Settings > Users, given another role, blocked and let back in, each checked through the API', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  await signIn(page);
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Users', exact: true }).click();
  const who = `panel-made-${Date.now()}`;
  const form = page.getByRole('form', { name: 'Create a user' });
  await form.getByLabel('Username').fill(who);
  await form.getByLabel('Email').fill(`${who}@e2e.test`);
  await form.getByLabel('Password').fill('Made-in-panel-1');
  await form.getByLabel('Role').selectOption({ label: 'Learner' });
  await form.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('status').filter({ hasText: `Made ${who}.` }).waitFor();
  const jwt = await adminJWT();
  const find = async () => (await api('GET', `/api/users?filters[username][$eq]=${who}&populate=role`, jwt)).body[0];
  let u = await find();
  assert.deepEqual([u.email, u.role.type, u.blocked, u.confirmed], [`${who}@e2e.test`, 'learner', false, true]);
  await axe(page, 'Settings > Users');

  await page.getByLabel(`Role of ${who}`).selectOption({ label: 'Coach' });
  await page.getByRole('status').filter({ hasText: `${who} is now Coach.` }).waitFor();
  assert.equal((await find()).role.type, 'coach');

  await page.getByRole('button', { name: `Block ${who}` }).click();
  await page.getByRole('status').filter({ hasText: `${who} is blocked.` }).waitFor();
  assert.equal((await find()).blocked, true);
  const refused = await api('POST', '/api/auth/local', null, { identifier: who, password: 'Made-in-panel-1' });
  assert.deepEqual([refused.status, refused.body.error.message], [400, 'Your account has been blocked by an administrator']);
  await page.getByRole('button', { name: `Unblock ${who}` }).click();
  await page.getByRole('status').filter({ hasText: `${who} is unblocked.` }).waitFor();
  assert.equal((await api('POST', '/api/auth/local', null, { identifier: who, password: 'Made-in-panel-1' })).status, 200);
});
