// The kept drafts as functions of (storage, clock, user): whose they are, how long, how large.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SafeStorage } from '../../src/browser/storage';
import {
  DRAFT_MAX_CHARS,
  DRAFTS_MAX_CHARS,
  draftKey,
  keepOnlyDraftsOf,
  readDraft,
  removeDraftsOf,
  writeDraft,
} from '../../src/session/draftStore';
import { memoryStorage } from '../fakes';

const DAY = 86_400_000;
const at = (userId: string, path = '/web/tickets/SD-1', key = 'comment') => draftKey(userId, path, key);

test('a key names its user, its screen and its own key, under the contract’s emweb. prefix', () => {
  assert.is(at('1042'), 'emweb.draft.1042|/web/tickets/SD-1|comment');
  // A user id with the separator in it cannot pass for another user's drafts.
  assert.is(at('a|b'), 'emweb.draft.a%7Cb|/web/tickets/SD-1|comment');
});

test('what is written is read back, with when it was kept, for that user, screen and key only', () => {
  const local = memoryStorage();
  assert.is(writeDraft(local, 1000, at('1042'), { comment: 'Toner' }), undefined, 'kept');
  assert.equal(readDraft(local, 2000, DAY, at('1042')), { value: { comment: 'Toner' }, keptAt: 1000 });
  assert.is(readDraft(local, 2000, DAY, at('7')), null, 'another user');
  assert.is(readDraft(local, 2000, DAY, at('1042', '/web/tickets/SD-2')), null, 'another screen');
  assert.is(readDraft(local, 2000, DAY, at('1042', '/web/tickets/SD-1', 'state')), null, 'another key');
});

test('a copy older than keepDays is removed when read; an unreadable one too', () => {
  const local = memoryStorage();
  writeDraft(local, 0, at('1042'), 'old');
  assert.is(readDraft(local, DAY + 1, DAY, at('1042')), null);
  assert.equal(local.keys(), []);
  local.set(at('1042'), '{not json');
  assert.is(readDraft(local, 0, DAY, at('1042')), null);
  assert.equal(local.keys(), []);
});

test('a copy over 256 KB is not written, and an older copy of the place goes with it', () => {
  const local = memoryStorage();
  writeDraft(local, 0, at('1042'), 'short');
  assert.is(writeDraft(local, 1, at('1042'), 'x'.repeat(DRAFT_MAX_CHARS)), 'is over 256 KB');
  assert.equal(local.keys(), []);
});

test('all copies stay under 2 MB: the oldest go first', () => {
  const local = memoryStorage();
  const big = 'x'.repeat(DRAFT_MAX_CHARS - 100);
  const count = Math.ceil(DRAFTS_MAX_CHARS / DRAFT_MAX_CHARS) + 2;
  for (let i = 0; i < count; i++) assert.is(writeDraft(local, i, at('1042', `/web/${i}`), big), undefined, 'kept');
  const total = local.keys().reduce((sum, key) => sum + key.length + (local.get(key) ?? '').length, 0);
  assert.ok(total <= DRAFTS_MAX_CHARS, `${total} chars`);
  assert.is(readDraft(local, count, DAY, at('1042', '/web/0')), null, 'the oldest went');
  assert.is(readDraft(local, count, DAY, at('1042', `/web/${count - 1}`))?.value, big, 'the newest stayed');
});

test('a storage that refuses says so and throws nothing', () => {
  const refusing: SafeStorage = { ...memoryStorage(), set: () => false };
  assert.is(writeDraft(refusing, 0, at('1042'), 'text'), 'was refused by storage');
});

test('removed: one key; every draft of a user; every other user’s and the expired ones; others’ storage untouched', () => {
  const local = memoryStorage();
  local.set('jwt', 'token');
  local.set('emweb.logger.pending.1', '[]');
  writeDraft(local, 0, at('1042'), 'a');
  writeDraft(local, DAY, at('1042', '/web/b'), 'b');
  writeDraft(local, DAY, at('7'), 'c');
  writeDraft(local, DAY, at('10'), 'd');
  local.remove(at('10'));
  assert.is(readDraft(local, DAY, 2 * DAY, at('10')), null);
  keepOnlyDraftsOf(local, '1042', DAY + 2, DAY);
  assert.equal(local.keys().sort(), ['emweb.draft.1042|/web/b|comment', 'emweb.logger.pending.1', 'jwt']);
  removeDraftsOf(local, '1042');
  assert.equal(local.keys().sort(), ['emweb.logger.pending.1', 'jwt']);
});

test('the user 10 is not the user 1: a prefix of another id is not theirs', () => {
  const local = memoryStorage();
  writeDraft(local, 0, at('10'), 'ten');
  removeDraftsOf(local, '1');
  assert.is(readDraft(local, 0, DAY, at('10'))?.value, 'ten');
});

test.run();
