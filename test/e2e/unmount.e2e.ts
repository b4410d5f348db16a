// EMWeb.unmount(), the script-tag global, on a page whose script tag started the client itself:
// it takes the shell away, a second call changes nothing, a later bootstrap starts afresh; and an
// unmount while start-up still waits on the network leaves nothing drawn and no client handed out.
// Every wait is on state (the server's records, the page), never on time.

import * as assert from 'uvu/assert';
import { clientReady, fab, header, startupRequests } from './client';
import { browserSuite, waitFor, withPage } from './harness';
import type { Page } from './page';

const test = browserSuite('unmount');

/** The script tag with data-mount="#emweb", and nothing else. */
const PLAIN = '/e2e/plain.html';
const PROBE = '/api/web/ClientConfiguration';

/** What the client's shadow root in #emweb holds: [child nodes, text]. */
const shadowContent = (page: Page) =>
  page.evaluate(() => {
    const shadow = document.getElementById('emweb')!.shadowRoot;
    return [shadow?.childNodes.length ?? 0, shadow?.textContent ?? ''] as [number, string];
  });

/** `EMWeb.unmount()` in the page: true once it has resolved with nothing (undefined). */
const unmount = (page: Page) =>
  page.evaluate(() => (window as any).EMWeb.unmount().then((value: unknown) => value === undefined));

test('EMWeb.unmount() empties the shell; a second call resolves and changes nothing; EMWeb.bootstrap() then starts afresh', () =>
  withPage({ auth: 'oracle', displayName: 'Unmount Desk' }, null, async ({ page, open, server }) => {
    await open(PLAIN);
    await clientReady(page);
    assert.is(await header(page).locator('h1').textContent(), 'Unmount Desk');
    // The script tag's start, kept to tell it from the next one.
    await page.evaluate(() => {
      (window as any).__e2eFirstStart = (window as any).EMWeb.bootstrap();
    });

    assert.ok(await unmount(page), 'resolves with nothing');
    assert.equal(await shadowContent(page), [0, ''], 'the shadow root is left empty');

    const requestsBefore = server.requests.length;
    assert.ok(await unmount(page), 'the second call resolves too');
    await page.painted();
    assert.equal(await shadowContent(page), [0, ''], 'still empty');
    assert.is(server.requests.length, requestsBefore, 'the second call sent nothing');

    // Started afresh: a new start (not the old promise), whose configuration is fetched again.
    server.setOptions({ displayName: 'Second Start Desk' });
    const configurations = () => startupRequests(server).filter((r) => r.path === '/api/ClientConfiguration').length;
    const before = configurations();
    const fresh = await page.evaluate(() => {
      const w = window as any;
      const start = w.EMWeb.bootstrap();
      return start.then((client: any) => ({ newStart: start !== w.__e2eFirstStart, authType: client.authType }));
    });
    assert.equal(fresh, { newStart: true, authType: 'oracle' });
    assert.is(configurations(), before + 1, 'the configuration fetched again');
    await clientReady(page);
    await header(page).locator('h1 >> has-text=Second Start Desk').waitFor();
    assert.is(await header(page).count(), 1, 'one header, not two');
    assert.is(await fab(page).count(), 1, 'one floating action button');
    assert.equal(await page.problems(), []);
  }));

test('EMWeb.unmount() while start-up waits for the probe: nothing is drawn once it answers, and the start rejects', () =>
  withPage({ auth: 'oracle', hold: [PROBE] }, null, async ({ page, open, server }) => {
    await open(PLAIN);
    await waitFor(() => server.held.some((r) => r.path === PROBE), { what: 'the probe to be held' });
    // The loading state is on screen, and the host holds the start's promise.
    await page.waitFor(() => (document.getElementById('emweb')!.shadowRoot?.textContent ?? '') !== '', undefined, {
      what: 'the loading state',
    });
    await page.evaluate(() => {
      const w = window as any;
      w.__e2eOutcome = 'pending';
      w.EMWeb.bootstrap().then(
        (client: any) => {
          w.__e2eOutcome = { resolved: !!client };
        },
        (error: unknown) => {
          w.__e2eOutcome = { rejected: error instanceof Error ? error.message : String(error) };
        },
      );
    });

    assert.ok(await unmount(page));
    assert.equal(await shadowContent(page), [0, ''], 'the loading state is gone at once');

    server.release(PROBE);
    // The promise settles once start-up has had every answer: whatever it would draw, it has drawn.
    const outcome = await page.waitFor(() => {
      const outcome = (window as any).__e2eOutcome;
      return outcome === 'pending' ? null : outcome;
    });
    assert.ok('rejected' in outcome, `rejected, not ${JSON.stringify(outcome)}`);
    await page.painted();
    assert.equal(await shadowContent(page), [0, ''], 'nothing drawn after the answers came');
    assert.is(await header(page).count(), 0);
    assert.is(await fab(page).count(), 0);
    // The rejection is the host's to handle: it is not an uncaught error of the page.
    assert.equal(await page.problems(), []);
  }));

test.run();
