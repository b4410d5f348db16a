// Page events against a real (happy-dom) window and document: uncaught errors and rejections,
// hidden/visible, addEventListener only, host handlers untouched.
import '../../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createLogger } from '../../../src/logging';
import { memoryStorage } from '../../fakes';

const w = window as any;

function page(captureErrors: boolean) {
  const bodies: any[] = [];
  const control = createLogger({
    production: true,
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return { status: 200, headers: new Headers() } as Response;
    },
    console: {},
    sessionStorage: memoryStorage(),
    local: memoryStorage(),
  });
  const logger = control._logger;
  control._start({ production: true, options: { batchSize: 1 }, captureErrors });
  control._setEndpoint({ url: 'http://localhost/api/web/clientlogger/', headers: () => ({}) });
  return { logger, control, bodies };
}

const raise = (message: string, error?: unknown) =>
  w.dispatchEvent(new w.ErrorEvent('error', { message, error, filename: 'http://localhost/web/app.js', lineno: 12, colno: 7 }));
const reject = (reason: unknown) => w.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason }));

test("uncaught errors become ERROR entries; the host page's window.onerror stays in place and is still called", async () => {
  const seen: string[] = [];
  const hostHandler = (msg: unknown) => void seen.push(String(msg));
  w.onerror = hostHandler;
  const { logger, control, bodies } = page(true);
  assert.ok(w.onerror === hostHandler, 'not reassigned');
  raise('Uncaught Error: boom', new Error('boom'));
  await logger.flush();
  assert.is(seen.length, 1, 'the host handler still runs');
  assert.is(bodies.length, 1);
  const e = bodies[0];
  assert.is(e.level, 5);
  assert.is(e.message, 'Uncaught Error: boom');
  assert.is(e.additional[0].name, 'Error');
  assert.is(e.additional[0].message, 'boom');
  assert.ok(e.additional[0].stack.includes('boom'), 'the error itself, with its stack');
  await control._stop();
  w.onerror = null;
});

test('unhandled rejections become ERROR entries', async () => {
  const { logger, control, bodies } = page(true);
  reject(new TypeError('nope'));
  reject('plain reason');
  await logger.flush();
  assert.equal(
    bodies.map((b) => [b.level, b.message]),
    [
      [5, 'Unhandled rejection'],
      [5, 'Unhandled rejection'],
    ],
  );
  assert.is(bodies[0].additional[0].name, 'TypeError');
  assert.is(bodies[0].additional[0].message, 'nope');
  assert.equal(bodies[1].additional, ['plain reason'], 'the reason travels with it');
  await control._stop();
});

test('listeners are added with addEventListener and all removed by stop()', async () => {
  const added: string[] = [];
  const removed: string[] = [];
  const add = w.addEventListener;
  const remove = w.removeEventListener;
  w.addEventListener = function (type: string, ...rest: unknown[]) {
    added.push(type);
    return add.call(this, type, ...rest);
  };
  w.removeEventListener = function (type: string, ...rest: unknown[]) {
    removed.push(type);
    return remove.call(this, type, ...rest);
  };
  try {
    const { logger, control, bodies } = page(true);
    assert.equal([...added].sort(), ['error', 'online', 'pagehide', 'unhandledrejection']);
    await control._stop();
    assert.equal([...removed].sort(), [...added].sort());
    raise('after stop', new Error('after stop'));
    reject('after stop');
    await logger.flush();
    assert.is(bodies.length, 0);
  } finally {
    w.addEventListener = add;
    w.removeEventListener = remove;
  }
});

test('captureErrors false: no capture', async () => {
  const { logger, control, bodies } = page(false);
  raise('ignored', new Error('ignored'));
  reject('ignored');
  await logger.flush();
  assert.is(bodies.length, 0);
  await control._stop();
});

test('a cross-origin "Script error." without an error object still makes an entry', async () => {
  const { logger, control, bodies } = page(true);
  w.dispatchEvent(new w.ErrorEvent('error', { message: 'Script error.' }));
  await logger.flush();
  assert.is(bodies[0].message, 'Script error.');
  assert.is(bodies[0].level, 5);
  await control._stop();
});

test('visibilitychange is heard on the document: hidden stores and sends, visible takes the stored copy back', async () => {
  const local = memoryStorage();
  const bodies: any[] = [];
  let answer = (): Promise<Response> => new Promise(() => {});
  const control = createLogger({
    production: true,
    fetch: async (_url, init) => {
      bodies.push(JSON.parse(String(init.body)));
      return answer();
    },
    console: {},
    sessionStorage: memoryStorage(),
    local,
  });
  const logger = control._logger;
  control._start({ production: true, captureErrors: false });
  control._setEndpoint({ url: 'http://localhost/api/web/clientlogger/', headers: () => ({}) });
  logger.error('queued');
  try {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    assert.equal(
      bodies.flat().map((b: any) => b.message),
      ['queued'],
    );
    assert.is(local.keys().length, 1, 'stored for a next page');
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    assert.equal(local.keys(), [], 'taken back');
  } finally {
    delete (document as any).visibilityState;
    answer = async () => ({ status: 200, headers: new Headers() }) as Response;
    await control._stop();
  }
});

test('a handler that throws does not surface as an error of the page', () => {
  let clockBroken = false;
  const now = () => {
    if (clockBroken) throw new Error('clock');
    return 0;
  };
  const control = createLogger({ production: true, console: {}, sessionStorage: memoryStorage(), local: memoryStorage(), now });
  const logger = control._logger;
  control._start({ production: true, captureErrors: false });
  logger.error('queued');
  clockBroken = true;
  // happy-dom lets an exception out of dispatchEvent, as a browser reports it to window.onerror.
  assert.not.throws(() => w.dispatchEvent(new Event('pagehide')));
  clockBroken = false;
  void control._stop();
});

test.run();
