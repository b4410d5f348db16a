/**
 * Delivery: what the logger's sending to the server is doing now, one value whose tag is
 * `stats().status`, and the composition of its parts, each handed the few others it uses (as in
 * Datadog's browser SDK):
 * - flushController.ts: when a batch is due and why (batchSize, 16 KiB, the interval);
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
import type { Post } from '../sending/post';
import { afterFailure, classify, type Failures, type RetryWait } from '../sending/retry';
import type { DeliveryStatus, FlushResult, LogEndpoint, LoggerConfig } from '../types';
import { createFlush } from './flush';
import { dueIn } from './flushController';

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

/** What delivery is doing, with what that needs; the due timer belongs to `idle`, the retry timer to `waiting-retry`: each goes with its state. */
type DeliveryState =
  | { tag: 'stopped'; endpoint: LogEndpoint | null; wait: RetryWait | null }
  | { tag: 'no-endpoint'; wait: RetryWait | null }
  /** `timer`: the due timer of the next batch, while there is one to wait for. */
  | { tag: 'idle'; endpoint: LogEndpoint; timer?: unknown }
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
interface DeliveryParts {
  _state: DeliveryState;
  _runtime: Runtime;
  _pending: Pending;
  /** Milliseconds until the next batch is due (flushController.ts). */
  _dueIn: () => number;
  _post: Post;
}

const online = (delivery: DeliveryParts) => delivery._runtime.navigator()?.onLine !== false;

/** The one writer of `_state`: the timer of the state left goes with it. */
function enter(delivery: DeliveryParts, next: DeliveryState): void {
  const state = delivery._state;
  if ((state.tag === 'idle' || state.tag === 'waiting-retry') && state.timer !== undefined)
    delivery._runtime.timers.clearTimeout(state.timer);
  delivery._state = next;
}

/** Idle anew (the timer of the state left gone), then on to what may go now. */
function lookAheadAnew(delivery: DeliveryParts, endpoint: LogEndpoint, failures: Failures | null): void {
  enter(delivery, { tag: 'idle', endpoint });
  lookAhead(delivery, endpoint, failures);
}

/** Looks at what may go now, when idle or offline: the other states wait for their own event. */
function sendDue(delivery: DeliveryParts): void {
  if (delivery._state.tag === 'idle') lookAhead(delivery, delivery._state.endpoint, null);
  else if (delivery._state.tag === 'offline') lookAhead(delivery, delivery._state.endpoint, delivery._state.failures);
}

/** The oldest batch goes now (with its failures so far), or the next one when it is due. */
function lookAhead(delivery: DeliveryParts, endpoint: LogEndpoint, failures: Failures | null) {
  if (!online(delivery)) return enter(delivery, { tag: 'offline', endpoint, failures });
  const batch = delivery._pending._next(delivery._dueIn() <= 0);
  if (batch) return void send(delivery, endpoint, batch, failures);
  if (delivery._state.tag === 'idle' && delivery._state.timer !== undefined) return;
  // With batches pending but none to send, a request beside delivery's own carries the oldest: its answer moves on.
  const wait = delivery._pending._batches().length ? Infinity : delivery._dueIn();
  const due = () => lookAheadAnew(delivery, endpoint, null);
  enter(delivery, {
    tag: 'idle',
    endpoint,
    timer: wait === Infinity ? undefined : delivery._runtime.timers.setTimeout(due, wait),
  });
}

/**
 * Sends a batch now, a waiting retry included, with the failures so far when they are this batch's.
 * Headers that cannot be read throw here, before anything changed.
 */
function send(delivery: DeliveryParts, endpoint: LogEndpoint, batch: Batch, failures: Failures | null): Promise<unknown> {
  const request = delivery._post(endpoint, batch, false);
  const handled = request.then(
    delivery._runtime.guard((result: HttpResult) => {
      if (delivery._state.tag === 'sending' && delivery._state.request === request) ownAnswer(delivery, delivery._state, result);
      else answeredInFlight(delivery, batch, result);
    }),
  );
  enter(delivery, { tag: 'sending', endpoint, batch, failures: failures?._batch === batch ? failures : null, request, handled });
  return handled;
}

/** A final answer settles the batch (sent, split, dropped), then on to the next. */
function settle(
  delivery: DeliveryParts,
  batch: Batch,
  outcome: 'sent' | 'rejected' | 'tooLarge' | 'network',
  result: HttpResult,
): void {
  const split = delivery._pending._settle(batch, outcome);
  if (outcome !== 'sent') delivery._runtime.report('send failed', statusOf(result), split ? 'split' : 'dropped');
  sendDue(delivery);
}

/** On to the next when the batch was settled meanwhile, or is settled by a final answer; false when it is to go again. */
function movedOn(delivery: DeliveryParts, batch: Batch, result: HttpResult): boolean {
  const outcome = classify(result);
  if (!delivery._pending._has(batch)) sendDue(delivery);
  else if (outcome !== 'retry' && outcome !== 'network') settle(delivery, batch, outcome, result);
  else return false;
  return true;
}

/** The answer to delivery's own request, unless a request beside it settled the batch meanwhile. */
function ownAnswer(delivery: DeliveryParts, sending: Sending, result: HttpResult) {
  const { endpoint, batch, failures } = sending;
  enter(delivery, { tag: 'idle', endpoint });
  if (movedOn(delivery, batch, result)) return;
  const { now, random, report } = delivery._runtime;
  const next = afterFailure({ batch, result, before: failures, online: online(delivery), now: now(), random: random() });
  if (next.tag === 'give-up') return settle(delivery, batch, 'network', result);
  report('send failed', statusOf(result), 'kept');
  if (next.tag === 'offline') enter(delivery, { tag: 'offline', endpoint, failures: next.failures });
  else waitRetry(delivery, endpoint, next.wait);
}

/**
 * The answer to a request beside delivery's own (page exit's keepalive, or a send a stop left
 * out): a final one settles its batch; after a failed one the batch goes again in its turn.
 */
function answeredInFlight(delivery: DeliveryParts, batch: Batch, result: HttpResult): void {
  delivery._pending._markInFlight(batch, false);
  if (!movedOn(delivery, batch, result)) sendDue(delivery);
}

function waitRetry(delivery: DeliveryParts, endpoint: LogEndpoint, wait: RetryWait): void {
  const retry = () => lookAheadAnew(delivery, endpoint, wait._failures);
  enter(delivery, {
    tag: 'waiting-retry',
    endpoint,
    wait,
    timer: delivery._runtime.timers.setTimeout(retry, wait._until - delivery._runtime.now()),
  });
}

/** Started with an endpoint: a retry wait that a stop (or a lost endpoint) kept is waited out; the rest goes when due. */
function resume(delivery: DeliveryParts, endpoint: LogEndpoint, wait: RetryWait | null) {
  if (wait && wait._until > delivery._runtime.now()) return waitRetry(delivery, endpoint, wait);
  lookAheadAnew(delivery, endpoint, wait?._failures ?? null);
}

/** What a stop or a lost endpoint keeps: the retry wait. A request out goes on beside delivery. */
function waitToKeep(delivery: DeliveryParts): RetryWait | null {
  const state = delivery._state;
  if (state.tag === 'sending') delivery._pending._markInFlight(state.batch, true);
  return state.tag === 'stopped' || state.tag === 'no-endpoint' || state.tag === 'waiting-retry' ? state.wait : null;
}

/** The endpoint when a batch may go at once: started, online, and no Retry-After of the server in force. */
function sendableEndpoint(delivery: DeliveryParts): LogEndpoint | null {
  const state = delivery._state;
  if (state.tag === 'stopped' || state.tag === 'no-endpoint' || !online(delivery)) return null;
  if (state.tag === 'waiting-retry' && state.wait._byServer && state.wait._until > delivery._runtime.now()) return null;
  return state.endpoint;
}

/** The failures so far of the batch waiting for its retry or for the network. */
function failuresNow({ _state: state }: DeliveryParts): Failures | null {
  return state.tag === 'waiting-retry' ? state.wait._failures : state.tag === 'offline' ? state.failures : null;
}

function setEndpoint(delivery: DeliveryParts, endpoint: LogEndpoint | null): void {
  const state = delivery._state;
  if (state.tag === 'stopped') enter(delivery, { ...state, endpoint });
  else if (!endpoint) {
    if (state.tag !== 'no-endpoint') enter(delivery, { tag: 'no-endpoint', wait: waitToKeep(delivery) });
  } else if (state.tag === 'sending') enter(delivery, { ...state, endpoint });
  else if (state.tag === 'offline') lookAhead(delivery, endpoint, state.failures);
  else resume(delivery, endpoint, state.tag === 'idle' ? null : state.wait);
}

export function createDelivery(
  runtime: Runtime,
  queue: Queue,
  ledger: Ledger,
  post: Post,
  settings: () => LoggerConfig,
): Delivery {
  const pending = createPending(queue, ledger);
  const delivery: DeliveryParts = {
    _state: { tag: 'stopped', endpoint: null, wait: null },
    _runtime: runtime,
    _pending: pending,
    _dueIn: () => dueIn(queue._size(), settings(), ledger._unreportedSince(), runtime.now()),
    _post: post,
  };
  return {
    _status: () => delivery._state.tag,
    _held: pending._held,
    _start() {
      const state = delivery._state;
      if (state.tag !== 'stopped') return sendDue(delivery);
      // Started without an endpoint, then given the one kept, if any.
      enter(delivery, { tag: 'no-endpoint', wait: state.wait });
      setEndpoint(delivery, state.endpoint);
    },
    _stop() {
      const state = delivery._state;
      if (state.tag !== 'stopped')
        enter(delivery, {
          tag: 'stopped',
          endpoint: state.tag === 'no-endpoint' ? null : state.endpoint,
          wait: waitToKeep(delivery),
        });
    },
    _setEndpoint: (endpoint) => setEndpoint(delivery, endpoint),
    _sendDue: () => sendDue(delivery),
    _reschedule() {
      const state = delivery._state;
      if (state.tag === 'idle') lookAheadAnew(delivery, state.endpoint, null);
    },
    _flush: createFlush({
      queue,
      pending,
      report: runtime.report,
      sendOut: () => (delivery._state.tag === 'sending' ? delivery._state.handled : null),
      sendableEndpoint: () => sendableEndpoint(delivery),
      send: (endpoint, batch) => send(delivery, endpoint, batch, failuresNow(delivery)),
    }),
    _pageExit: createPageExit({
      runtime,
      pending,
      ledger,
      post,
      sendableEndpoint: () => sendableEndpoint(delivery),
      answeredInFlight: (batch, result) => answeredInFlight(delivery, batch, result),
    }),
    _pending: pending,
  };
}
