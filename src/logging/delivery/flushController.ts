/**
 * When a batch goes, and why. A batch is formed from the queue and sent:
 * - at once when the queue holds `batchSize` entries (a full batch holds exactly that many), or
 *   when their JSON reaches 16 KiB;
 * - else `flushIntervalMs` after the oldest entry was queued (or the oldest drop not yet reported
 *   happened: its count goes in a drop report), by delivery's one due timer (delivery.ts);
 * - when `logger.flush()` is called (flush.ts), or the page goes (pageExit.ts);
 * - only while delivery is idle or offline-and-back: one batch is out at a time, and the next goes
 *   when the one before is settled (retry.ts says what happens when it fails).
 * Nothing is sent while the queue is empty: never an empty request, and no timer runs.
 */
import { MAX_BATCH_BYTES } from '../queue/batch';
import type { QueueSize } from '../queue/queue';
import type { LoggerConfig } from '../types';

/**
 * Milliseconds until a batch is due: 0 when one is full (by count or by bytes), else when the
 * oldest entry, or the oldest loss not yet reported, has waited `flushIntervalMs`; Infinity when
 * there is nothing to send.
 */
export function dueIn(size: QueueSize, settings: LoggerConfig, unreportedSince: number, now: number): number {
  // The bytes are counted only when their bound says they may be enough: most batches go by count or by time.
  if (size.slots >= settings.batchSize || (size.bytesAtMost >= MAX_BATCH_BYTES && size.bytes() >= MAX_BATCH_BYTES)) return 0;
  return Math.max(0, Math.min(size.oldestAt, unreportedSince) + settings.flushIntervalMs - now);
}
