/**
 * When a batch goes, and why. A batch is formed from the queue and sent:
 * - at once when the queue holds `batchSize` entries (a full batch holds exactly that many), or
 *   when their JSON reaches 16 KiB;
 * - else `flushIntervalMs` after the oldest entry was queued (or the oldest drop not yet reported
 *   happened: its count goes in a drop report), by the one due timer below;
 * - when `logger.flush()` is called (flush.ts), or the page goes (pageExit.ts);
 * - only while delivery is idle or offline-and-back: one batch is out at a time, and the next goes
 *   when the one before is settled (retry.ts says what happens when it fails).
 * Nothing is sent while the queue is empty: never an empty request, and no timer runs.
 */
import type { Runtime } from '../page/env';
import { MAX_BATCH_BYTES } from '../queue/batch';
import type { Ledger } from '../queue/ledger';
import type { Queue, QueueSize } from '../queue/queue';
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

export interface FlushController {
  /** Milliseconds until the next batch is due (see dueIn). */
  _dueIn(): number;
  /** Arms the due timer for the next batch of the queue, when there is one to wait for. */
  _arm(onDue: () => void): void;
  _disarm(): void;
  _armed(): boolean;
}

export function createFlushController(
  { timers, now }: Pick<Runtime, 'timers' | 'now'>,
  queue: Queue,
  ledger: Ledger,
  settings: () => LoggerConfig,
): FlushController {
  let timer: unknown = null;
  const due = () => dueIn(queue._size(), settings(), ledger._unreportedSince(), now());
  const disarm = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };
  return {
    _dueIn: due,
    _arm(onDue) {
      disarm();
      const wait = due();
      if (wait === Infinity) return;
      timer = timers.setTimeout(() => {
        timer = null;
        onDue();
      }, wait);
    },
    _disarm: disarm,
    _armed: () => timer !== null,
  };
}
