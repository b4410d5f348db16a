// A host page whose charset is not UTF-8, serving the bundle without a charset: the browser reads
// the script in the page's charset, so a raw `·` or `…` in it would show as `Â·` or `â€¦`. The
// bundle is ASCII only (every other character escaped), so it reads the same on any page.
// Fixture: pages/legacy-charset.html, served with no charset (its meta tag says windows-1252).
import * as assert from 'uvu/assert';
import { BUILD, byText, clientReady, header } from './client';
import { browserSuite, waitFor, withPage } from './harness';

const test = browserSuite('a host page in another charset');

const PROBE = '/api/web/ClientConfiguration';

test('on a windows-1252 page with the bundle served without a charset, "Starting…" and "Server 9.9 · Build …" read as written', () =>
  withPage({ auth: 'oracle', version: '9.9', hold: [PROBE] }, null, async ({ page, open, server }) => {
    await open('/e2e/legacy-charset.html?charset=none');
    assert.is(await page.evaluate(() => document.characterSet), 'windows-1252', 'the page is read as windows-1252');
    const versions = header(page).locator('small');

    await waitFor(() => server.held.length > 0, { what: 'the probe, held' });
    await byText(page, 'Starting').waitFor();
    assert.is(await byText(page, 'Starting').textContent(), 'Starting…');
    assert.is(await versions.textContent(), `Server … · Build ${BUILD}`);

    server.release(PROBE);
    await clientReady(page);
    await header(page).locator('text=Server 9.9').waitFor();
    assert.is(await versions.textContent(), `Server 9.9 · Build ${BUILD}`);
    assert.equal(await page.problems(), []);
  }));

test.run();
