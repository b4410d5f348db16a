// A screen that throws during a host's test shows in the test's output, not only in its panel.
import '../setup';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { bootstrap } from '../../src/client/bootstrap';
import { createProductServer, resetPage } from '../../src/testing';

let reported: string[] = [];
const consoleError = console.error;
let element: HTMLElement;
test.before.each(() => {
  reported = [];
  console.error = (text: string) => void reported.push(text);
  element = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'emweb' }));
});
test.after.each(() => {
  console.error = consoleError;
  element.remove();
});

function brokenScreen(): never {
  throw new ReferenceError('React is not defined');
}

test('the installed server reports a failed screen with its error and stack once the client sends it', async () => {
  const server = createProductServer({ auth: 'token' });
  server.install();
  const client = await bootstrap({ render: brokenScreen });
  client.logger.error('tickets failed to load', new Error('a host error, logged on purpose'));
  await resetPage();
  server.uninstall();
  assert.is(reported.length, 1, 'one report: the failed screen, not what the host logged itself');
  assert.match(reported[0] ?? '', 'a screen failed to render');
  assert.match(reported[0] ?? '', 'ReferenceError: React is not defined\n    at brokenScreen');
});

test('a server that is not installed (the demo calls its fetch itself) reports nothing', async () => {
  const server = createProductServer({ auth: 'token' });
  const saved = globalThis.fetch;
  globalThis.fetch = server.fetch as typeof fetch;
  await bootstrap({ render: brokenScreen });
  await resetPage();
  globalThis.fetch = saved;
  assert.equal(reported, []);
  assert.is(server.logs.length, 1, 'it heard of it all the same');
});

test.run();
