/**
 * A batch: one request's worth of entries, made once and sent as it is (every send carries the
 * same bytes and the same key) until it is settled, or split in two when the server finds it too
 * large.
 */

import { utf8Bytes } from '../entry/serialize';
import type { ReportCounts } from './ledger';

/** A batch goes early once its JSON reaches this many bytes. */
export const MAX_BATCH_BYTES = 16 * 1024;

/**
 * Where a batch's entries were queued: on this page, numbered from `first` as the queue numbers
 * them (flush() tells the entries queued before its call by these numbers), or on an earlier page
 * that stored them, all before any flush of this one.
 */
export type BatchSource = { tag: 'queue'; first: number } | { tag: 'store' };

export interface Batch {
  /** The Idempotency-Key of every send of it, on this page or the next. */
  key: string;
  body: string;
  bytes: number;
  /** The entries it stands for (a drop report stands for none, a grouped entry for its repeats). */
  count: number;
  source: BatchSource;
  /** The counts its drop report (its first entry) carries: if the batch is lost, they are reported again. */
  reported: Partial<ReportCounts> | null;
  /**
   * Entries other tabs handed to this one, the sender (sender/), entry by entry of the body (a drop
   * report's place empty): they count in their own tabs, not in `count`. Null when there are none.
   */
  handed: string[][] | null;
}

export const newBatch = (
  key: string,
  body: string,
  count: number,
  source: BatchSource,
  reported: Batch['reported'],
  handed: Batch['handed'],
): Batch => ({ key, body, bytes: utf8Bytes(body), count, source, reported, handed });

/** A key is a header value on the next send: nothing that could break or smuggle a header. */
const VALID_KEY = /^[\w-]{8,80}$/;

/** Whether a key read from storage or from another tab may be a batch's. */
export const isBatchKey = (key: unknown): key is string => typeof key === 'string' && VALID_KEY.test(key);

/** A batch's `handed` as storage or another tab holds it: lists of refs (strings), entry by entry. */
export const readHanded = (handed: unknown): string[][] =>
  Array.isArray(handed) ? handed.map((refs) => (Array.isArray(refs) ? refs.filter((ref) => typeof ref === 'string') : [])) : [];

/** Every entry of other tabs a batch carries. */
export const handedRefs = (batch: Batch): string[] => batch.handed?.flat() ?? [];

/**
 * The entries a batch's entries stand for: each its `repeated` when that is a plausible count,
 * else itself; the drop report (the first entry, when there is one) none. The entries are objects:
 * this client wrote them, or checked them when it read them from storage (`repeated` it did not).
 */
export const entriesStoodFor = (entries: object[], reported: unknown): number =>
  entries.reduce(
    (n: number, { repeated }: { repeated?: unknown }, i) =>
      n + (i === 0 && reported ? 0 : Number.isSafeInteger(repeated) && (repeated as number) >= 2 ? (repeated as number) : 1),
    0,
  );

/**
 * The batch as two, the older half of its entries first (its drop report, if it has one, with
 * them); null when it holds a single entry. Each half is its entries written again, under a key
 * made from the batch's: a page that replays the stored batch and splits it too sends the same
 * halves under the same keys, so that a server drops the copies.
 */
export function splitBatch(batch: Batch): [Batch, Batch] | null {
  const entries: object[] = [JSON.parse(batch.body)].flat();
  if (entries.length < 2) return null;
  const half = Math.ceil(entries.length / 2);
  const older = entries.slice(0, half);
  const olderHanded = batch.handed?.slice(0, half) ?? null;
  const newerHanded = batch.handed?.slice(half) ?? null;
  const olderCount = entriesStoodFor(older, batch.reported) - (olderHanded?.flat().length ?? 0);
  const { source } = batch;
  const newerSource: BatchSource = source.tag === 'queue' ? { tag: 'queue', first: source.first + olderCount } : source;
  const some = (handed: string[][] | null) => (handed?.some((refs) => refs.length) ? handed : null);
  return [
    newBatch(`${batch.key}-1`, JSON.stringify(older), olderCount, source, batch.reported, some(olderHanded)),
    newBatch(
      `${batch.key}-2`,
      JSON.stringify(entries.slice(half)),
      batch.count - olderCount,
      newerSource,
      null,
      some(newerHanded),
    ),
  ];
}
