// One test's client must never reach into the next: after uninstall() and resetPage() nothing of
// the client is left on the page, whatever it was doing (started, logging, two clients at once).
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../../src/client/bootstrap';
import { getLogger } from '../../src/client/page';
import { createProductServer, makeJwt, resetPage } from '../../src/testing';

type Listener = Parameters<EventTarget['addEventListener']>[1];

/** Every listener added to `target` and not removed since, by event type. */
function watchListeners(target: EventTarget) {
  const live = new Set<string>();
  const key = (type: string, listener: Listener) => `${type}:${listener === null ? '' : String(listenerIds.get(listener))}`;
  const listenerIds = new Map<unknown, number>();
  const add = target.addEventListener;
  const remove = target.removeEventListener;
  target.addEventListener = function (this: EventTarget, type: string, listener: Listener, ...rest: unknown[]) {
    if (!listenerIds.has(listener)) listenerIds.set(listener, listenerIds.size);
    const once = typeof rest[0] === 'object' && (rest[0] as AddEventListenerOptions | null)?.once;
    if (!once) live.add(key(type, listener));
    return add.call(this, type, listener, ...(rest as []));
  } as typeof add;
  target.removeEventListener = function (this: EventTarget, type: string, listener: Listener, ...rest: unknown[]) {
    live.delete(key(type, listener));
    return remove.call(this, type, listener, ...(rest as []));
  } as typeof remove;
  return {
    live: () => [...live].map((entry) => entry.split(':')[0]),
    restore() {
      target.addEventListener = add;
      target.removeEventListener = remove;
    },
  };
}

/** Timers set and neither run nor cleared since. */
function watchTimers() {
  const pending = new Set<unknown>();
  const set = globalThis.setTimeout;
  const clear = globalThis.clearTimeout;
  globalThis.setTimeout = ((callback: () => void, ms?: number) => {
    const handle: unknown = set(() => {
      pending.delete(handle);
      callback();
    }, ms);
    pending.add(handle);
    return handle;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((handle: unknown) => {
    pending.delete(handle);
    clear(handle as number);
  }) as typeof clearTimeout;
  return {
    pending: () => pending.size,
    restore() {
      globalThis.setTimeout = set;
      globalThis.clearTimeout = clear;
    },
  };
}

const contractKeys = (storage: Storage) =>
  Object.keys(storage).filter((key) => ['authType', 'jwt', 'devToken'].includes(key) || key.startsWith('emweb.logger.'));

test('after resetPage() and uninstall() no listener, timer, global or storage key of the client remains', async () => {
  const fetchBefore = globalThis.fetch;
  const globalsBefore = Object.keys(globalThis).sort();
  const windowListeners = watchListeners(window);
  const documentListeners = watchListeners(document);
  const timers = watchTimers();
  const server = createProductServer({ auth: 'token' });
  const loggerBefore = getLogger();
  try {
    server.install();
    localStorage.setItem('jwt', makeJwt({ userId: 'ann' }));
    const first = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'emweb' }));
    const second = document.body.appendChild(document.createElement('div'));
    const client = await bootstrap({ logger: { flushIntervalMs: 60_000 } });
    await bootstrap({ mount: second });
    client.logger.updateConfig({ batchSize: 50 });
    client.logger.error('waiting for its batch');
    assert.ok(windowListeners.live().length > 0, 'the client listens to the page while it runs');
    assert.ok(timers.pending() > 0, 'and has a batch due later');
    assert.ok(contractKeys(localStorage).length + contractKeys(sessionStorage).length > 0, 'and keys in storage');

    // resetPage first: the logger's last flush goes to the fake, not to the network.
    await resetPage();
    server.uninstall();

    assert.equal(windowListeners.live(), [], 'no listener on window');
    assert.equal(documentListeners.live(), [], 'no listener on document');
    assert.is(timers.pending(), 0, 'no timer');
    assert.equal(contractKeys(localStorage), [], 'no key in localStorage');
    assert.equal(contractKeys(sessionStorage), [], 'no key in sessionStorage');
    assert.is(globalThis.fetch, fetchBefore, 'the page has its own fetch back');
    assert.equal(Object.keys(globalThis).sort(), globalsBefore, 'no global');
    assert.is(first.shadowRoot?.textContent, '', 'no UI');
    assert.is(second.shadowRoot?.textContent, '');
    assert.is.not(getLogger(), loggerBefore, 'the next test gets a fresh logger');
    first.remove();
    second.remove();
  } finally {
    windowListeners.restore();
    documentListeners.restore();
    timers.restore();
    server.uninstall();
  }
});

test.run();
