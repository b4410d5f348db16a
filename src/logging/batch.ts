/**
 * A batch: one request's worth of entries, made once and sent as it is (every send carries the
 * same bytes and the same key) until it is settled.
 */
import type { ReportCounts } from './ledger';
import { utf8Bytes } from './serialize';

export interface Batch {
  /** The Idempotency-Key of every send of it, on this page or the next. */
  _key: string;
  _body: string;
  _bytes: number;
  /** The logged entries in it (a drop report is not one). */
  _count: number;
  /**
   * The number of its first entry, as the queue numbers them (-Infinity for a batch an earlier
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
