/**
 * Kept drafts in the origin's storage, as functions of (storage, clock, user): one key per draft,
 * `emweb.draft.<user>|<path>|<key>`, holding `{ value, keptAt }`. localStorage, because a write is
 * done once `setItem` returns: a crash a moment later loses nothing (IndexedDB's writes are
 * asynchronous and would need a library). Whose a draft is, is in its key: a user's drafts are
 * found, read and removed by the key's first part, never by reading their text.
 */
import { parseJson } from '../browser/http';
import type { SafeStorage } from '../browser/storage';
import { STORAGE_KEYS } from '../product/constants';

/** A kept copy as stored. */
export interface KeptDraft {
  value: unknown;
  keptAt: number;
}

/** One copy larger than this (its JSON text's length) is not kept in storage. */
export const DRAFT_MAX_CHARS = 256 * 1024;
/** All copies together stay under this: the oldest go first. */
export const DRAFTS_MAX_CHARS = 2 * 1024 * 1024;

/**
 * Why a copy was not kept in storage, as the warning says it: too large, or refused by the storage
 * (full, or private browsing); `undefined` when it was kept.
 */
export type NotKept = 'is over 256 KB' | 'was refused by storage' | undefined;

/** The start of every key of `userId`'s drafts. */
export const draftsPrefixOf = (userId: string): string => `${STORAGE_KEYS.drafts}${encodeURIComponent(userId)}|`;

/** Where a draft belongs: the signed-in user's id, the screen's path, the screen's own key. */
export const draftKey = (userId: string, path: string, key: string): string => `${draftsPrefixOf(userId)}${path}|${key}`;

const isDraftKey = (key: string) => key.startsWith(STORAGE_KEYS.drafts);

function parse(text: string | null): KeptDraft | null {
  const kept = parseJson(text ?? '')?.value as Partial<KeptDraft> | null | undefined;
  return kept && typeof kept.keptAt === 'number' && 'value' in kept ? (kept as KeptDraft) : null;
}

const expired = (kept: KeptDraft | null, now: number, keepMs: number) => !kept || now - kept.keptAt > keepMs;

/** The kept copy under `key`, unless it is older than `keepMs` (then it goes) or unreadable (it goes too). */
export function readDraft(storage: SafeStorage, now: number, keepMs: number, key: string): KeptDraft | null {
  const kept = parse(storage.get(key));
  if (!expired(kept, now, keepMs)) return kept;
  storage.remove(key);
  return null;
}

/**
 * Keeps `value` under `key`, kept at `now`. Over `DRAFT_MAX_CHARS` it is not written (and an older
 * copy under the key goes, so that nothing stale comes back); older copies under any key go first
 * while all of them would pass `DRAFTS_MAX_CHARS`.
 */
export function writeDraft(storage: SafeStorage, now: number, key: string, value: unknown): NotKept {
  const text = JSON.stringify({ value, keptAt: now });
  if (text.length > DRAFT_MAX_CHARS) {
    storage.remove(key);
    return 'is over 256 KB';
  }
  const others = storage
    .keys()
    .filter((other) => isDraftKey(other) && other !== key)
    .map((other) => {
      const otherText = storage.get(other) ?? '';
      return { key: other, chars: other.length + otherText.length, keptAt: parse(otherText)?.keptAt ?? 0 };
    })
    .sort((a, b) => b.keptAt - a.keptAt);
  // Newest first: the copies that still fit stay, and from the first that does not, every older one goes.
  let total = key.length + text.length;
  for (const other of others) {
    total += other.chars;
    if (total > DRAFTS_MAX_CHARS) storage.remove(other.key);
  }
  if (!storage.set(key, text)) return 'was refused by storage';
}

/** Removes every draft `drop` picks by its key and kept copy. */
function removeDrafts(storage: SafeStorage, drop: (key: string, kept: KeptDraft | null) => boolean): void {
  for (const key of storage.keys()) if (isDraftKey(key) && drop(key, parse(storage.get(key)))) storage.remove(key);
}

/** The user signed out: none of their drafts stays. */
export const removeDraftsOf = (storage: SafeStorage, userId: string): void =>
  removeDrafts(storage, (key) => key.startsWith(draftsPrefixOf(userId)));

/**
 * `userId` is signed in on this browser: every other user's drafts go (they would never be shown to
 * them again anyway, and must not stay readable), and so do copies older than `keepMs`.
 */
export const keepOnlyDraftsOf = (storage: SafeStorage, userId: string, now: number, keepMs: number): void =>
  removeDrafts(storage, (key, kept) => !key.startsWith(draftsPrefixOf(userId)) || expired(kept, now, keepMs));
