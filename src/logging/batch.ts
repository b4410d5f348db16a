/**
 * A batch: one request's worth of entries, made once and sent as it is (every send carries the
 * same bytes and the same key) until it is settled, or split in two when the server finds it too
 * large.
 */
import type { ReportCounts } from './ledger';
import { utf8Bytes } from './serialize';

export interface Batch {
  /** The Idempotency-Key of every send of it, on this page or the next. */
  _key: string;
  _body: string;
  _bytes: number;
  /** The occurrences it stands for (a drop report stands for none, a grouped entry for its repeats). */
  _count: number;
  /**
   * The number of its first occurrence, as the queue numbers them (-Infinity for a batch an earlier
   * page stored): flush() tells its own entries from later ones by it.
   */
  _first: number;
  /** The counts its drop report (its first entry) carries: if the batch is lost, they are reported again. */
  _reported: Partial<ReportCounts> | null;
}

export const newBatch = (key: string, body: string, count: number, first: number, reported: Batch['_reported']): Batch => ({
  _key: key,
  _body: body,
  _bytes: utf8Bytes(body),
  _count: count,
  _first: first,
  _reported: reported,
});

/**
 * The occurrences a batch's entries stand for: each its `repeated` when that is a plausible count,
 * else itself; the drop report (the first entry, when there is one) none. The entries are objects:
 * this client wrote them, or checked them when it read them from storage (`repeated` it did not).
 */
export const occurrencesIn = (entries: object[], reported: unknown): number =>
  entries.reduce(
    (n: number, { repeated }: { repeated?: unknown }, i) =>
      n + (i === 0 && reported ? 0 : Number.isSafeInteger(repeated) && (repeated as number) >= 2 ? (repeated as number) : 1),
    0,
  );

/**
 * The batch as two, the older half of its entries first (its drop report, if it has one, with
 * them); null when it holds a single entry. Its body is JSON this client wrote (or checked, for a
 * stored batch): each half is its entries written again. Each half has a new key made from the
 * batch's: a page that replays the stored batch and splits it too sends the same halves under the
 * same keys, so that a server drops the copies.
 */
export function splitBatch(batch: Batch): [Batch, Batch] | null {
  const entries: object[] = [JSON.parse(batch._body)].flat();
  if (entries.length < 2) return null;
  const older = entries.slice(0, Math.ceil(entries.length / 2));
  const olderCount = occurrencesIn(older, batch._reported);
  return [
    newBatch(`${batch._key}-1`, JSON.stringify(older), olderCount, batch._first, batch._reported),
    newBatch(
      `${batch._key}-2`,
      JSON.stringify(entries.slice(older.length)),
      batch._count - olderCount,
      batch._first + olderCount,
      null,
    ),
  ];
}
