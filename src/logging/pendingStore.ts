/**
 * Batches kept for the next page, in localStorage: one key per page under `emweb.logger.pending.`,
 * so that pages closing at the same moment each write their own and none overwrites another. A
 * page that starts takes every key, oldest first, and replays each batch whole, with its key (its
 * entries were scrubbed before they were stored; what is not an entry is left out).
 * All keys together stay within 256 KiB: a page keeps its newest batches within what the other
 * pages' keys leave, and the oldest that do not fit are dropped and counted.
 *
 * A page's key holds `{ since, dropped, batches: [{ key, reported, body }] }`: `body` is the
 * request body as JSON (not a string of it), `dropped` the count of entries left out by the bound.
 */
import { STORAGE_KEYS } from '../constants';
import { isPlainObject } from '../http';
import type { SafeStorage } from '../storage';
import { type Batch, newBatch } from './batch';
import { isEntry, utf8Bytes } from './serialize';
import { readReportCounts } from './stats';

export const STORE_PREFIX = `${STORAGE_KEYS.pendingLogs}.`;
/** The most all pages' keys may hold together, in UTF-8 bytes of their names and values. */
export const MAX_STORE_BYTES = 256 * 1024;
/** Room kept for what a page's value holds besides its batches. */
const ENVELOPE_BYTES = 64;
/** A key is a header value on the next send: nothing that could break or smuggle a header. */
const VALID_KEY = /^[\w-]{8,64}$/;

/** Bytes the other pages' keys take. */
function othersBytes(local: SafeStorage, ownKey: string): number {
  let bytes = 0;
  for (const key of local.keys())
    if (key.startsWith(STORE_PREFIX) && key !== ownKey) bytes += utf8Bytes(key) + utf8Bytes(local.get(key) ?? '');
  return bytes;
}

/**
 * Writes the page's batches (oldest first) under its own key, as many of the newest as the bound
 * leaves room for; returns how many of the oldest were left out (the caller drops and counts them).
 */
export function storeBatches(local: SafeStorage, ownKey: string, batches: Batch[], now: number): number {
  if (!batches.length) {
    local.remove(ownKey);
    return 0;
  }
  const texts = batches.map(
    (batch) => `{"key":"${batch.key}","reported":${JSON.stringify(batch.reported)},"body":${batch.body}}`,
  );
  const room = MAX_STORE_BYTES - ENVELOPE_BYTES - utf8Bytes(ownKey) - othersBytes(local, ownKey);
  let bytes = texts.reduce((sum, text) => sum + utf8Bytes(text) + 1, 0);
  let leftOut = 0;
  for (; bytes > room && leftOut < texts.length; leftOut++) bytes -= utf8Bytes(texts[leftOut]!) + 1;
  const dropped = batches.slice(0, leftOut).reduce((n, batch) => n + batch.count, 0);
  local.set(ownKey, `{"since":${now},"dropped":${dropped},"batches":[${texts.slice(leftOut).join(',')}]}`);
  return leftOut;
}

/** A stored batch, or null when it is not one this client wrote. */
function readBatch(value: unknown): Batch | null {
  if (!isPlainObject(value) || typeof value.key !== 'string' || !VALID_KEY.test(value.key)) return null;
  const { key, body, reported } = value;
  const entries = Array.isArray(body) ? body : [body];
  const counts = isPlainObject(reported) ? readReportCounts(reported) : null;
  const count = entries.length - (counts ? 1 : 0);
  return count >= 0 && entries.length && entries.every(isEntry) ? newBatch(key, JSON.stringify(body), count, -1, counts) : null;
}

export interface StoredPage {
  since: number;
  batches: Batch[];
  /** Entries the page left out of its key (the bound): to be reported. */
  dropped: number;
}

function readPage(text: string | null): StoredPage | null {
  let page: unknown;
  try {
    page = JSON.parse(text ?? '');
  } catch {
    return null;
  }
  if (!isPlainObject(page) || !Array.isArray(page.batches)) return null;
  const batches: Batch[] = [];
  for (const value of page.batches) {
    const batch = readBatch(value);
    if (batch) batches.push(batch);
  }
  const since = typeof page.since === 'number' ? page.since : 0;
  return { since, batches, dropped: readReportCounts({ storeFull: page.dropped }).storeFull };
}

/**
 * Takes every page's batches, oldest page first: the keys are removed, so each is replayed once
 * (two pages starting at the same moment may both send one: its idempotency key makes that harmless).
 */
export function takeStored(local: SafeStorage): StoredPage[] {
  const pages: StoredPage[] = [];
  for (const key of local.keys()) {
    if (!key.startsWith(STORE_PREFIX)) continue;
    const text = local.get(key);
    local.remove(key);
    const page = readPage(text);
    if (page) pages.push(page);
  }
  return pages.sort((a, b) => a.since - b.since);
}
