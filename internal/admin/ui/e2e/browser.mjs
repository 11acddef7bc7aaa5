// What every browser test file shares: the browser (Debian's chromium,
// KILN_CHROMIUM names another, through playwright-core), Kiln called as
// a client beside it, the sign-in, and axe-core.
import { after, before } from 'node:test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

// launchBrowser starts it for a test file. Under CI=true a browser that
// cannot start is an error, so the tests fail; elsewhere skip says why
// they are skipped.
export async function launchBrowser() {
  try {
    const browser = await chromium.launch({ executablePath: process.env.KILN_CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
    return { browser, skip: '' };
  } catch (err) {
    if (process.env.CI === 'true') throw err;
    return { browser: null, skip: `no browser: ${err.message.split('\n')[0]}` };
  }
}

// sharedBrowser starts one browser for the test file that calls it
// (before its tests, closed after them), first checking what the file
// needs (check throws when it is missing). The object it returns holds
// browser and skip once started.
export function sharedBrowser(check = () => {}) {
  const shared = { browser: null, skip: '' };
  before(async () => {
    check();
    Object.assign(shared, await launchBrowser());
  });
  after(async () => shared.browser && shared.browser.close());
  return shared;
}

// caller calls the Kiln at base as a client would, beside the browser:
// api(method, path, token, body) answers {status, body}.
export function caller(base) {
  return async (method, path, token, body) => {
    const res = await fetch(base + path, {
      method, headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body && JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
}

// signInPanel signs in at base's /admin with the form, as a person does.
export async function signInPanel(page, base, email, password) {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

// panelTab opens a tab of its own for test t (closed after it), which
// accepts the panel's confirmations, and signs in at base: it answers the
// page once the content manager's navigation is drawn, or nothing when
// the browser is skipped.
export async function panelTab(t, shared, base, email, password) {
  if (shared.skip) { t.skip(shared.skip); return null; }
  const context = await shared.browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  page.on('dialog', (d) => d.accept());
  await signInPanel(page, base, email, password);
  await page.getByRole('navigation', { name: 'Content Manager' }).waitFor();
  return page;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// axe runs axe-core on the page as it is and fails on any serious or
// critical violation. It is evaluated through the debugger, which the
// page's Content-Security-Policy does not govern.
export async function axe(page, what) {
  await page.evaluate(axeSource);
  const { violations } = await page.evaluate(() => window.axe.run());
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  assert.deepEqual(bad.map((v) => `${v.id}: ${v.help}`), [], `axe-core on ${what}`);
}

// onPlatform is what a test file against the platform e2e/run.sh serves
// (KILN_BASE, an admin's KILN_ADMIN_EMAIL and KILN_ADMIN_PASSWORD) works
// with: the browser, Kiln as a client (api), an admin's token, the
// sign-in (the admin's, or another's), and open, a tab (a viewport may
// be given) that records every request so that a test can check none
// left the server; open answers nothing when the browser is skipped.
export function onPlatform() {
  const base = process.env.KILN_BASE;
  const email = process.env.KILN_ADMIN_EMAIL;
  const password = process.env.KILN_ADMIN_PASSWORD;
  const shared = sharedBrowser(() => assert.ok(base && email && password,
    'KILN_BASE, KILN_ADMIN_EMAIL and KILN_ADMIN_PASSWORD must be set (e2e/run.sh)'));
  const api = caller(base);
  return {
    base, email, password, shared, api,
    adminJWT: async () => (await api('POST', '/api/auth/local', null, { identifier: email, password })).body.jwt,
    signIn: (page, as = email, pw = password) => signInPanel(page, base, as, pw),
    open: async (t, viewport) => {
      if (shared.skip) return t.skip(shared.skip);
      const context = await shared.browser.newContext(viewport ? { viewport } : {});
      const page = await context.newPage();
      const requests = [];
      page.on('request', (r) => requests.push(r.url()));
      t.after(() => context.close());
      return { page, requests };
    },
  };
}
