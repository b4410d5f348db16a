// The line between tabs: a BroadcastChannel where there is one (Node's own stands in for the browser's),
// else transient storage writes whose `storage` events reach the other tabs.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SafeStorage } from '../../src/browser/storage';
import { broadcastChannel, openTabChannel, storageChannel } from '../../src/tabs/channel';
import { sharedStorage } from './fakes';

const NAME = 'emweb.session';
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

test('BroadcastChannel: a message reaches the other lines of the name, not its poster nor another name; close() stops it', async () => {
  const heard: string[] = [];
  const open = broadcastChannel(NAME, BroadcastChannel);
  const a = open((m) => void heard.push(`a:${JSON.stringify(m)}`));
  const b = open((m) => void heard.push(`b:${JSON.stringify(m)}`));
  const elsewhere = broadcastChannel('emweb.other', BroadcastChannel)((m) => void heard.push(`x:${JSON.stringify(m)}`));
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

test('storage line: a message reaches the other tabs, never the poster; nothing stays stored', () => {
  const storage = sharedStorage();
  const [one, two, three] = [storage.tab(), storage.tab(), storage.tab()];
  const heard: unknown[][] = [[], [], []];
  const lines = [one, two, three].map((tab, i) => storageChannel(NAME, tab.local, tab.events)((m) => void heard[i]?.push(m)));
  lines[0]?.post({ type: 'signedOut' });
  lines[0]?.post({ type: 'signedOut' });
  assert.equal(heard, [[], [{ type: 'signedOut' }, { type: 'signedOut' }], [{ type: 'signedOut' }, { type: 'signedOut' }]]);
  assert.equal(storage.entries.keys(), [], 'written and removed at once');
  for (const line of lines) line.close();
  assert.is(one.events.listeners() + two.events.listeners() + three.events.listeners(), 0);
});

test('storage line: other keys and values that are not its own are ignored', () => {
  const storage = sharedStorage();
  const [one, two] = [storage.tab(), storage.tab()];
  const heard: unknown[] = [];
  storageChannel(NAME, two.local, two.events)((m) => void heard.push(m));
  one.local.set('jwt', '{"message":{"type":"signedOut"}}');
  one.local.set(NAME, 'not json');
  one.local.remove(NAME);
  assert.equal(heard, []);
});

test('storage line: storage that refuses writes makes the line silent, never a thrown error', () => {
  const storage = sharedStorage();
  const tab = storage.tab();
  const refusing: SafeStorage = { ...tab.local, set: () => false, remove: () => assert.unreachable('nothing to remove') };
  storageChannel(NAME, refusing, tab.events)(() => {}).post({ type: 'signedOut' });
});

test('openTabChannel: without BroadcastChannel the storage line is used', () => {
  const saved = globalThis.BroadcastChannel;
  // @ts-expect-error: a browser without it
  delete globalThis.BroadcastChannel;
  try {
    const storage = sharedStorage();
    const [one, two] = [storage.tab(), storage.tab()];
    const heard: unknown[] = [];
    openTabChannel(NAME, two.local, two.events)((m) => void heard.push(m));
    openTabChannel(NAME, one.local, one.events)(() => {}).post({ type: 'signedIn' });
    assert.equal(heard, [{ type: 'signedIn' }]);
  } finally {
    globalThis.BroadcastChannel = saved;
  }
});

test.run();
