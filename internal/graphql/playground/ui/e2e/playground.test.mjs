// The GraphQL page in Debian's chromium (KILN_CHROMIUM names another),
// through playwright-core, against a kiln at KILN_PLAYGROUND (run.sh):
// the page loads nothing from another origin, logs no error and breaks no
// CSP rule, draws GraphiQL's editor, introspects Kiln's schema and runs a
// query by POST as application/json (which Kiln's CSRF check lets by).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';

const base = process.env.KILN_PLAYGROUND;
let browser = null;
let skip = '';

before(async () => {
  assert.ok(base, 'KILN_PLAYGROUND must be set (e2e/run.sh)');
  try {
    browser = await chromium.launch({ executablePath: process.env.KILN_CHROMIUM || '/usr/bin/chromium', args: ['--no-sandbox'] });
  } catch (err) {
    if (process.env.CI === 'true') throw err;
    skip = `no browser: ${err.message.split('\n')[0]}`;
  }
});
after(async () => browser && browser.close());

// open is a tab of its own that records every request, every console
// error or warning, uncaught error and CSP violation.
async function open(t) {
  const context = await browser.newContext();
  t.after(() => context.close());
  const page = await context.newPage();
  const seen = { requests: [], problems: [] };
  page.on('request', (r) => seen.requests.push({ url: r.url(), method: r.method(), type: r.headers()['content-type'] }));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') seen.problems.push(`console ${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => seen.problems.push(`page error: ${e.message}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return { page, seen };
}

test('GraphiQL loads from this origin only, introspects and runs a query', async (t) => {
  if (skip) return t.skip(skip);
  const { page, seen } = await open(t);
  const res = await page.goto(`${base}/graphql`);
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-security-policy'], /default-src 'none'/);

  // The editor is drawn (CodeMirror in the query editor).
  await page.locator('.graphiql-query-editor .CodeMirror').waitFor();
  // The schema is introspected: the documentation explorer lists the root
  // query type.
  await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
  await page.locator('.graphiql-doc-explorer').getByText('Query', { exact: true }).first().waitFor();

  // A query, run with the execute button.
  await page.evaluate(() => document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.setValue('{ __typename }'));
  await page.getByRole('button', { name: /Execute query/ }).click();
  await page.locator('.graphiql-response').getByText('"Query"').waitFor();

  // Dialogs open and close without breaking the CSP.
  // (Their scroll lock's stylesheet is adopted, not a <style> element:
  // build.mjs swaps react-style-singleton's for src/style-singleton.js.)
  await page.getByRole('button', { name: 'Open settings dialog' }).click();
  await page.getByRole('dialog').waitFor();
  assert.ok(await page.evaluate(() => document.adoptedStyleSheets.length > 0), 'no adopted stylesheet while a dialog is open');
  assert.equal(await page.evaluate(() => document.querySelectorAll('style').length), 0, '<style> elements');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Open short keys dialog' }).click();
  await page.getByRole('dialog').waitFor();
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);

  const origin = new URL(base).origin;
  const away = seen.requests.filter((r) => new URL(r.url).origin !== origin && !r.url.startsWith('data:'));
  assert.deepEqual(away.map((r) => r.url), [], 'requests that left the origin');
  const posts = seen.requests.filter((r) => r.method === 'POST');
  assert.ok(posts.length >= 2, `introspection and the query were POSTed: ${JSON.stringify(seen.requests)}`);
  for (const p of posts) {
    assert.equal(new URL(p.url).pathname, '/graphql');
    assert.equal(p.type, 'application/json');
  }
  assert.deepEqual(seen.problems, [], 'console errors, warnings and CSP violations');
});
