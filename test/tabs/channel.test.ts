// The line between tabs: a BroadcastChannel (Node's own stands in for the browser's); without one the
// tab goes on alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openTabChannel } from '../../src/tabs/channel';

const NAME = 'emweb.session';
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

test('BroadcastChannel: a message reaches the other lines of the name, not its poster nor another name; close() stops it', async () => {
  const heard: string[] = [];
  const open = openTabChannel(NAME, BroadcastChannel);
  const a = open((m) => void heard.push(`a:${JSON.stringify(m)}`));
  const b = open((m) => void heard.push(`b:${JSON.stringify(m)}`));
  const elsewhere = openTabChannel('emweb.other', BroadcastChannel)((m) => void heard.push(`x:${JSON.stringify(m)}`));
  a.post({ type: 'signedOut' });
  await nextTask();
  assert.equal(heard, ['b:{"type":"signedOut"}']);
  b.close();
  a.post({ type: 'signedIn' });
  await nextTask();
  assert.is(heard.length, 1, 'a closed line hears nothing');
  a.close();
  elsewhere.close();
});

test('the browser’s own BroadcastChannel is used when none is handed in', async () => {
  const heard: unknown[] = [];
  const open = openTabChannel(NAME);
  const a = open(() => {});
  const b = open((m) => void heard.push(m));
  a.post({ type: 'signedIn' });
  await nextTask();
  assert.equal(heard, [{ type: 'signedIn' }]);
  a.close();
  b.close();
});

test('without BroadcastChannel the tab goes on alone: posting and closing never throw, nothing is heard', async () => {
  const saved = globalThis.BroadcastChannel;
  // @ts-expect-error: a browser without it
  delete globalThis.BroadcastChannel;
  try {
    const heard: unknown[] = [];
    const open = openTabChannel(NAME);
    const other = open((m) => void heard.push(m));
    const line = open(() => {});
    line.post({ type: 'signedOut' });
    await nextTask();
    assert.equal(heard, []);
    line.close();
    other.close();
  } finally {
    globalThis.BroadcastChannel = saved;
  }
});

test.run();
