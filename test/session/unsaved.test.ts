import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createUnsavedWork, UNSAVED_LOCK_PREFIX } from '../../src/session/unsaved';
import { settle } from '../fakes';

/** Web Locks as the tabs of one origin share them: a lock is held while its callback's promise is pending. */
function sharedLocks() {
  const held = new Set<string>();
  const locks = {
    request: async (name: string, callback: () => Promise<void>) => {
      held.add(name);
      try {
        await callback();
      } finally {
        held.delete(name);
      }
    },
    query: async () => ({ held: [...held].map((name) => ({ name })), pending: [] }),
  } as unknown as LockManager;
  return { locks, held };
}

const beforeUnload = (page: EventTarget) => {
  const event = new Event('beforeunload', { cancelable: true });
  page.dispatchEvent(event);
  return event.defaultPrevented;
};

test('beforeunload asks only while there is unsaved work', () => {
  const page = new EventTarget();
  const work = createUnsavedWork({ page, locks: undefined, lockName: `${UNSAVED_LOCK_PREFIX}a` });
  assert.is(beforeUnload(page), false);
  work._set(true);
  assert.is(work._unsaved.value, true);
  assert.is(beforeUnload(page), true);
  work._set(false);
  assert.is(beforeUnload(page), false, 'the listener is gone');
  work._set(true);
  work._stop();
  assert.is(work._unsaved.value, false);
  assert.is(beforeUnload(page), false, 'an ended client asks nothing');
});

test('two clients on one page: each asks for itself; the first to clear or end leaves the other asking', () => {
  const page = new EventTarget();
  const first = createUnsavedWork({ page, locks: undefined, lockName: `${UNSAVED_LOCK_PREFIX}a` });
  const second = createUnsavedWork({ page, locks: undefined, lockName: `${UNSAVED_LOCK_PREFIX}b` });
  first._set(true);
  second._set(true);
  first._set(false);
  assert.is(beforeUnload(page), true, 'the second still has unsaved work');
  first._set(true);
  first._stop();
  assert.is(beforeUnload(page), true, "nor does the first one ending take the second one's question");
  second._set(false);
  assert.is(beforeUnload(page), false);
});

test("screens' flags: unsaved while any live screen is; a screen's end takes its flag; an ended screen's set does nothing", () => {
  const page = new EventTarget();
  const work = createUnsavedWork({ page, locks: undefined, lockName: `${UNSAVED_LOCK_PREFIX}a` });
  const list = work._forScreen();
  const form = work._forScreen();
  list._set(true);
  form._set(true);
  list._set(false);
  assert.is(work._unsaved.value, true, 'the form still holds work');
  form._end();
  assert.is(work._unsaved.value, false);
  form._set(true);
  assert.is(work._unsaved.value, false, 'a screen already gone cannot raise it');
  assert.is(beforeUnload(page), false);
  list._set(true);
  work._clear();
  assert.is(work._unsaved.value, false, 'a move that went ahead, a sign-out, another user: every flag down');
});

test('a tab with unsaved work holds its lock; another tab sees it, and sees it go', async () => {
  const { locks, held } = sharedLocks();
  const mine = createUnsavedWork({ page: new EventTarget(), locks, lockName: `${UNSAVED_LOCK_PREFIX}mine` });
  const other = createUnsavedWork({ page: new EventTarget(), locks, lockName: `${UNSAVED_LOCK_PREFIX}other` });
  assert.is(await mine._anyTab(), false);
  other._set(true);
  await settle();
  assert.ok(held.has(`${UNSAVED_LOCK_PREFIX}other`));
  assert.is(await mine._anyTab(), true, 'another tab has unsaved work');
  other._set(false);
  await settle();
  assert.is(await mine._anyTab(), false);
  mine._set(true);
  assert.is(await mine._anyTab(), true, 'this tab’s own counts');
  assert.is(await other._anyTab(), true);
});

test('locks that throw, or none: only this tab’s own work counts', async () => {
  const throwing = { request: () => Promise.reject(new Error('no')), query: () => Promise.reject(new Error('no')) };
  const work = createUnsavedWork({ page: new EventTarget(), locks: throwing as unknown as LockManager, lockName: 'x' });
  work._set(true);
  assert.is(await work._anyTab(), true);
  work._set(false);
  assert.is(await work._anyTab(), false);
});

test('only a boolean true marks work unsaved', () => {
  const work = createUnsavedWork({ page: new EventTarget(), locks: undefined, lockName: 'x' });
  work._set('yes' as unknown as boolean);
  assert.is(work._unsaved.value, false);
});

test.run();
