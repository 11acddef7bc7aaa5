// How fast the panel is, measured in a real browser against the platform
// e2e/run.sh serves: the first view, signing in, a collection's first
// page, the next page, a sort, a search and an entry's form, each the
// median of five runs in a fresh browser context. Not a test: run it on
// the large demo set (2,000 programs) with
//
//   KILN_E2E_SCALE=large bash internal/admin/ui/e2e/run.sh e2e/timing.mjs
//
// It still checks what it times (the list's total is the API's, the
// sorted first row the API's first), so a number never measures a page
// that is wrong.
import assert from 'node:assert/strict';
import { launchBrowser } from './browser.mjs';

const base = process.env.KILN_BASE;
const email = process.env.KILN_ADMIN_EMAIL;
const password = process.env.KILN_ADMIN_PASSWORD;
const runs = 5;

const { browser, skip } = await launchBrowser();
if (skip) {
  console.log(`timing skipped: ${skip}`);
  process.exit(0);
}
const jwt = (await (await fetch(`${base}/api/auth/local`, { method: 'POST', headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({ identifier: email, password }) })).json()).jwt;
const api = async (path) => (await fetch(base + path, { headers: { Authorization: `Bearer ${jwt}` } })).json();
const total = (await api('/api/programs?pagination[pageSize]=1')).meta.pagination.total;
const firstByTitle = (await api('/api/programs?sort=title:asc&pagination[pageSize]=1')).data[0];

const times = {};
// timed measures from the action to the first animation frame in which
// the page shows what it should: Playwright's own waits poll ever more
// slowly (up to every 500 ms), which would be measured too.
const timed = async (page, name, action, shown, arg) => {
  const start = performance.now();
  await action();
  await page.waitForFunction(shown, arg, { polling: 'raf', timeout: 10000 });
  (times[name] ||= []).push(performance.now() - start);
};
const pages = Math.ceil(total / 25);
const nav = (page) => page.getByRole('navigation', { name: 'Content Manager' });

for (let i = 0; i < runs; i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await timed(page, 'first view (sign-in form drawn)', () => page.goto(`${base}/admin`, { waitUntil: 'commit' }),
    () => !!document.querySelector('#email'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await timed(page, 'sign in (navigation drawn)', () => page.getByRole('button', { name: 'Login' }).click(),
    () => [...document.querySelectorAll('nav a')].some((a) => a.textContent === 'Program'));
  await timed(page, `programs, first page of ${total}`, () => nav(page).getByRole('link', { name: 'Program', exact: true }).click(),
    (n) => (document.querySelector('caption') || {}).textContent === `${n} entries` && document.querySelectorAll('tbody tr').length > 0, total);
  assert.equal(await page.getByRole('row').count(), Math.min(total, 25) + 1);
  await timed(page, 'next page', () => page.getByRole('button', { name: 'Next' }).click(),
    (p) => (document.querySelector('.pager span') || {}).textContent === `Page 2 of ${p}`, pages);
  await timed(page, 'sort by title', () => page.getByRole('button', { name: 'title', exact: true }).click(),
    (t) => !!document.querySelector('th[aria-sort="ascending"]')
      && [...document.querySelectorAll('tbody tr:first-child td')].some((td) => td.textContent === t), firstByTitle.title);
  await page.getByRole('searchbox', { name: 'Search' }).fill(firstByTitle.title);
  await timed(page, 'search', () => page.getByRole('button', { name: 'Search', exact: true }).click(),
    (n) => /^\d+ entries$/.test((document.querySelector('caption') || {}).textContent || '')
      && document.querySelector('caption').textContent !== `${n} entries`, total);
  await timed(page, 'an entry\'s form', () => page.getByRole('row').nth(1).getByRole('link').click(),
    (t) => (document.querySelector('#field-title') || {}).value === t, firstByTitle.title);
  await context.close();
}
await browser.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`The panel on ${base}, ${total} programs, median of ${runs} runs (min–max), in ms:`);
for (const [name, xs] of Object.entries(times)) {
  console.log(`  ${name.padEnd(36)} ${median(xs).toFixed(0).padStart(5)}  (${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)})`);
}
