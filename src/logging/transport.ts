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
import type { HttpResult } from '../http';
import type { Batch } from './batch';
import type { Surroundings } from './env';
import type { Outbox } from './outbox';
import type { Post } from './post';
import type { Queue } from './queue';
import { backoffDelay, classify, MAX_NETWORK_RETRIES, parseRetryAfter } from './retry';
import type { FlushResult, LogEndpoint, TransportStatus } from './types';

/**
 * Failed sends of one batch so far: the backoff grows with `_attempt`; `_network` counts those
 * without an answer while online (a few are retried, then the batch is given up).
 */
interface Failures {
  _batch: Batch;
  _attempt: number;
  _network: number;
}

/** What the transport is doing; the failures of the oldest batch so far go along until it is settled. */
type TransportState =
  | { _tag: 'idle'; _failures: Failures | null }
  | { _tag: 'sending'; _batch: Batch; _answer: Promise<unknown> }
  | { _tag: 'waiting-retry'; _failures: Failures; _until: number; _byServer: boolean; _timer: unknown }
  | { _tag: 'offline'; _failures: Failures | null };

const IDLE: TransportState = { _tag: 'idle', _failures: null };

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
  /** The answer to a keepalive request of page exit. */
  _keepaliveAnswer(batch: Batch, result: HttpResult): void;
  _flush(): Promise<FlushResult>;
}

export function createTransport(page: Surroundings, queue: Queue, outbox: Outbox, post: Post): Transport {
  const { _now: now, _timers: timers, _report: report, _guard: guard } = page;
  let state: TransportState = IDLE;
  let running = false;
  let endpoint: LogEndpoint | null = null;
  /** Set while waiting for the queue's next batch to be due. */
  let dueTimer: unknown = null;

  const online = () => page._navigator()?.onLine !== false;

  const clearDue = () => {
    if (dueTimer !== null) timers.clearTimeout(dueTimer);
    dueTimer = null;
  };

  /** Looks at what may go now: the oldest batch, or the next one due (the due timer waits for it). */
  function pump(): void {
    if (state._tag === 'sending' || state._tag === 'waiting-retry' || !running || !endpoint) return;
    if (!online()) {
      state = { _tag: 'offline', _failures: state._failures };
      return;
    }
    const dueIn = queue._dueIn(now());
    const batch = outbox._next(dueIn <= 0);
    if (batch) {
      void send(endpoint, batch);
      return;
    }
    state = { _tag: 'idle', _failures: state._failures };
    // Batches held but none to send: a keepalive carries the oldest, and its answer moves on.
    if (!outbox._batches().length && dueIn < Infinity && dueTimer === null)
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
    const failures = state._tag === 'sending' ? null : state._failures;
    const answer = request.then(
      guard((result: HttpResult) => answered(batch, result, failures?._batch === batch ? failures : null)),
    );
    clearDue();
    state = { _tag: 'sending', _batch: batch, _answer: answer };
    return answer;
  }

  /**
   * The answer to the transport's own request. Unless page exit's keepalive got the batch through
   * meanwhile, a failed batch is kept, to be sent again after its backoff (or the server's
   * Retry-After) or, while the browser says it is offline, at the `online` event; or it is
   * settled, when the answer is final or after too many network failures while online.
   */
  function answered(batch: Batch, { status, retryAfter }: HttpResult, failures: Failures | null): void {
    state = IDLE;
    const outcome = classify(status);
    const offline = outcome === 'network' && !online();
    const next = {
      _batch: batch,
      _attempt: (failures?._attempt ?? 0) + 1,
      _network: (failures?._network ?? 0) + (outcome === 'network' && !offline ? 1 : 0),
    };
    if ((outcome === 'retry' || outcome === 'network') && outbox._holds(batch) && next._network <= MAX_NETWORK_RETRIES) {
      report('send failed', status, 'kept');
      if (offline) state = { _tag: 'offline', _failures: next };
      else {
        const serverDelay = parseRetryAfter(retryAfter, now());
        const delay = serverDelay ?? backoffDelay(next._attempt, page._random());
        state = {
          _tag: 'waiting-retry',
          _failures: next,
          _until: now() + delay,
          _byServer: serverDelay !== undefined,
          _timer: timers.setTimeout(() => {
            state = { _tag: 'idle', _failures: next };
            pump();
          }, delay),
        };
      }
      return;
    }
    settle(batch, status);
  }

  /**
   * A final answer, from the transport's request or from a keepalive of page exit: the batch is
   * delivered or dropped (refused, given up), unless the other request settled it already; then on
   * to the next.
   */
  function settle(batch: Batch, status: number): void {
    const outcome = classify(status);
    if (outcome === 'delivered') outbox._settle(batch, 'sent');
    else if (outbox._holds(batch)) {
      report('send failed', status, 'dropped');
      outbox._settle(batch, outcome === 'refused' ? 'rejected' : 'network');
    }
    pump();
  }

  const maySend = () =>
    running && online() && !(state._tag === 'waiting-retry' && state._byServer && state._until > now()) ? endpoint : null;

  /**
   * Sends the batches that hold what is queued now, one after the other, during a backoff wait too;
   * settles once each of those occurrences was delivered, dropped, or is kept (a send failed again,
   * the server's Retry-After is in force, the browser is offline, there is no endpoint or no start
   * yet). Entries are numbered as they are queued (queue.ts): those queued before the call are
   * below `cut`, and each batch knows the number of its first. What is neither delivered during the
   * flush nor still held at its end was dropped (refused, given up, or pushed out of the queue).
   */
  async function flush(): Promise<FlushResult> {
    const cut = queue._head() + queue._held();
    const queued = queue._held() + outbox._held();
    // A batch made during the flush may end with entries queued after the call: not its business.
    const ours = (batch: Batch) => Math.max(0, Math.min(batch._count, cut - batch._first));
    let sent = 0;
    const unlisten = outbox._onSent((batch) => {
      sent += ours(batch);
    });
    try {
      for (;;) {
        // One request at a time: the transport's own, or the keepalive that carries the oldest batch.
        const inFlight = state._tag === 'sending' ? state._answer : outbox._carrier();
        if (inFlight) {
          await inFlight;
          continue;
        }
        const to = maySend();
        const batch = to && outbox._next(queue._head() < cut);
        if (!to || !batch || batch._first >= cut) break;
        await send(to, batch);
        // Delivered or given up: on to the next. Still held: it waits for its retry, and so does the rest.
        if (outbox._holds(batch)) break;
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
      if (run) return pump();
      clearDue();
      if (state._tag === 'waiting-retry') {
        timers.clearTimeout(state._timer);
        state = { _tag: 'idle', _failures: state._failures };
      }
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
    _keepaliveAnswer(batch, result) {
      const outcome = classify(result.status);
      // Only a final answer counts; anything else leaves the batch where it is, to go again in its turn.
      if (outcome === 'delivered' || outcome === 'refused') settle(batch, result.status);
      else pump();
    },
    _flush: flush,
  };
}
