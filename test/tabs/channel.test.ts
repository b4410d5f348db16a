// The line between tabs: a BroadcastChannel (Node's own stands in for the browser's); without one the
// tab goes on alone.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { openTabChannel } from '../../src/tabs/channel';

const NAME = 'emweb.session';

/** Waits until `done()` holds: a message crosses the channel in a later task, how much later is not fixed. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
}

test('BroadcastChannel: a message reaches the other lines of the name, not its poster nor another name; close() stops it', async () => {
  const heard: string[] = [];
  const open = openTabChannel(NAME, BroadcastChannel);
  const a = open((m) => void heard.push(`a:${JSON.stringify(m)}`));
  const b = open((m) => void heard.push(`b:${JSON.stringify(m)}`));
  const elsewhere = openTabChannel('emweb.other', BroadcastChannel)((m) => void heard.push(`x:${JSON.stringify(m)}`));
  // A third line of the name hears what the others would have heard by then: the messages of one poster keep their order.
  const witness: unknown[] = [];
  const c = open((m) => void witness.push(m));
  a.post({ type: 'signedOut' });
  await until(() => heard.length > 0 && witness.length > 0);
  assert.equal(heard, ['b:{"type":"signedOut"}']);
  b.close();
  a.post({ type: 'signedIn' });
  await until(() => witness.length > 1);
  assert.equal(witness, [{ type: 'signedOut' }, { type: 'signedIn' }]);
  assert.is(heard.length, 1, 'a closed line hears nothing');
  a.close();
  c.close();
  elsewhere.close();
});

test('the browser’s own BroadcastChannel is used when none is handed in', async () => {
  const heard: unknown[] = [];
  const open = openTabChannel(NAME);
  const a = open(() => {});
  const b = open((m) => void heard.push(m));
  a.post({ type: 'signedIn' });
  await until(() => heard.length > 0);
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
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(heard, []);
    line.close();
    other.close();
  } finally {
    globalThis.BroadcastChannel = saved;
  }
});

test.run();
