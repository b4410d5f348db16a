// The script tag in <head>, its mount element later in the body (pages/head-mount.html): the
// start-up requests leave while the page is still being parsed, and the shell mounts once the
// element is there. The server holds a script between the two (parser-gate.js), so the parser
// cannot reach the element, nor DOMContentLoaded fire, until the check lets it go: a request that
// arrives meanwhile left before both, whatever the machine's speed.

import * as assert from 'uvu/assert';
import { clientReady, header, startupRequests } from './client';
import { browserSuite, waitFor, withPage } from './harness';

const test = browserSuite('head script');

const GATE = '/e2e/parser-gate.js';
const PROBE = '/api/web/ClientConfiguration';

test('a script tag in <head> with data-mount: the probe leaves before DOMContentLoaded and before the element exists; the shell mounts once it does', () =>
  withPage({ auth: 'oracle', hold: [GATE], displayName: 'Early Desk' }, null, async ({ page, open, server }) => {
    // open() waits for `load`, which cannot come while the gate is held: it is awaited after the release.
    const loading = open('/e2e/head-mount.html');
    await waitFor(() => server.held.some((r) => r.path === GATE), { what: 'the parser to reach the gate' });
    await waitFor(() => startupRequests(server).some((r) => r.path === PROBE), {
      what: 'the probe while the parser waits at the gate',
    });
    server.release(GATE);
    await loading;

    const client = await clientReady(page);
    assert.is(client.authType, 'oracle');
    assert.is(await header(page).locator('h1').textContent(), 'Early Desk');

    // The page's own account agrees: the element did not exist yet when the parser passed the gate,
    // and the probe's fetch started before the gate and before DOMContentLoaded.
    const timing = await page.evaluate((probe) => {
      const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const domContentLoaded = navigation
        ? navigation.domContentLoadedEventStart
        : performance.timing.domContentLoadedEventStart - performance.timing.navigationStart;
      const request = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === probe);
      return { gate: (window as any).__e2eGate, probeStart: request?.startTime ?? null, domContentLoaded };
    }, PROBE);
    assert.is(timing.gate.mountExisted, false, 'no mount element yet at the gate');
    assert.ok(timing.probeStart !== null, 'the probe is in the resource timeline');
    assert.ok(timing.probeStart! < timing.gate.at, `probe at ${timing.probeStart} ms, gate passed at ${timing.gate.at} ms`);
    assert.ok(
      timing.probeStart! < timing.domContentLoaded,
      `probe at ${timing.probeStart} ms, DOMContentLoaded at ${timing.domContentLoaded} ms`,
    );
  }));

test.run();
