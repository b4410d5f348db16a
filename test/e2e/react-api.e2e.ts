// EMWeb.React for screens written without a build step, in a real browser: parts of a screen share a
// value through createContext and useContext, and a screen from a build that bundled the real React
// (no alias to preact/compat) fails loudly instead of leaving the main area blank.
// Fixture: pages/options.html?render=context | react-element (options.js).
import * as assert from 'uvu/assert';
import { byRole, byText, clientReady, header } from './client';
import { browserSuite, waitFor, withPage } from './harness';

const test = browserSuite('EMWeb.React');

const MOUNT = '#app';

test('a screen made with EMWeb.html shares a value through EMWeb.React.createContext and useContext, and follows it', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open }) => {
    await open('/e2e/options.html?render=context');
    await clientReady(page, MOUNT);
    await byText(page, 'Theme light', MOUNT).waitFor();
    await byRole(page, 'button', 'Switch theme', MOUNT).click();
    await byText(page, 'Theme dark', MOUNT).waitFor();
    assert.equal(await page.problems(), []);
  }));

test('a render that returns an element of the real React: the failed-screen panel says "react" must resolve to "preact/compat", and the server hears of it', () =>
  withPage({ auth: 'oracle' }, null, async ({ page, open, server }) => {
    await open('/e2e/options.html?render=react-element');
    await clientReady(page, MOUNT);
    await byRole(page, 'heading', 'This screen failed', MOUNT).waitFor();
    const detail = await byText(page, 'must resolve to', MOUNT).textContent();
    assert.match(detail, '"react" must resolve to "preact/compat"');
    assert.is(await header(page, MOUNT).locator('h1').textContent(), 'Acme Service Desk', 'the shell stays');

    await page.evaluate(() => (window as any).EMWeb.logger.flush());
    // The error travels in `additional` with its message, as the logger sends an Error.
    const reported = () =>
      server.logBatches
        .flatMap((batch) => batch.entries)
        .filter((entry) => entry.additional?.some((value) => (value as { message?: unknown })?.message === detail));
    await waitFor(() => reported().length > 0, { what: 'an ERROR entry with the detail' });
    assert.equal(
      reported().map((entry) => entry.level),
      [5],
      'one ERROR entry',
    );
    assert.equal(await page.problems(), []);
  }));

test.run();
