/**
 * Delivery: what the logger's transport is doing now, one value whose tag is `stats().status`, and
 * the composition of its parts, each handed the few others it uses (as Datadog's transport is):
 * - flushController.ts: when a batch goes and why (the due timer, batchSize, 16 KiB, the interval);
 * - retry.ts: what happens when a send fails (backoff, Retry-After, offline, the network cap);
 * - pageExit.ts: what happens when the page goes (the page's store, keepalive and beacons);
 * - flush.ts: what flush() waits for and what it says became of the entries;
 * - pending.ts: the batches formed and not yet settled.
 *
 * The states: `stopped` (no client has started it, or the last one left: a retry wait is kept for
 * the next start), `no-endpoint` (started, no API base yet), `idle` (nothing out; the next batch
 * goes when it is due), `sending` (the oldest batch's request is out), `waiting-retry` (the oldest
 * batch waits for its backoff or the server's Retry-After), `offline` (waiting for `online`).
 */
import type { Batch } from './batch';
import type { Runtime } from './env';
import { createFlush } from './flush';
import { createFlushController } from './flushController';
import type { Ledger } from './ledger';
import { createPageExit, type PageExit } from './pageExit';
import { createPending, type Pending } from './pending';
import { type Post, type SendResult, statusOf } from './post';
import type { Queue } from './queue';
import { afterFailure, classify, type Failures, type RetryWait } from './retry';
import type { DeliveryStatus, FlushResult, LogEndpoint, LoggerConfig } from './types';

interface Sending {
  tag: 'sending';
  endpoint: LogEndpoint;
  batch: Batch;
  /** The batch's failed sends before this one. */
  failures: Failures | null;
  /** The request out: its answer is delivery's own while the state still holds it. */
  request: Promise<SendResult>;
  /** Settles once that answer is handled. */
  handled: Promise<unknown>;
}

/** What delivery is doing, with what that needs; the retry timer belongs to `waiting-retry` and goes with it. */
type DeliveryState =
  | { tag: 'stopped'; endpoint: LogEndpoint | null; wait: RetryWait | null }
  | { tag: 'no-endpoint'; wait: RetryWait | null }
  | { tag: 'idle'; endpoint: LogEndpoint }
  | Sending
  | { tag: 'waiting-retry'; endpoint: LogEndpoint; wait: RetryWait; timer: unknown }
  | { tag: 'offline'; endpoint: LogEndpoint; failures: Failures | null };

export interface Delivery {
  _status(): DeliveryStatus;
  /** Entries held in pending batches. */
  _held(): number;
  /** A client started the logger: batches go once there is an endpoint. */
  _start(): void;
  /** The last client left: nothing goes until the next start; a retry wait is kept. */
  _stop(): void;
  /** Where batches go, read at each send; null: they wait. */
  _setEndpoint(endpoint: LogEndpoint | null): void;
  /** Sends what is due now; called after anything that may change it (a log call, the `online` event). */
  _sendDue(): void;
  /** The due time moved (a new flushIntervalMs or batchSize). */
  _reschedule(): void;
  _flush(): Promise<FlushResult>;
  _pageExit: PageExit;
  /** The batches formed and not yet settled (the sender part records and settles some of them). */
  _pending: Pending;
}

export function createDelivery(runtime: Runtime, queue: Queue, ledger: Ledger, post: Post, config: () => LoggerConfig): Delivery {
  const { now, timers, report, guard } = runtime;
  let state: DeliveryState = { tag: 'stopped', endpoint: null, wait: null };
  const pending = createPending(queue, ledger);
  const flushController = createFlushController(runtime, queue, ledger, config);
  const online = () => runtime.navigator()?.onLine !== false;

  /** The one writer of `state`: the timer of the state left goes with it. */
  function enter(next: DeliveryState): void {
    if (state.tag === 'idle') flushController._disarm();
    if (state.tag === 'waiting-retry') timers.clearTimeout(state.timer);
    state = next;
  }

  /** Looks at what may go now, when idle or offline: the other states wait for their own event. */
  function sendDue(): void {
    if (state.tag === 'idle') lookAhead(state.endpoint, null);
    else if (state.tag === 'offline') lookAhead(state.endpoint, state.failures);
  }

  /** The oldest batch goes now (with its failures so far), or the next one when it is due. */
  function lookAhead(endpoint: LogEndpoint, failures: Failures | null) {
    if (!online()) return enter({ tag: 'offline', endpoint, failures });
    const batch = pending._next(flushController._dueIn() <= 0);
    if (batch) return void send(endpoint, batch, failures?.batch === batch ? failures : null);
    if (state.tag === 'idle' && flushController._armed()) return;
    enter({ tag: 'idle', endpoint });
    // With batches pending but none to send, a request beside delivery's own carries the oldest: its answer moves on.
    if (!pending._batches().length) flushController._arm(sendDue);
  }

  /** Sends a batch now, a waiting retry included. Headers that cannot be read throw here, before anything changed. */
  function send(endpoint: LogEndpoint, batch: Batch, failures: Failures | null): Promise<unknown> {
    const request = post(endpoint, batch, false);
    const handled = request.then(guard((result: SendResult) => answered(batch, request, result)));
    enter({ tag: 'sending', endpoint, batch, failures, request, handled });
    return handled;
  }

  function answered(batch: Batch, request: Promise<SendResult>, result: SendResult): void {
    if (state.tag === 'sending' && state.request === request) ownAnswer(state, result);
    else answeredInFlight(batch, result);
  }

  /** A final answer settles the batch (sent, split, dropped), then on to the next. */
  function settle(batch: Batch, outcome: 'sent' | 'rejected' | 'tooLarge' | 'network', result: SendResult): void {
    const split = pending._settle(batch, outcome);
    if (outcome !== 'sent') report('send failed', statusOf(result), split ? 'split' : 'dropped');
    sendDue();
  }

  /** The answer to delivery's own request, unless a request beside it settled the batch meanwhile. */
  function ownAnswer(sending: Sending, result: SendResult) {
    const { endpoint, batch, failures } = sending;
    enter({ tag: 'idle', endpoint });
    const outcome = classify(result);
    if (!pending._has(batch)) return sendDue();
    if (outcome !== 'retry' && outcome !== 'network') return settle(batch, outcome, result);
    const next = afterFailure({ batch, result, before: failures, online: online(), now: now(), random: runtime.random() });
    if (next.tag === 'give-up') return settle(batch, 'network', result);
    report('send failed', statusOf(result), 'kept');
    if (next.tag === 'offline') enter({ tag: 'offline', endpoint, failures: next.failures });
    else waitRetry(endpoint, next.wait);
  }

  /**
   * The answer to a request beside delivery's own (page exit's keepalive, or a send a stop left
   * out): a final one settles its batch; after a failed one the batch goes again in its turn.
   */
  function answeredInFlight(batch: Batch, result: SendResult): void {
    pending._markInFlight(batch, null);
    const outcome = classify(result);
    if (pending._has(batch) && outcome !== 'retry' && outcome !== 'network') settle(batch, outcome, result);
    else sendDue();
  }

  function waitRetry(endpoint: LogEndpoint, wait: RetryWait): void {
    const retry = () => {
      enter({ tag: 'idle', endpoint });
      lookAhead(endpoint, wait.failures);
    };
    enter({ tag: 'waiting-retry', endpoint, wait, timer: timers.setTimeout(retry, wait.until - now()) });
  }

  /** Started with an endpoint: a retry wait that a stop (or a lost endpoint) kept is waited out; the rest goes when due. */
  function resume(endpoint: LogEndpoint, wait: RetryWait | null) {
    if (wait && wait.until > now()) return waitRetry(endpoint, wait);
    enter({ tag: 'idle', endpoint });
    lookAhead(endpoint, wait?.failures ?? null);
  }

  /** What a stop or a lost endpoint keeps: the retry wait. A request out goes on beside delivery. */
  function waitToKeep(): RetryWait | null {
    if (state.tag === 'sending') pending._markInFlight(state.batch, 'send-left-by-stop');
    return state.tag === 'stopped' || state.tag === 'no-endpoint' || state.tag === 'waiting-retry' ? state.wait : null;
  }

  /** The endpoint when a batch may go at once: started, online, and no Retry-After of the server in force. */
  function sendableEndpoint(): LogEndpoint | null {
    if (state.tag === 'stopped' || state.tag === 'no-endpoint' || !online()) return null;
    if (state.tag === 'waiting-retry' && state.wait.byServer && state.wait.until > now()) return null;
    return state.endpoint;
  }

  /** The failures so far of the batch, when it is the one waiting for its retry or for the network. */
  function failuresOf(batch: Batch): Failures | null {
    const failures = state.tag === 'waiting-retry' ? state.wait.failures : state.tag === 'offline' ? state.failures : null;
    return failures?.batch === batch ? failures : null;
  }

  function setEndpoint(endpoint: LogEndpoint | null): void {
    if (state.tag === 'stopped') enter({ ...state, endpoint });
    else if (!endpoint) {
      if (state.tag !== 'no-endpoint') enter({ tag: 'no-endpoint', wait: waitToKeep() });
    } else if (state.tag === 'sending') enter({ ...state, endpoint });
    else if (state.tag === 'offline') lookAhead(endpoint, state.failures);
    else resume(endpoint, state.tag === 'idle' ? null : state.wait);
  }

  return {
    _status: () => state.tag,
    _held: pending._held,
    _start() {
      if (state.tag !== 'stopped') return sendDue();
      if (state.endpoint) resume(state.endpoint, state.wait);
      else enter({ tag: 'no-endpoint', wait: state.wait });
    },
    _stop() {
      if (state.tag !== 'stopped')
        enter({ tag: 'stopped', endpoint: state.tag === 'no-endpoint' ? null : state.endpoint, wait: waitToKeep() });
    },
    _setEndpoint: setEndpoint,
    _sendDue: sendDue,
    _reschedule() {
      if (state.tag !== 'idle') return;
      flushController._disarm();
      sendDue();
    },
    _flush: createFlush({
      queue,
      pending,
      report,
      sendOut: () => (state.tag === 'sending' ? state.handled : null),
      sendableEndpoint,
      send,
      failuresOf,
    }),
    _pageExit: createPageExit({ runtime, pending, ledger, post, sendableEndpoint, answeredInFlight }),
    _pending: pending,
  };
}
