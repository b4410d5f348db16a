// A client's drafts: written once for a burst, at once when the page is hidden, only for the user
// signed in; in memory when storage cannot take them, with one warning; never an exception.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SafeStorage } from '../../src/browser/storage';
import { STORAGE_KEYS } from '../../src/product/constants';
import { DRAFT_WRITE_MS } from '../../src/session/drafts';
import { createWorkingDay } from '../../src/session/workingDay';
import { makeJwt } from '../../src/testing';
import { memoryStorage } from '../fakes';

const DAY = 86_400_000;

function setUp(local: SafeStorage = memoryStorage(), userId: number | null = 1042) {
  if (userId !== null) local.set(STORAGE_KEYS.jwt, makeJwt({ userId }));
  const timers: { run: () => void; ms: number }[] = [];
  const warnings: string[] = [];
  const page = new EventTarget();
  let clock = 1000;
  const day = createWorkingDay({
    local,
    now: () => clock,
    timers: {
      set: (run, ms) => timers[timers.push({ run, ms }) - 1],
      clear(t) {
        if (t) (t as { run: () => void }).run = () => {};
      },
    },
    page,
    locks: undefined,
    warnBeforeMs: 0,
    keepDraftsMs: DAY,
    warn: (message) => warnings.push(message),
  });
  day._user._read();
  const tick = () => {
    for (const timer of timers.splice(0)) timer.run();
  };
  return { day, local, page, timers, warnings, tick, later: (ms: number) => (clock += ms) };
}

const draftKeys = (local: SafeStorage) => local.keys().filter((key) => key.startsWith(STORAGE_KEYS.drafts));

test('a 200-keystroke burst is written once, within 500 ms of its first change', () => {
  const local = memoryStorage();
  let writes = 0;
  const counting: SafeStorage = {
    ...local,
    set(key, value) {
      writes += 1;
      return local.set(key, value);
    },
  };
  const { day, timers, tick } = setUp(counting);
  writes = 0;
  const draft = day._drafts._open('/web/t', 'comment');
  let text = '';
  for (let i = 0; i < 200; i++) {
    text += 'x';
    draft._keep(text);
  }
  assert.is(writes, 0, 'nothing written while typing');
  assert.equal(
    timers.map((timer) => timer.ms),
    [DRAFT_WRITE_MS],
    'one timer for the burst',
  );
  tick();
  assert.is(writes, 1);
  assert.is(day._drafts._open('/web/t', 'comment')._kept?.value, text);
});

test('the page hidden or left: what waits is written at once', () => {
  for (const type of ['pagehide', 'visibilitychange']) {
    const { day, local, page } = setUp();
    day._drafts._open('/web/t', 'comment')._keep('typed');
    page.dispatchEvent(new Event(type));
    assert.equal(draftKeys(local).length, 1, type);
  }
});

test('the client ends: what waits is written, and nothing later', () => {
  const { day, local, tick } = setUp();
  const draft = day._drafts._open('/web/t', 'comment');
  draft._keep('typed');
  day._end();
  assert.equal(draftKeys(local).length, 1);
  draft._keep('after the end');
  tick();
  assert.is(JSON.parse(local.get(draftKeys(local)[0] as string) ?? '').value, 'typed');
});

test('a storage that refuses: the draft lives in memory, one warning, no exception', () => {
  const refusing: SafeStorage = {
    ...memoryStorage(),
    set: (key, value) => key === STORAGE_KEYS.jwt && memoryStorage().set(key, value),
  };
  const local = memoryStorage();
  local.set(STORAGE_KEYS.jwt, makeJwt({ userId: 1042 }));
  const { day, warnings, tick } = setUp({ ...refusing, get: local.get, keys: local.keys }, null);
  const draft = day._drafts._open('/web/t', 'comment');
  draft._keep('one');
  tick();
  draft._keep('two');
  tick();
  assert.is(warnings.length, 1);
  assert.is(day._drafts._open('/web/t', 'comment')._kept?.value, 'two', 'kept for the page');
});

test('a copy over 256 KB: in memory only, one warning', () => {
  const { day, local, warnings, tick } = setUp();
  const draft = day._drafts._open('/web/t', 'comment');
  draft._keep('x'.repeat(300 * 1024));
  tick();
  assert.equal(draftKeys(local), []);
  assert.is(warnings.length, 1);
  assert.match(warnings[0] as string, /256 KB/);
});

test('no known user: kept in memory only, never in storage', () => {
  const { day, local, tick, page } = setUp(memoryStorage(), null);
  day._drafts._open('/web/t', 'comment')._keep('whose?');
  tick();
  page.dispatchEvent(new Event('pagehide'));
  assert.equal(draftKeys(local), []);
  assert.is(day._drafts._open('/web/t', 'comment')._kept?.value, 'whose?');
});

test('older than keepDays: gone at start-up', () => {
  const local = memoryStorage();
  const first = setUp(local);
  first.day._drafts._open('/web/t', 'comment')._keep('old');
  first.tick();
  first.day._end();
  assert.equal(draftKeys(local).length, 1);
  const second = setUp(local);
  assert.equal(draftKeys(local).length, 1, 'a day old: still kept');
  second.later(DAY + 1);
  assert.is(second.day._drafts._open('/web/t', 'comment')._kept, null);
  assert.equal(draftKeys(local), []);
});

test('a write for a user no longer signed in (a sign-out in another tab) is dropped', () => {
  const { day, local, tick } = setUp();
  day._drafts._open('/web/t', 'comment')._keep('typed');
  local.remove(STORAGE_KEYS.jwt);
  tick();
  assert.equal(draftKeys(local), []);
});

test.run();
