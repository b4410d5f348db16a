/**
 * flush(): sends the batches that hold what is queued now, one after the other (during a backoff
 * wait too), and settles with what became of those entries: `sent`, `kept` (a send failed again,
 * the server's Retry-After is in force, page exit's keepalive carries the oldest batch, the
 * browser is offline, there is no endpoint or no start yet) or `dropped` (refused, given up,
 * pushed out of the queue, or by beforeSend).
 *
 * Entries are numbered as they are queued (queue.ts): those queued before the call are below
 * `cut`, and a batch of this page knows the number of its first; a batch an earlier page stored
 * is all before the call. What is neither sent during the flush nor still held at its end was
 * dropped.
 */

import type { Pending } from '../exit/pending';
import type { Batch } from '../queue/batch';
import type { Queue } from '../queue/queue';
import type { FlushResult, LogEndpoint } from '../types';

export interface FlushParts {
  queue: Queue;
  pending: Pending;
  report(...what: unknown[]): void;
  /** Settles once the answer to the send out now is handled; null when none is out. */
  sendOut(): Promise<unknown> | null;
  sendableEndpoint(): LogEndpoint | null;
  /** Sends a batch now, with its failures so far; settles once its answer is handled. */
  send(endpoint: LogEndpoint, batch: Batch): Promise<unknown>;
}

/** Of a batch's entries, those queued before `cut`. */
function queuedBefore(cut: number, batch: Batch): number {
  const { source } = batch;
  return source.tag === 'store' ? batch.count : Math.max(0, Math.min(batch.count, cut - source.first));
}

/**
 * Whether all of a batch's entries were queued after the cut. Other tabs' entries in this tab, the
 * sender, are not numbered: a batch with any goes (the tab that asked the sender to flush counts its own).
 */
const queuedAfter = (cut: number, { source, handed }: Batch) => source.tag === 'queue' && source.first >= cut && !handed;

export function createFlush(parts: FlushParts): () => Promise<FlushResult> {
  const { queue, pending } = parts;

  /** Sends, oldest first, while a batch holding entries queued before `cut` may go. */
  async function sendBefore(cut: number): Promise<void> {
    for (;;) {
      const out = parts.sendOut();
      if (out) {
        await out;
        continue;
      }
      const endpoint = parts.sendableEndpoint();
      const batch = endpoint && pending._next(queue._head() < cut || queue._holdsHanded());
      if (!endpoint || !batch || queuedAfter(cut, batch)) return;
      await parts.send(endpoint, batch);
      // Sent or given up: on to the next. Still pending: it waits for its retry, and so does the rest.
      if (pending._has(batch)) return;
    }
  }

  return async () => {
    const cut = queue._cut();
    const queued = queue._held() + pending._held();
    let sent = 0;
    const stopCounting = pending._watch({
      settled(batch, outcome) {
        if (outcome === 'sent') sent += queuedBefore(cut, batch);
      },
    });
    try {
      await sendBefore(cut);
    } catch (error) {
      // A dependency that throws (headers that cannot be read, say): what is not sent is kept.
      parts.report(error);
    } finally {
      stopCounting();
    }
    const stillQueued = Math.max(0, cut - queue._head());
    const kept = pending._batches().reduce((n, batch) => n + queuedBefore(cut, batch), stillQueued);
    return { sent, kept, dropped: queued - sent - kept };
  };
}
