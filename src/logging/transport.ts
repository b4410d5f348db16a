/**
 * Delivery. Batches are made from the queue when due and go out one at a time, in order, each sent
 * again until it is delivered or given up; `state.status` says at every moment what the transport
 * is doing:
 *
 * - `idle`: nothing out; the next batch goes when it is due.
 * - `sending`: a request for the oldest batch is out (one at a time, page exit aside).
 * - `waiting-retry`: the oldest batch failed and waits for its backoff or the server's Retry-After.
 * - `offline`: the browser says it is offline; the `online` event resumes.
 *
 * Page exit keeps every batch not yet delivered in the page's store, so that the next page can
 * replay it, and sends what it can at once (keepalive requests within the browser's 64 KiB budget,
 * then beacons): a batch that arrives twice that way is told apart by its idempotency key.
 */
import type { HttpResult } from '../http';
import { type Batch, dueIn, formBatch } from './batch';
import { fetchOf, isOnline, navigatorOf, now, random, SEND_TIMEOUT_MS } from './env';
import { beaconBatch, newIdempotencyKey, postBatch } from './httpRequest';
import { storeBatches, takeStored } from './pendingStore';
import { backoffDelay, classify, MAX_NETWORK_RETRIES, parseRetryAfter } from './retry';
import type { LoggerState } from './state';
import { addUnreported, countDrop, type DropReason, reportLater, takeUnreported } from './stats';
import type { FlushResult, LogEndpoint } from './types';

/** What the browser lets keepalive requests carry at once, shared with the host page's own. */
const KEEPALIVE_BUDGET = 64 * 1024;

/** Logged entries the batches hold (out, waiting, or stored). */
export const batchedEntries = (state: LoggerState): number => state.outbox.reduce((n, batch) => n + batch.count, 0);

/** Counts a loss; the first of an episode (until its count is reported) is also said on the console. */
export function drop(state: LoggerState, reason: DropReason, n: number): void {
  const episode = countDrop(state.ledger, reason, n, now(state));
  // A failed send is reported as it happens (with its status), and a beforeSend drop is the page's own choice.
  if (episode && reason !== 'rejected' && reason !== 'network') state.report('dropped entries:', reason);
}

function clearTimer(state: LoggerState, name: 'dueTimer' | 'retryTimer'): void {
  if (state[name] !== null) state.timers.clearTimeout(state[name]);
  state[name] = null;
}

export function startTransport(state: LoggerState): void {
  state.running = true;
  pump(state);
}

/** Timers stop; a retry that was waiting goes at the next start. */
export function stopTransport(state: LoggerState): void {
  state.running = false;
  clearTimer(state, 'dueTimer');
  clearTimer(state, 'retryTimer');
  if (state.status === 'waiting-retry') state.status = 'idle';
}

export function setEndpoint(state: LoggerState, endpoint: LogEndpoint | null): void {
  state.endpoint = endpoint;
  pump(state);
}

/** The due time may have moved (a new flushIntervalMs or batchSize). */
export function reschedule(state: LoggerState): void {
  clearTimer(state, 'dueTimer');
  pump(state);
}

export function wentOnline(state: LoggerState): void {
  if (state.status === 'offline') state.status = 'idle';
  pump(state);
}

/** What earlier pages could not deliver goes first, whole and with its keys; its entries join this page's ledger. */
export function restoreStored(state: LoggerState): void {
  const { ledger } = state;
  for (const page of takeStored(state.local)) {
    reportLater(ledger, 'storeFull', page.dropped, now(state));
    for (const batch of page.batches) {
      ledger.logged += batch.count;
      ledger.restored += batch.count;
      state.outbox.push(batch);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Sending

/** Decides what happens next; called after anything that may change it. */
export function pump(state: LoggerState): void {
  const { status, endpoint } = state;
  if (!state.running || !endpoint || status === 'sending' || status === 'waiting-retry') return;
  if (!isOnline(state)) {
    state.status = 'offline';
    return;
  }
  state.status = 'idle';
  const head = state.outbox[0] ?? (dueNow(state) <= 0 ? takeNext(state) : null);
  // A keepalive request of page exit carries it now: its answer calls again.
  if (head?.inKeepalive) return;
  if (head) void send(state, endpoint, head);
  else armDueTimer(state);
}

const dueNow = (state: LoggerState): number => dueIn(state.queue, state.ledger.unreportedSince, now(state), state.config);

/** The next batch into the outbox, due or not; null when nothing is queued. */
function takeNext(state: LoggerState): Batch | null {
  const { queue, ledger } = state;
  if (!queue.entries.length && ledger.unreportedSince === null) return null;
  const batch = formBatch(queue, takeUnreported(ledger), now(state), state.config.batchSize, newIdempotencyKey());
  if (!batch) return null;
  state.outbox.push(batch);
  for (const watch of state.watchers) watch(batch);
  return batch;
}

function armDueTimer(state: LoggerState): void {
  const wait = dueNow(state);
  const at = now(state) + wait;
  // An earlier deadline is armed already: when it fires, pump() looks again.
  if (wait === Infinity || (state.dueTimer !== null && state.dueAt <= at)) return;
  clearTimer(state, 'dueTimer');
  state.dueAt = at;
  state.dueTimer = state.timers.setTimeout(() => {
    state.dueTimer = null;
    pump(state);
  }, wait);
}

// The endpoint's headers are read at each send: a token may change. (Headers that cannot be read
// throw here, before anything changed: the caller's guard reports it, and the batch waits.)
function post(state: LoggerState, endpoint: LogEndpoint, batch: Batch, keepalive: boolean, headers = endpoint.headers()) {
  const options = {
    url: endpoint.url,
    headers,
    withCredentials: state.config.withCredentials,
    keepalive,
    timeoutMs: state.env.sendTimeoutMs ?? SEND_TIMEOUT_MS,
  };
  return postBatch(fetchOf(state), batch, options, state.timers);
}

function send(state: LoggerState, endpoint: LogEndpoint, batch: Batch): Promise<unknown> {
  const answer = post(state, endpoint, batch, false);
  clearTimer(state, 'retryTimer');
  state.status = 'sending';
  state.inflight = answer.then(state.guard((result: HttpResult) => settleHead(state, batch, result)));
  return state.inflight;
}

/** The answer to the oldest batch's request decides what comes next. */
function settleHead(state: LoggerState, batch: Batch, { status, retryAfter }: HttpResult): void {
  state.status = 'idle';
  state.inflight = null;
  const outcome = classify(status);
  const online = isOnline(state);
  // Settled meanwhile (page exit's keepalive got it through): on to the next.
  const settled = batch.fate !== null;
  const givenUp =
    !settled && (outcome === 'refused' || (outcome === 'network' && online && ++state.networkFailures > MAX_NETWORK_RETRIES));
  if (settled || outcome === 'delivered' || givenUp) {
    if (givenUp) state.report('send failed', status, 'dropped');
    settle(state, batch, outcome === 'delivered' ? 'sent' : 'dropped', outcome === 'refused' ? 'rejected' : 'network');
    if (state.stored) keepForNextPage(state);
    pump(state);
    return;
  }
  // Kept: sent again after its backoff (or the server's Retry-After), or, once the browser says it
  // is offline, at the `online` event (pump() waits for it).
  state.report('send failed', status, 'kept');
  waitForRetry(state, retryAfter);
}

function waitForRetry(state: LoggerState, retryAfter: string | null): void {
  const serverDelay = parseRetryAfter(retryAfter, now(state));
  const delay = serverDelay ?? backoffDelay(state.attempt + 1, random(state));
  state.attempt++;
  state.serverWaitUntil = serverDelay === undefined ? 0 : now(state) + serverDelay;
  state.status = 'waiting-retry';
  state.retryTimer = state.timers.setTimeout(() => {
    state.retryTimer = null;
    state.status = 'idle';
    pump(state);
  }, delay);
}

/** A batch is done with: delivered, or lost for `reason`. */
function settle(state: LoggerState, batch: Batch, fate: 'sent' | 'dropped', reason: DropReason = 'rejected'): void {
  const { outbox, ledger } = state;
  if (batch.fate) return;
  batch.fate = fate;
  const index = outbox.indexOf(batch);
  if (index >= 0) outbox.splice(index, 1);
  // The next batch starts with a fresh backoff.
  if (index === 0) state.attempt = state.networkFailures = 0;
  if (fate === 'sent') ledger.sent += batch.count;
  else drop(state, reason, batch.count);
  // A drop report lost with the entries of its batch is reported again; one that was all its batch
  // held is not (sent again and again to an endpoint that refuses it, or that a CSP blocks, it
  // would never end).
  if (batch.reported && fate === 'dropped' && batch.count > 0) addUnreported(ledger, batch.reported, now(state));
}

// ---------------------------------------------------------------------------------------------
// flush()

/** The endpoint when a flush may send now: never into a server's Retry-After, nor offline. */
function maySend(state: LoggerState): LogEndpoint | null {
  return state.running && isOnline(state) && state.serverWaitUntil <= now(state) ? state.endpoint : null;
}

/**
 * Sends the batches that hold what is queued now, one after the other, during a backoff wait too;
 * settles once each of those entries was delivered, dropped, or is kept (a send failed again, the
 * server's Retry-After is in force, the browser is offline, there is no endpoint or no start yet).
 * Entries are numbered as they are queued (batch.ts): those queued before the call are below
 * `boundary`, and each batch knows the number of its first.
 */
export async function flush(state: LoggerState): Promise<FlushResult> {
  const headAtCall = state.queue.headSeq;
  const boundary = headAtCall + state.queue.entries.length;
  const tracked = new Set(state.outbox);
  const watch = (batch: Batch) => {
    if (batch.firstSeq < boundary) tracked.add(batch);
  };
  state.watchers.add(watch);
  try {
    while (await flushStep(state, tracked, boundary)) {
      // one batch at a time
    }
  } finally {
    state.watchers.delete(watch);
  }
  return tally(state, tracked, headAtCall, boundary);
}

/** One step of a flush: false once its batches are all settled, or sending must wait. */
async function flushStep(state: LoggerState, tracked: Set<Batch>, boundary: number): Promise<boolean> {
  if (state.inflight) {
    await state.inflight;
    return true;
  }
  const endpoint = maySend(state);
  const head = endpoint && (state.outbox[0] ?? (state.queue.headSeq < boundary ? takeNext(state) : null));
  if (!endpoint || !head || !tracked.has(head)) return false;
  await send(state, endpoint, head);
  // Delivered or given up: on to the next. Still held: it waits for its retry, and so does the rest.
  return head.fate !== null;
}

/** What became of the entries queued when the flush was called. */
function tally(state: LoggerState, tracked: Set<Batch>, headAtCall: number, boundary: number): FlushResult {
  const result: FlushResult = { sent: 0, kept: 0, dropped: 0 };
  let fromQueue = 0;
  for (const batch of tracked) {
    // A batch made during the flush may end with entries queued after the call: not its business.
    const n = batch.firstSeq < 0 ? batch.count : Math.min(batch.count, boundary - batch.firstSeq);
    if (batch.firstSeq >= headAtCall) fromQueue += n;
    if (batch.fate === 'sent') result.sent += n;
    else if (batch.fate === 'dropped') result.dropped += n;
    else result.kept += n;
  }
  const stillQueued = Math.max(0, boundary - state.queue.headSeq);
  result.kept += stillQueued;
  // The rest of what was queued at the call was pushed out of the queue by its bound.
  result.dropped += boundary - headAtCall - fromQueue - stillQueued;
  return result;
}

// ---------------------------------------------------------------------------------------------
// Page exit

/**
 * The page turned hidden or is going away, and may never run again. Everything queued is made
 * into batches; every batch not yet delivered is stored for the next page, then sent at once
 * where it can go (never into a server's Retry-After). A page that stays carries on.
 */
export function exit(state: LoggerState): void {
  const { outbox } = state;
  clearTimer(state, 'dueTimer');
  while (takeNext(state)) {
    // every entry into a batch: batches are stored and sent whole
  }
  keepForNextPage(state);
  const endpoint = maySend(state);
  if (!endpoint) return;
  const headers = endpoint.headers();
  // A beacon cannot carry headers: with any (token mode), what keepalive cannot take stays stored.
  const mayBeacon = !Object.keys(headers).length;
  for (const batch of [...outbox]) {
    if (batch.inKeepalive) continue;
    if (state.keepaliveBytes + batch.bytes <= KEEPALIVE_BUDGET) sendKeepalive(state, endpoint, batch, headers);
    else if (mayBeacon) beaconBatch(navigatorOf(state), endpoint.url, batch);
  }
}

/**
 * Writes every batch not yet delivered under the page's key; the oldest that do not fit the
 * store's bound are dropped and counted. Called at exit, and again while hidden as answers come in,
 * so that the next page does not replay what was delivered meanwhile.
 */
function keepForNextPage(state: LoggerState): void {
  const { outbox } = state;
  const leftOut = storeBatches(state.local, state.storeKey, outbox, now(state));
  for (const batch of outbox.slice(0, leftOut)) settle(state, batch, 'dropped', 'storeFull');
  state.stored = outbox.length > 0;
}

/** The page is visible again: it holds everything itself, so its stored copy goes. */
export function resume(state: LoggerState): void {
  if (state.stored) state.local.remove(state.storeKey);
  state.stored = false;
}

/**
 * A request beside the one-at-a-time order, for a page that may be gone before it is answered.
 * Only a final answer counts: delivered, or refused. Anything else leaves the batch where it is,
 * to be sent again in its turn.
 */
function sendKeepalive(state: LoggerState, endpoint: LogEndpoint, batch: Batch, headers: Record<string, string>): void {
  const answer = post(state, endpoint, batch, true, headers);
  state.keepaliveBytes += batch.bytes;
  batch.inKeepalive = true;
  void answer.then(
    state.guard(({ status }: HttpResult) => {
      state.keepaliveBytes -= batch.bytes;
      batch.inKeepalive = false;
      const outcome = classify(status);
      if (outcome === 'delivered') settle(state, batch, 'sent');
      if (outcome === 'refused') settle(state, batch, 'dropped');
      if (state.stored) keepForNextPage(state);
      pump(state);
    }),
  );
}
