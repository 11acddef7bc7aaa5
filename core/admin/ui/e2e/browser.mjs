// The browser the e2e tests drive: Debian's chromium (KILN_CHROMIUM names
// another) through playwright-core.
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
