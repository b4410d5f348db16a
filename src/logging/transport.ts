/**
 * Delivery: batches go out one at a time, oldest first, each sent again until it is settled. What
 * the transport is doing now is one value, `state` (its tag is `stats().status`):
 *
 * - `idle`: nothing out; the next batch goes when it is due (the "due" timer waits for that).
 * - `sending`: a request for the oldest batch is out.
 * - `waiting-retry`: the oldest batch failed and waits for its backoff or the server's Retry-After
 *   (the state holds its own retry timer).
 * - `offline`: the browser said it was offline when a batch was to go; the `online` event resumes.
 *
 * A keepalive request of page exit goes beside this order (exit.ts); its final answer settles its
 * batch the same way as the transport's own.
 */
import type { HttpResult } from '../browser/http';
import type { Batch } from './batch';
import type { Surroundings } from './env';
import type { DropReason } from './ledger';
import type { Outbox } from './outbox';
import type { Post } from './post';
import type { Queue } from './queue';
import { backoffDelay, classify, MAX_NETWORK_RETRIES, parseRetryAfter } from './retry';
import type { FlushResult, LogEndpoint, TransportStatus } from './types';

type TransportState =
  | { _tag: 'idle' }
  | { _tag: 'sending'; _batch: Batch; _answer: Promise<unknown> }
  | { _tag: 'waiting-retry'; _until: number; _byServer: boolean; _timer: unknown }
  | { _tag: 'offline' };

const IDLE: TransportState = { _tag: 'idle' };
const OFFLINE: TransportState = { _tag: 'offline' };

export interface Transport {
  _status(): TransportStatus;
  /** Between start and stop, batches go out; a stop keeps a waiting retry for the next start. */
  _run(running: boolean): void;
  /** Until an endpoint is set, batches wait. */
  _setEndpoint(endpoint: LogEndpoint | null): void;
  /** Looks at what may go now; called after anything that may change it (a log call, the `online` event). */
  _pump(): void;
  /** The due time moved (a new flushIntervalMs or batchSize). */
  _reschedule(): void;
  /** The endpoint when a batch may go at once: running, online, and no Retry-After of the server in force. */
  _maySend(): LogEndpoint | null;
  /** The answer to a request for the batch: the transport's own, or (`keepalive`) one of page exit. */
  _answer(batch: Batch, result: HttpResult, keepalive: boolean): void;
  _flush(): Promise<FlushResult>;
}

export function createTransport(page: Surroundings, queue: Queue, outbox: Outbox, post: Post): Transport {
  const { _now: now, _timers: timers, _report: report, _guard: guard } = page;
  let state: TransportState = IDLE;
  let running = false;
  let endpoint: LogEndpoint | null = null;
  /** Set while waiting for the queue's next batch to be due. */
  let dueTimer: unknown = null;
  /** Sends of the oldest batch that failed: the backoff grows with them. */
  let attempt = 0;
  /** Of those, the ones without an answer while online: a few are retried, then the batch is given up. */
  let networkFailures = 0;

  const online = () => page._navigator()?.onLine !== false;

  const clearDue = () => {
    if (dueTimer !== null) timers.clearTimeout(dueTimer);
    dueTimer = null;
  };

  /** Looks at what may go now: the oldest batch, or the next one due (the due timer waits for it). */
  function pump(): void {
    if (state._tag === 'sending' || state._tag === 'waiting-retry' || !running || !endpoint) return;
    state = online() ? IDLE : OFFLINE;
    if (state === OFFLINE) return;
    const dueIn = queue._dueIn(now());
    const batch = outbox._next(dueIn <= 0);
    if (batch) void send(endpoint, batch);
    // Batches held but none to send: a keepalive carries the oldest, and its answer moves on.
    else if (!outbox._batches().length && dueIn < Infinity && dueTimer === null)
      dueTimer = timers.setTimeout(() => {
        dueTimer = null;
        pump();
      }, dueIn);
  }

  /**
   * Sends a batch now, a waiting retry included. Headers that cannot be read throw here, before
   * anything changed.
   */
  function send(to: LogEndpoint, batch: Batch): Promise<unknown> {
    const request = post(to, batch, false);
    if (state._tag === 'waiting-retry') timers.clearTimeout(state._timer);
    const answer = request.then(guard((result: HttpResult) => answered(batch, result, false)));
    clearDue();
    state = { _tag: 'sending', _batch: batch, _answer: answer };
    return answer;
  }

  /**
   * An answer for the batch. Unless the other request (the transport's own, or page exit's
   * keepalive) settled it meanwhile, a failed batch of the transport's own request is kept, to be
   * sent again after its backoff (or the server's Retry-After) or, while the browser says it is
   * offline, at the `online` event; one of a keepalive goes again in its turn. A final answer
   * settles it: delivered, split in two (413), or dropped (refused, a single entry too large, or
   * given up after too many network failures while online). Then on to the next.
   */
  function answered(batch: Batch, { _status: status, _retryAfter: retryAfter }: HttpResult, keepalive: boolean) {
    if (!keepalive) state = IDLE;
    const outcome = classify(status);
    // The other request settled it meanwhile.
    if (!outbox._batches().includes(batch)) return pump();
    if (outcome === 'retry' || outcome === 'network') {
      if (keepalive) return pump();
      const offline = outcome === 'network' && !online();
      if (outcome === 'network' && !offline && ++networkFailures > MAX_NETWORK_RETRIES) return settle(batch, 'network', status);
      report('send failed', status, 'kept');
      attempt++;
      const serverDelay = parseRetryAfter(retryAfter, now());
      const delay = serverDelay ?? backoffDelay(attempt, page._random());
      if (offline) state = OFFLINE;
      else waitRetry(now() + delay, serverDelay !== undefined);
      return;
    }
    settle(batch, outcome, status);
  }

  /** The oldest batch waits until `until`, then goes again (the timer is armed again after a stop and start). */
  function waitRetry(until: number, byServer: boolean): void {
    const timer = timers.setTimeout(() => {
      state = IDLE;
      pump();
    }, until - now());
    state = { _tag: 'waiting-retry', _until: until, _byServer: byServer, _timer: timer };
  }

  /** A final answer: the batch is sent, split (413, its halves in its place), or dropped; then on to the next. */
  function settle(batch: Batch, outcome: 'sent' | DropReason, status: number): void {
    // The next batch starts with a fresh backoff.
    if (outbox._batches()[0] === batch) attempt = networkFailures = 0;
    const split = outbox._settle(batch, outcome);
    if (outcome !== 'sent') report('send failed', status, split ? 'split' : 'dropped');
    pump();
  }

  const maySend = () =>
    running && online() && !(state._tag === 'waiting-retry' && state._byServer && state._until > now()) ? endpoint : null;

  /**
   * Sends the batches that hold what is queued now, one after the other, during a backoff wait too;
   * settles once each of those occurrences was delivered, dropped, or is kept (a send failed again,
   * the server's Retry-After is in force, a keepalive of page exit carries the oldest batch, the
   * browser is offline, there is no endpoint or no start yet). Occurrences are numbered as they are queued (queue.ts): those queued before the call are
   * below `cut`, and each batch knows the number of its first. What is neither delivered during the
   * flush nor still held at its end was dropped (refused, given up, pushed out of the queue, or by
   * beforeSend).
   */
  async function flush(): Promise<FlushResult> {
    const cut = queue._cut();
    const queued = queue._held() + outbox._held();
    // A batch made during the flush may end with occurrences queued after the call: not its business.
    const ours = (batch: Batch) => Math.max(0, Math.min(batch._count, cut - batch._first));
    let sent = 0;
    const unlisten = outbox._onSent((batch) => {
      sent += ours(batch);
    });
    try {
      for (;;) {
        if (state._tag === 'sending') {
          await state._answer;
          continue;
        }
        const to = maySend();
        const batch = to && outbox._next(queue._head() < cut);
        if (!to || !batch || batch._first >= cut) break;
        await send(to, batch);
        // Delivered or given up: on to the next. Still held: it waits for its retry, and so does the rest.
        if (outbox._batches().includes(batch)) break;
      }
    } catch (error) {
      // A dependency that throws (headers that cannot be read, say): what is not sent is kept.
      report(error);
    } finally {
      unlisten();
    }
    const kept = outbox._batches().reduce((n, batch) => n + ours(batch), Math.max(0, cut - queue._head()));
    return { sent, kept, dropped: queued - sent - kept };
  }

  return {
    _status: () => state._tag,
    _run(run) {
      running = run;
      // A stop leaves no timer, but the wait itself stays: a start within it waits out the rest.
      clearDue();
      if (state._tag === 'waiting-retry') {
        timers.clearTimeout(state._timer);
        if (run) waitRetry(state._until, state._byServer);
      }
      pump();
    },
    _setEndpoint(to) {
      endpoint = to;
      pump();
    },
    _pump: pump,
    _reschedule() {
      clearDue();
      pump();
    },
    _maySend: maySend,
    _answer: answered,
    _flush: flush,
  };
}
