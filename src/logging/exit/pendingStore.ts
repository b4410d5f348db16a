/**
 * Batches kept for the next page, in localStorage: one key per page under `emweb.logger.pending.`,
 * so that pages closing at the same moment each write their own and none overwrites another. A
 * page that starts takes every key, oldest first, and replays each batch whole, with its key (its
 * entries were scrubbed before they were stored; what is not an entry is left out).
 * All keys together stay within 256 KiB: a page keeps its newest batches within what the other
 * pages' keys leave, and the oldest that do not fit are dropped and counted.
 *
 * A page's key holds `{ since, dropped, batches: [{ key, reported, body, handed }] }`: `body` is the
 * request body as JSON (not a string of it), `dropped` the page's drop counts not yet reported,
 * `handed` (a sender's batch only) the refs of other tabs' entries it holds: they count in their own
 * tabs, and the page that replays it tells them what became of them (sender/intake.ts).
 */

import { isPlainObject, parseJson } from '../../browser/http';
import type { SafeStorage } from '../../browser/storage';
import { STORAGE_KEYS } from '../../product/constants';
import { isEntry, utf8Bytes } from '../entry/serialize';
import { type Batch, entriesStoodFor, isBatchKey, newBatch, readHanded } from '../queue/batch';
import type { ReportCounts } from '../queue/ledger';

export const STORE_PREFIX = `${STORAGE_KEYS.pendingLogs}.`;
/** The most all pages' keys may hold together, in UTF-8 bytes of their names and values. */
export const MAX_STORE_BYTES = 256 * 1024;
/** Room kept for what a page's value holds besides its batches (the time, the drop counts). */
const ENVELOPE_BYTES = 256;

/** A batch as stored: its key, the drop counts it reports, its body as sent, and other tabs' entries in it. */
function stored(batch: Batch) {
  const handed = batch.handed ? `,"handed":${JSON.stringify(batch.handed)}` : '';
  const text = `{"key":"${batch.key}","reported":${JSON.stringify(batch.reported)},"body":${batch.body}${handed}}`;
  return { text, bytes: utf8Bytes(text) };
}

/**
 * How many of the page's batches (oldest first) do not fit in its key: the newest that fit stay,
 * and none older than one that does not.
 */
export function leftOutOfStore(local: SafeStorage, ownKey: string, batches: readonly Batch[]): number {
  let room = MAX_STORE_BYTES - ENVELOPE_BYTES - utf8Bytes(ownKey);
  for (const key of local.keys())
    if (key.startsWith(STORE_PREFIX) && key !== ownKey) room -= utf8Bytes(key + (local.get(key) ?? ''));
  let leftOut = batches.length;
  for (; leftOut > 0; leftOut--) {
    room -= stored(batches[leftOut - 1] as Batch).bytes + 1;
    if (room < 0) break;
  }
  return leftOut;
}

/** Writes the page's batches (oldest first) under its own key, with its drop counts not yet reported. */
export function storePage(
  local: SafeStorage,
  ownKey: string,
  batches: readonly Batch[],
  counts: Readonly<ReportCounts> | null,
  now: number,
): void {
  const texts = batches.map((batch) => stored(batch).text);
  if (batches.length || counts)
    local.set(ownKey, `{"since":${JSON.stringify(now)},"dropped":${JSON.stringify(counts)},"batches":[${texts.join()}]}`);
  else local.remove(ownKey);
}

/** A stored batch, or null when it is not one this client wrote. */
function readBatch(value: unknown): Batch | null {
  if (!isPlainObject(value) || !isBatchKey(value.key)) return null;
  const { key, body, reported } = value;
  const entries: unknown[] = Array.isArray(body) ? body : [body];
  // A drop report, when there is one, is the first entry and is not a logged entry.
  const report = isPlainObject(reported) ? reported : null;
  if (!entries.length || !entries.every(isEntry)) return null;
  const handed = readHanded(value.handed);
  const others = handed.flat().length;
  const count = entriesStoodFor(entries, report) - others;
  return newBatch(key, JSON.stringify(body), Math.max(count, 0), { tag: 'store' }, report, others ? handed : null);
}

/**
 * Takes every page's batches, oldest page first, and the drop counts the pages had not reported
 * (as stored: the ledger takes whole positive counts only). The keys are removed, so each is
 * replayed once (two pages starting at the same moment may both send one: its idempotency key
 * makes that harmless). The single key of clients before the per-page store goes unread.
 */
export function takeStored(local: SafeStorage): { batches: Batch[]; counts: unknown[] } {
  local.remove(STORAGE_KEYS.pendingLogs);
  const pages: { since?: unknown; dropped?: unknown; batches: unknown[] }[] = [];
  for (const key of local.keys()) {
    if (!key.startsWith(STORE_PREFIX)) continue;
    const page = parseJson(local.get(key) ?? '')?.value;
    local.remove(key);
    // Not a page this client wrote: left out.
    if (isPlainObject(page) && Array.isArray(page.batches)) pages.push(page as (typeof pages)[number]);
  }
  const since = (page: { since?: unknown }) => Number(page.since) || 0;
  pages.sort((a, b) => since(a) - since(b));
  const batches = new Map<string, Batch>();
  for (const page of pages)
    for (const stored of page.batches) {
      const batch = readBatch(stored);
      // A key stands for one batch: a second batch under a key already taken is that batch again.
      if (batch && !batches.has(batch.key)) batches.set(batch.key, batch);
    }
  return { batches: [...batches.values()], counts: pages.map((page) => page.dropped) };
}
