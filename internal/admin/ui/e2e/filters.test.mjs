// The list's filters in a real browser against a real kiln serve that
// e2e/run.sh started (the platform, its small demo set: KILN_BASE): each
// filter added through the panel shows the rows the REST API answers for
// the same filter, written by hand in Strapi's syntax. Under CI=true a
// browser that cannot start fails the test; elsewhere it skips it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axe, onPlatform } from './browser.mjs';

const { api, adminJWT: session, signIn, open } = onPlatform();

// sameRows waits until the list shows the API's answer: its entries' ids
// in its order, and its total in the caption.
async function sameRows(page, answer, what) {
  const want = answer.data.map((e) => String(e.id));
  const caption = `${answer.meta.pagination.total} entries`;
  let shown = [];
  let said = '';
  for (let i = 0; i < 50; i++) {
    shown = await page.locator('tbody tr td:first-child').allTextContents();
    said = await page.locator('caption').textContent().catch(() => '');
    if (said === caption && JSON.stringify(shown) === JSON.stringify(want)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual({ caption: said, ids: shown }, { caption, ids: want }, what);
}

const firstPage = 'pagination[page]=1&pagination[pageSize]=25';

test('filters on programs: an enumeration, a number by keyboard alone and a text, each the API\'s answer; the chips remove them', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  const token = await session();
  await signIn(page);
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Program', exact: true }).click();
  const all = (await api('GET', `/api/programs?${firstPage}`, token)).body;
  await sameRows(page, all, 'the programs before any filter');

  // status is published, through the form's selects.
  const filtersButton = page.getByRole('button', { name: /^Filters/ });
  await filtersButton.click();
  assert.equal(await filtersButton.getAttribute('aria-expanded'), 'true');
  const form = page.getByRole('form', { name: 'Add a filter' });
  await form.getByLabel('Field').selectOption('status');
  await form.getByLabel('Operator').selectOption('$eq');
  await form.getByLabel('Value').selectOption('published');
  await axe(page, 'a list with the filter form open');
  await form.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('button', { name: 'Remove filter status is published' }).waitFor();
  const published = (await api('GET', `/api/programs?${firstPage}&filters[status][$eq]=published`, token)).body;
  assert.ok(published.data.length > 0, 'the small seed has published programs');
  await sameRows(page, published, 'status is published');

  // capacity at least the published programs' middle one, by keyboard
  // alone: Filters, then Tab to the field, the operator and the value, Enter.
  const capacities = published.data.map((e) => e.capacity).filter((c) => c !== null).sort((a, b) => a - b);
  const least = capacities[Math.floor(capacities.length / 2)];
  await filtersButton.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await page.keyboard.type('capacity');
  assert.equal(await form.getByLabel('Field').inputValue(), 'capacity');
  await page.keyboard.press('Tab');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown'); // is, is not, is greater than, is greater than or equal to
  assert.equal(await form.getByLabel('Operator').inputValue(), '$gte');
  await page.keyboard.press('Tab');
  await page.keyboard.type(String(least));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: `Remove filter capacity is greater than or equal to ${least}` }).waitFor();
  await page.waitForFunction(() => document.activeElement.textContent === 'Filters (2)', null, { timeout: 5000 }); // focus back on Filters
  const bigger = (await api('GET', `/api/programs?${firstPage}&filters[status][$eq]=published&filters[capacity][$gte]=${least}`, token)).body;
  assert.ok(bigger.data.length > 0, `some published program has a capacity ≥ ${least}`);
  await sameRows(page, bigger, `status is published and capacity ≥ ${least}`);

  // title starts with the first two words of a row's: a space, sent
  // encoded.
  const prefix = bigger.data[0].title.split(' ').slice(0, 2).join(' ');
  await filtersButton.click();
  await form.getByLabel('Field').selectOption('title');
  await form.getByLabel('Operator').selectOption('$startsWith');
  await form.getByRole('button', { name: 'Add filter' }).click();
  await form.getByRole('alert').filter({ hasText: 'Enter a value for title' }).waitFor();
  await form.getByLabel('Value').fill(prefix);
  await form.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('button', { name: `Remove filter title starts with ${prefix}` }).waitFor();
  const titled = (await api('GET', `/api/programs?${firstPage}&filters[status][$eq]=published`
    + `&filters[capacity][$gte]=${least}&filters[title][$startsWith]=${encodeURIComponent(prefix)}`, token)).body;
  assert.ok(titled.data.length > 0);
  await sameRows(page, titled, 'the three filters');
  await axe(page, 'a list with three filters');

  // Each chip removes its filter; with none left the whole list is back.
  await page.getByRole('button', { name: 'Remove filter status is published' }).click();
  const noStatus = (await api('GET', `/api/programs?${firstPage}&filters[capacity][$gte]=${least}`
    + `&filters[title][$startsWith]=${encodeURIComponent(prefix)}`, token)).body;
  await sameRows(page, noStatus, 'status removed');
  await page.getByRole('button', { name: /^Remove filter capacity/ }).click();
  await page.waitForFunction(() => document.activeElement.textContent === 'Filters (1)', null, { timeout: 5000 });
  await page.getByRole('button', { name: /^Remove filter title/ }).click();
  assert.equal(await page.getByRole('list', { name: 'Active filters' }).count(), 0);
  await sameRows(page, all, 'every filter removed');
});

test('a filter takes the list back to page 1; a date-time is compared in UTC; the form fits a phone', async (t) => {
  const o = await open(t, { width: 375, height: 740 });
  if (!o) return;
  const { page } = o;
  const token = await session();
  await signIn(page);
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Event', exact: true }).click();
  const all = (await api('GET', `/api/events?${firstPage}`, token)).body;
  assert.ok(all.meta.pagination.pageCount > 1, 'the small seed has more than a page of events');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText(`Page 2 of ${all.meta.pagination.pageCount}`).waitFor();

  // From the middle start of the first page, to the minute, as the picker
  // takes it: the API is asked the same instant in UTC.
  const starts = all.data.map((e) => e.startAt).sort();
  const from = starts[Math.floor(starts.length / 2)].slice(0, 16);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const form = page.getByRole('form', { name: 'Add a filter' });
  await form.getByLabel('Field').selectOption('startAt');
  await form.getByLabel('Operator').selectOption('$gte');
  await form.getByLabel('Value').fill(from);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `on a phone the page is ${overflow}px wider than the screen with the filter form open`);
  await axe(page, 'the filter form on a phone');
  await form.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('button', { name: `Remove filter startAt is greater than or equal to ${from} UTC` }).waitFor();
  const later = (await api('GET', `/api/events?${firstPage}&filters[startAt][$gte]=${encodeURIComponent(`${from}:00.000Z`)}`, token)).body;
  await sameRows(page, later, `startAt ≥ ${from} UTC`);
  await page.getByText(`Page 1 of ${Math.max(later.meta.pagination.pageCount, 1)}`).waitFor();
});

test('a filter through a relation: programs whose customer\'s name contains a word, the API\'s answer, kept in the address', async (t) => {
  const o = await open(t);
  if (!o) return;
  const { page } = o;
  const token = await session();
  const { body: customers } = await api('GET', '/api/customers?pagination[pageSize]=1&sort=name:asc', token);
  const word = customers.data[0].name.split(' ')[0];
  await signIn(page);
  await page.getByRole('navigation', { name: 'Content Manager' }).getByRole('link', { name: 'Program', exact: true }).click();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Field').selectOption('customer.name');
  await page.getByLabel('Operator').selectOption('$containsi');
  await page.getByLabel('Value').fill(word);
  await page.getByRole('button', { name: 'Add filter' }).click();
  const want = (await api('GET', `/api/programs?${firstPage}&filters[customer][name][$containsi]=${encodeURIComponent(word)}`, token)).body;
  assert.ok(want.meta.pagination.total > 0, `some program is of a customer named ${word}`);
  await sameRows(page, want, `programs of a customer whose name contains ${word}`);
  await page.waitForURL((u) => u.hash.includes(`filters[$and][0][customer][name][$containsi]=${encodeURIComponent(word)}`));
  await page.reload();
  await page.getByRole('list', { name: 'Active filters' }).getByText(`customer.name contains ${word}`).waitFor();
  await sameRows(page, want, 'the same list, opened from its address');
  await axe(page, 'a filter through a relation');
});
