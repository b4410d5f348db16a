/**
 * Delivery: the one owner of a batch's life, from the moment it is formed out of the queue (or
 * taken over from an earlier page's store) until it is settled: sent, split in two (413), dropped,
 * or left in the page's store when the page goes. Batches go out one at a time, oldest first. What
 * delivery is doing now is one value, `state`, whose tag is `stats().status`:
 *
 * - `stopped`: no client has started it, or the last one left. A stop during a retry wait keeps
 *   the wait: a start within it waits out the rest.
 * - `no-endpoint`: started, no API base yet; batches wait (a retry wait is kept, as above).
 * - `idle`: nothing out; the next batch goes when it is due (the state's timer waits for that).
 * - `sending`: a request for the oldest batch is out.
 * - `waiting-retry`: the oldest batch failed and waits for its backoff or the server's Retry-After;
 *   the state holds the failures so far, which the next failure adds to.
 * - `offline`: the browser said it was offline when a batch was to go; the `online` event resumes.
 *
 * Page exit asks for two things besides (exit.ts): `store`, every batch into the page's store, kept
 * in step with every change until the page is visible again, so that the next page neither
 * replays what was delivered meanwhile nor misses a count; and `drain`, what can go goes at once:
 * keepalive requests within the browser's 64 KiB budget (the host page's own included), beyond it
 * beacons, never into a server's Retry-After. A batch that arrives twice that way is told apart by
 * its idempotency key.
 */
import { type HttpResult, statusOf } from '../browser/http';
import { type Batch, splitBatch } from './batch';
import { beaconBatch } from './beacon';
import type { Surroundings } from './env';
import { newIdempotencyKey } from './idempotencyKey';
import type { DropReason, Ledger } from './ledger';
import { leftOutOfStore, STORE_PREFIX, storePage, takeStored } from './pendingStore';
import type { Post } from './post';
import type { Queue } from './queue';
import { backoffDelay, classify, MAX_NETWORK_RETRIES, parseRetryAfter } from './retry';
import type { DeliveryStatus, FlushResult, LogEndpoint } from './types';

/** What the browser lets keepalive requests carry at once, shared with the host page's own. */
const KEEPALIVE_BUDGET = 64 * 1024;

/** The failed sends of the oldest batch so far. */
interface Failures {
  _batch: Batch;
  /** The backoff grows with them. */
  _attempts: number;
  /** Of those, the ones without an answer while online: a few are retried, then the batch is given up. */
  _networkFailures: number;
}

/** A failed batch goes again once `_until` has come. */
interface RetryWait {
  _failures: Failures;
  _until: number;
  /** The server's Retry-After set `_until`: not even flush() sends before it. */
  _byServer: boolean;
}

interface Sending {
  _tag: 'sending';
  _endpoint: LogEndpoint;
  _batch: Batch;
  /** The batch's failed sends before this one. */
  _failures: Failures | null;
  /** The request out: its answer is delivery's own while the state still holds it. */
  _request: Promise<HttpResult>;
  /** Settles once that answer is handled. */
  _handled: Promise<unknown>;
}

/**
 * What delivery is doing, with what that needs. A stop keeps the endpoint and a retry wait for
 * the next start; each timer belongs to the state that armed it and goes when the state is left.
 */
type DeliveryState =
  | { _tag: 'stopped'; _endpoint: LogEndpoint | null; _wait: RetryWait | null }
  | { _tag: 'no-endpoint'; _wait: RetryWait | null }
  | {
      _tag: 'idle';
      _endpoint: LogEndpoint;
      /** Fires when the next batch is due; null when nothing is. */
      _dueTimer: unknown;
    }
  | Sending
  | { _tag: 'waiting-retry'; _endpoint: LogEndpoint; _wait: RetryWait; _timer: unknown }
  | {
      _tag: 'offline';
      _endpoint: LogEndpoint;
      /** The oldest batch's failures when the network went. */
      _failures: Failures | null;
    };

export interface Delivery {
  /** What it is doing now: its state's tag. */
  _doing(): DeliveryStatus;
  /** Occurrences held in batches formed and not yet settled. */
  _held(): number;
  /** A client started the logger: batches go once there is an endpoint. */
  _start(): void;
  /** The last client left: nothing goes until the next start; a retry wait is kept. */
  _stop(): void;
  /** Where batches go, read at each send; null: they wait. */
  _setEndpoint(endpoint: LogEndpoint | null): void;
  /** Looks at what may go now; called after anything that may change it (a log call, the `online` event). */
  _pump(): void;
  /** The due time moved (a new flushIntervalMs or batchSize). */
  _reschedule(): void;
  /** Sends what is queued now; settles once each of those occurrences was delivered, kept or dropped. */
  _flush(): Promise<FlushResult>;
  /** What earlier pages could not deliver goes first, whole and with its keys; its entries join this page's ledger. */
  _restore(): void;
  /** Every batch into the page's store, which follows every change until `_unstore`. */
  _store(): void;
  /** What can go goes at once: keepalive requests, beyond their budget beacons. */
  _drain(): void;
  /** The page is visible again: it holds everything itself, so its stored copy goes. */
  _unstore(): void;
}

export function createDelivery(surroundings: Surroundings, queue: Queue, ledger: Ledger, post: Post): Delivery {
  const { _now: now, _timers: timers, _report: report, _guard: guard, _local: local } = surroundings;
  let state: DeliveryState = { _tag: 'stopped', _endpoint: null, _wait: null };
  /** Formed (or taken over) and not yet settled, oldest first. */
  const batches: Batch[] = [];
  /** The occurrences those batches stand for. */
  let held = 0;
  /**
   * Batches a request carries beside delivery's own: a keepalive of page exit, or a send that a
   * stop or a lost endpoint left out. None is sent again until that answer is in.
   */
  const carried = new Set<Batch>();
  /** Bytes of this page's keepalive requests in flight. */
  let keepaliveBytes = 0;
  /** This page's key in the store. */
  const storeKey = STORE_PREFIX + newIdempotencyKey();
  /** From page exit until the page is visible again: the store follows every change. */
  let storing = false;
  /** Told of each batch delivered: flush() counts its own. */
  const sentListeners = new Set<(batch: Batch) => void>();

  const online = () => surroundings._navigator()?.onLine !== false;

  /** The one writer of `state`: the timer of the state left goes with it. */
  function enter(next: DeliveryState): void {
    if (state._tag === 'idle' && state._dueTimer !== null) timers.clearTimeout(state._dueTimer);
    if (state._tag === 'waiting-retry') timers.clearTimeout(state._timer);
    state = next;
  }

  /**
   * The page's store: the newest batches that fit, with the drop counts not yet reported. The
   * oldest that do not fit are dropped first, so that their count is written too.
   */
  function writeStore(): void {
    const leftOut = batches.slice(0, leftOutOfStore(local, storeKey, batches));
    for (const batch of leftOut) remove(batch, 'storeFull');
    storePage(local, storeKey, batches, ledger._unreported(), now());
  }

  const followStore = () => {
    if (storing) writeStore();
  };

  function add(batch: Batch): void {
    batches.push(batch);
    held += batch._count;
    followStore();
  }

  function form(): Batch | null {
    const batch = queue._take();
    if (batch) add(batch);
    return batch;
  }

  /**
   * The batch to send next: the oldest, or, when there is none and `formNew` says so, one formed
   * from the queue. Null when there is nothing, or while a request beside delivery's own carries
   * the oldest: its answer moves on.
   */
  function nextBatch(formNew: boolean): Batch | null {
    const oldest = batches[0] ?? (formNew ? form() : null);
    return oldest && !carried.has(oldest) ? oldest : null;
  }

  /**
   * Takes a held batch out, delivered (`sent`) or lost for a reason, and tells the ledger. One too
   * large for the server goes as two in its place (see splitBatch), unless it holds a single entry:
   * true when it was split.
   */
  function remove(batch: Batch, outcome: 'sent' | DropReason): boolean {
    const halves = outcome === 'tooLarge' && splitBatch(batch);
    batches.splice(batches.indexOf(batch), 1, ...(halves || []));
    if (halves) return true;
    held -= batch._count;
    if (outcome === 'sent') {
      ledger._deliver(batch._count);
      for (const tell of sentListeners) tell(batch);
    } else {
      ledger._drop(outcome, batch._count);
      // A drop report lost with the entries of its batch is reported again; one that was all its
      // batch held is not (sent again and again to an endpoint that refuses it, or that a CSP
      // blocks, it would never end).
      if (batch._reported && batch._count > 0) ledger._reportLater(batch._reported);
    }
    return false;
  }

  /** A final answer for a held batch: sent, split, or dropped; then on to the next. */
  function settle(batch: Batch, outcome: 'sent' | DropReason, status: number): void {
    const split = remove(batch, outcome);
    if (outcome !== 'sent') report('send failed', status, split ? 'split' : 'dropped');
    followStore();
    pump();
  }

  /** Looks at what may go now, when idle or offline: the other states wait for their own event. */
  function pump(): void {
    if (state._tag === 'idle') lookAhead(state._endpoint, null);
    else if (state._tag === 'offline') lookAhead(state._endpoint, state._failures);
  }

  /** The oldest batch goes now (with its failures so far), or the next one when it is due. */
  function lookAhead(endpoint: LogEndpoint, failures: Failures | null) {
    if (!online()) return enter({ _tag: 'offline', _endpoint: endpoint, _failures: failures });
    const dueIn = queue._dueIn(now());
    const batch = nextBatch(dueIn <= 0);
    if (batch) return void send(endpoint, batch, failures?._batch === batch ? failures : null);
    if (state._tag === 'idle' && state._dueTimer !== null) return;
    // Batches held but none to send: a request beside delivery's own carries the oldest, and its answer moves on.
    const due = !batches.length && dueIn < Infinity;
    const whenDue = () => {
      enter({ _tag: 'idle', _endpoint: endpoint, _dueTimer: null });
      pump();
    };
    enter({ _tag: 'idle', _endpoint: endpoint, _dueTimer: due ? timers.setTimeout(whenDue, dueIn) : null });
  }

  /** Sends a batch now, a waiting retry included. Headers that cannot be read throw here, before anything changed. */
  function send(endpoint: LogEndpoint, batch: Batch, failures: Failures | null): Promise<unknown> {
    const request = post(endpoint, batch, false);
    const handled = request.then(guard((result: HttpResult) => answered(batch, request, result)));
    enter({ _tag: 'sending', _endpoint: endpoint, _batch: batch, _failures: failures, _request: request, _handled: handled });
    return handled;
  }

  function answered(batch: Batch, request: Promise<HttpResult>, result: HttpResult): void {
    if (state._tag === 'sending' && state._request === request) ownAnswer(state, result);
    else answerBeside(batch, statusOf(result));
  }

  /**
   * The answer to delivery's own request, unless a request beside it settled the batch meanwhile.
   * A final one settles the batch: delivered, split in two (413), or dropped (refused, a single
   * entry too large, or given up after too many network failures while online). A failed one
   * keeps it, to go again after its backoff (or the server's Retry-After), or, while the browser
   * says it is offline, at the `online` event.
   */
  function ownAnswer(sending: Sending, result: HttpResult) {
    const status = statusOf(result);
    const { _endpoint: endpoint, _batch: batch, _failures: before } = sending;
    enter({ _tag: 'idle', _endpoint: endpoint, _dueTimer: null });
    const outcome = classify(status);
    if (!batches.includes(batch)) return pump();
    if (outcome !== 'retry' && outcome !== 'network') return settle(batch, outcome, status);
    const offline = outcome === 'network' && !online();
    const failures: Failures = {
      _batch: batch,
      _attempts: (before?._attempts ?? 0) + 1,
      _networkFailures: (before?._networkFailures ?? 0) + (outcome === 'network' && !offline ? 1 : 0),
    };
    if (failures._networkFailures > MAX_NETWORK_RETRIES) return settle(batch, 'network', status);
    report('send failed', status, 'kept');
    if (offline) return enter({ _tag: 'offline', _endpoint: endpoint, _failures: failures });
    const serverDelay = parseRetryAfter(result.kind === 'answer' ? result.retryAfter : null, now());
    const delay = serverDelay ?? backoffDelay(failures._attempts, surroundings._random());
    waitRetry(endpoint, { _failures: failures, _until: now() + delay, _byServer: serverDelay !== undefined });
  }

  /**
   * The answer to a request beside delivery's own (a keepalive of page exit, or a send a stop
   * left out): a final one settles its batch; after a failed one the batch goes again in its turn.
   */
  function answerBeside(batch: Batch, status: number): void {
    carried.delete(batch);
    const outcome = classify(status);
    if (batches.includes(batch) && outcome !== 'retry' && outcome !== 'network') settle(batch, outcome, status);
    else pump();
  }

  /** The oldest batch waits until the wait is over, then goes again. */
  function waitRetry(endpoint: LogEndpoint, wait: RetryWait): void {
    const retry = () => {
      enter({ _tag: 'idle', _endpoint: endpoint, _dueTimer: null });
      lookAhead(endpoint, wait._failures);
    };
    enter({ _tag: 'waiting-retry', _endpoint: endpoint, _wait: wait, _timer: timers.setTimeout(retry, wait._until - now()) });
  }

  /** Started with an endpoint: a retry wait that a stop (or a lost endpoint) kept is waited out; the rest goes when due. */
  function resume(endpoint: LogEndpoint, wait: RetryWait | null) {
    if (wait && wait._until > now()) return waitRetry(endpoint, wait);
    enter({ _tag: 'idle', _endpoint: endpoint, _dueTimer: null });
    lookAhead(endpoint, wait?._failures ?? null);
  }

  /** What a stop or a lost endpoint keeps: the retry wait. A request out goes on beside delivery. */
  function keptWait(): RetryWait | null {
    if (state._tag === 'sending') carried.add(state._batch);
    return '_wait' in state ? state._wait : null;
  }

  /** The endpoint when a batch may go at once: started, online, and no Retry-After of the server in force. */
  function sendableEndpoint(): LogEndpoint | null {
    if (state._tag === 'stopped' || state._tag === 'no-endpoint' || !online()) return null;
    if (state._tag === 'waiting-retry' && state._wait._byServer && state._wait._until > now()) return null;
    return state._endpoint;
  }

  /** The failures so far of the batch, when it is the one waiting for its retry or for the network. */
  function failuresOf(batch: Batch): Failures | null {
    const failures = state._tag === 'waiting-retry' ? state._wait._failures : state._tag === 'offline' ? state._failures : null;
    return failures?._batch === batch ? failures : null;
  }

  /**
   * Sends the batches that hold what is queued now, one after the other, during a backoff wait too;
   * settles once each of those occurrences was delivered, dropped, or is kept (a send failed again,
   * the server's Retry-After is in force, a keepalive of page exit carries the oldest batch, the
   * browser is offline, there is no endpoint or no start yet). Occurrences are numbered as they are
   * queued (queue.ts): those queued before the call are below `cut`, and each batch knows the
   * number of its first. What is neither delivered during the flush nor still held at its end was
   * dropped (refused, given up, pushed out of the queue, or by beforeSend).
   */
  async function flush(): Promise<FlushResult> {
    const cut = queue._advanceRound();
    const queued = queue._held() + held;
    // A batch formed during the flush may end with occurrences queued after the call: not its business.
    const ours = (batch: Batch) => Math.max(0, Math.min(batch._count, cut - batch._first));
    let sent = 0;
    const countSent = (batch: Batch) => {
      sent += ours(batch);
    };
    sentListeners.add(countSent);
    try {
      for (;;) {
        if (state._tag === 'sending') {
          await state._handled;
          continue;
        }
        const endpoint = sendableEndpoint();
        const batch = endpoint && nextBatch(queue._head() < cut);
        if (!endpoint || !batch || batch._first >= cut) break;
        await send(endpoint, batch, failuresOf(batch));
        // Delivered or given up: on to the next. Still held: it waits for its retry, and so does the rest.
        if (batches.includes(batch)) break;
      }
    } catch (error) {
      // A dependency that throws (headers that cannot be read, say): what is not sent is kept.
      report(error);
    } finally {
      sentListeners.delete(countSent);
    }
    const kept = batches.reduce((n, batch) => n + ours(batch), Math.max(0, cut - queue._head()));
    return { sent, kept, dropped: queued - sent - kept };
  }

  /** Page exit: keepalive requests within the budget, beyond it beacons; into no Retry-After. */
  function drain(): void {
    const endpoint = sendableEndpoint();
    if (!endpoint) return;
    const headers = endpoint.headers();
    // A beacon cannot carry headers: with any (token mode), what keepalive cannot take stays stored.
    const mayBeacon = !Object.keys(headers).length;
    for (const batch of batches) {
      if (carried.has(batch)) continue;
      if (keepaliveBytes + batch._bytes > KEEPALIVE_BUDGET) {
        if (mayBeacon) beaconBatch(surroundings._navigator(), endpoint.url, batch);
        continue;
      }
      keepaliveBytes += batch._bytes;
      carried.add(batch);
      void post(endpoint, batch, true, headers).then(
        guard((result: HttpResult) => {
          keepaliveBytes -= batch._bytes;
          answerBeside(batch, statusOf(result));
        }),
      );
    }
  }

  return {
    _doing: () => state._tag,
    _held: () => held,
    _start() {
      if (state._tag !== 'stopped') return pump();
      if (state._endpoint) resume(state._endpoint, state._wait);
      else enter({ _tag: 'no-endpoint', _wait: state._wait });
    },
    _stop() {
      if (state._tag !== 'stopped')
        enter({ _tag: 'stopped', _endpoint: '_endpoint' in state ? state._endpoint : null, _wait: keptWait() });
    },
    _setEndpoint(endpoint) {
      if (state._tag === 'stopped') enter({ ...state, _endpoint: endpoint });
      else if (!endpoint) {
        if (state._tag !== 'no-endpoint') enter({ _tag: 'no-endpoint', _wait: keptWait() });
      } else if (state._tag === 'sending') enter({ ...state, _endpoint: endpoint });
      else if (state._tag === 'offline') lookAhead(endpoint, state._failures);
      else resume(endpoint, '_wait' in state ? state._wait : null);
    },
    _pump: pump,
    _reschedule() {
      if (state._tag !== 'idle') return;
      enter({ ...state, _dueTimer: null });
      pump();
    },
    _flush: flush,
    _restore() {
      const { batches: stored, counts } = takeStored(local);
      for (const dropped of counts) ledger._reportLater(dropped);
      for (const batch of stored) {
        ledger._log(batch._count, true);
        add(batch);
      }
    },
    _store() {
      // Batches are stored and sent whole.
      while (form()) {
        // until the queue is empty
      }
      storing = true;
      writeStore();
    },
    _drain: drain,
    _unstore() {
      if (storing) local.remove(storeKey);
      storing = false;
    },
  };
}
