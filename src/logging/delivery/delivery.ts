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

import { type HttpResult, statusOf } from '../../browser/http';
import { createPageExit, type PageExit } from '../exit/pageExit';
import { createPending, type Pending } from '../exit/pending';
import type { Runtime } from '../page/env';
import type { Batch } from '../queue/batch';
import type { Ledger } from '../queue/ledger';
import type { Queue } from '../queue/queue';
import type { Post } from '../transport/post';
import { afterFailure, classify, type Failures, type RetryWait } from '../transport/retry';
import type { DeliveryStatus, FlushResult, LogEndpoint, LoggerConfig } from '../types';
import { createFlush } from './flush';
import { createFlushController, type FlushController } from './flushController';

interface Sending {
  tag: 'sending';
  endpoint: LogEndpoint;
  batch: Batch;
  /** The batch's failed sends before this one. */
  failures: Failures | null;
  /** The request out: its answer is delivery's own while the state still holds it. */
  request: Promise<HttpResult>;
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

/** Delivery's state and the parts it drives: the functions below work on it. */
interface Transport {
  _state: DeliveryState;
  runtime: Runtime;
  pending: Pending;
  _flushController: FlushController;
  post: Post;
}

const online = (t: Transport) => t.runtime.navigator()?.onLine !== false;

/** The one writer of `_state`: the timer of the state left goes with it. */
function enter(t: Transport, next: DeliveryState): void {
  if (t._state.tag === 'idle') t._flushController._disarm();
  if (t._state.tag === 'waiting-retry') t.runtime.timers.clearTimeout(t._state.timer);
  t._state = next;
}

/** Looks at what may go now, when idle or offline: the other states wait for their own event. */
function sendDue(t: Transport): void {
  if (t._state.tag === 'idle') lookAhead(t, t._state.endpoint, null);
  else if (t._state.tag === 'offline') lookAhead(t, t._state.endpoint, t._state.failures);
}

/** The oldest batch goes now (with its failures so far), or the next one when it is due. */
function lookAhead(t: Transport, endpoint: LogEndpoint, failures: Failures | null) {
  if (!online(t)) return enter(t, { tag: 'offline', endpoint, failures });
  const batch = t.pending._next(t._flushController._dueIn() <= 0);
  if (batch) return void send(t, endpoint, batch, failures?.batch === batch ? failures : null);
  if (t._state.tag === 'idle' && t._flushController._armed()) return;
  enter(t, { tag: 'idle', endpoint });
  // With batches pending but none to send, a request beside delivery's own carries the oldest: its answer moves on.
  if (!t.pending._batches().length) t._flushController._arm(() => sendDue(t));
}

/** Sends a batch now, a waiting retry included. Headers that cannot be read throw here, before anything changed. */
function send(t: Transport, endpoint: LogEndpoint, batch: Batch, failures: Failures | null): Promise<unknown> {
  const request = t.post(endpoint, batch, false);
  const handled = request.then(
    t.runtime.guard((result: HttpResult) => {
      if (t._state.tag === 'sending' && t._state.request === request) ownAnswer(t, t._state, result);
      else answeredInFlight(t, batch, result);
    }),
  );
  enter(t, { tag: 'sending', endpoint, batch, failures, request, handled });
  return handled;
}

/** A final answer settles the batch (sent, split, dropped), then on to the next. */
function settle(t: Transport, batch: Batch, outcome: 'sent' | 'rejected' | 'tooLarge' | 'network', result: HttpResult): void {
  const split = t.pending._settle(batch, outcome);
  if (outcome !== 'sent') t.runtime.report('send failed', statusOf(result), split ? 'split' : 'dropped');
  sendDue(t);
}

/** The answer to delivery's own request, unless a request beside it settled the batch meanwhile. */
function ownAnswer(t: Transport, sending: Sending, result: HttpResult) {
  const { endpoint, batch, failures } = sending;
  enter(t, { tag: 'idle', endpoint });
  const outcome = classify(result);
  if (!t.pending._has(batch)) return sendDue(t);
  if (outcome !== 'retry' && outcome !== 'network') return settle(t, batch, outcome, result);
  const { now, random, report } = t.runtime;
  const next = afterFailure({ batch, result, before: failures, online: online(t), now: now(), random: random() });
  if (next.tag === 'give-up') return settle(t, batch, 'network', result);
  report('send failed', statusOf(result), 'kept');
  if (next.tag === 'offline') enter(t, { tag: 'offline', endpoint, failures: next.failures });
  else waitRetry(t, endpoint, next.wait);
}

/**
 * The answer to a request beside delivery's own (page exit's keepalive, or a send a stop left
 * out): a final one settles its batch; after a failed one the batch goes again in its turn.
 */
function answeredInFlight(t: Transport, batch: Batch, result: HttpResult): void {
  t.pending._markInFlight(batch, null);
  const outcome = classify(result);
  if (t.pending._has(batch) && outcome !== 'retry' && outcome !== 'network') settle(t, batch, outcome, result);
  else sendDue(t);
}

function waitRetry(t: Transport, endpoint: LogEndpoint, wait: RetryWait): void {
  const retry = () => {
    enter(t, { tag: 'idle', endpoint });
    lookAhead(t, endpoint, wait.failures);
  };
  enter(t, { tag: 'waiting-retry', endpoint, wait, timer: t.runtime.timers.setTimeout(retry, wait._until - t.runtime.now()) });
}

/** Started with an endpoint: a retry wait that a stop (or a lost endpoint) kept is waited out; the rest goes when due. */
function resume(t: Transport, endpoint: LogEndpoint, wait: RetryWait | null) {
  if (wait && wait._until > t.runtime.now()) return waitRetry(t, endpoint, wait);
  enter(t, { tag: 'idle', endpoint });
  lookAhead(t, endpoint, wait?.failures ?? null);
}

/** What a stop or a lost endpoint keeps: the retry wait. A request out goes on beside delivery. */
function waitToKeep(t: Transport): RetryWait | null {
  const state = t._state;
  if (state.tag === 'sending') t.pending._markInFlight(state.batch, 'send-left-by-stop');
  return state.tag === 'stopped' || state.tag === 'no-endpoint' || state.tag === 'waiting-retry' ? state.wait : null;
}

/** The endpoint when a batch may go at once: started, online, and no Retry-After of the server in force. */
function sendableEndpoint(t: Transport): LogEndpoint | null {
  const state = t._state;
  if (state.tag === 'stopped' || state.tag === 'no-endpoint' || !online(t)) return null;
  if (state.tag === 'waiting-retry' && state.wait._byServer && state.wait._until > t.runtime.now()) return null;
  return state.endpoint;
}

/** The failures so far of the batch, when it is the one waiting for its retry or for the network. */
function failuresOf(t: Transport, batch: Batch): Failures | null {
  const state = t._state;
  const failures = state.tag === 'waiting-retry' ? state.wait.failures : state.tag === 'offline' ? state.failures : null;
  return failures?.batch === batch ? failures : null;
}

function setEndpoint(t: Transport, endpoint: LogEndpoint | null): void {
  const state = t._state;
  if (state.tag === 'stopped') enter(t, { ...state, endpoint });
  else if (!endpoint) {
    if (state.tag !== 'no-endpoint') enter(t, { tag: 'no-endpoint', wait: waitToKeep(t) });
  } else if (state.tag === 'sending') enter(t, { ...state, endpoint });
  else if (state.tag === 'offline') lookAhead(t, endpoint, state.failures);
  else resume(t, endpoint, state.tag === 'idle' ? null : state.wait);
}

export function createDelivery(runtime: Runtime, queue: Queue, ledger: Ledger, post: Post, config: () => LoggerConfig): Delivery {
  const pending = createPending(queue, ledger);
  const t: Transport = {
    _state: { tag: 'stopped', endpoint: null, wait: null },
    runtime,
    pending,
    _flushController: createFlushController(runtime, queue, ledger, config),
    post,
  };
  return {
    _status: () => t._state.tag,
    _held: pending._held,
    _start() {
      const state = t._state;
      if (state.tag !== 'stopped') return sendDue(t);
      // Started without an endpoint, then given the one kept, if any.
      enter(t, { tag: 'no-endpoint', wait: state.wait });
      setEndpoint(t, state.endpoint);
    },
    _stop() {
      const state = t._state;
      if (state.tag !== 'stopped')
        enter(t, { tag: 'stopped', endpoint: state.tag === 'no-endpoint' ? null : state.endpoint, wait: waitToKeep(t) });
    },
    _setEndpoint: (endpoint) => setEndpoint(t, endpoint),
    _sendDue: () => sendDue(t),
    _reschedule() {
      if (t._state.tag !== 'idle') return;
      t._flushController._disarm();
      sendDue(t);
    },
    _flush: createFlush({
      queue,
      pending,
      report: runtime.report,
      sendOut: () => (t._state.tag === 'sending' ? t._state.handled : null),
      sendableEndpoint: () => sendableEndpoint(t),
      send: (endpoint, batch) => send(t, endpoint, batch, failuresOf(t, batch)),
    }),
    _pageExit: createPageExit({
      runtime,
      pending,
      ledger,
      post,
      sendableEndpoint: () => sendableEndpoint(t),
      answeredInFlight: (batch, result) => answeredInFlight(t, batch, result),
    }),
    _pending: pending,
  };
}
