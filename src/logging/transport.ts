/**
 * Delivery. Batches are made from the queue when due and go out one at a time, in order, each sent
 * again until it is delivered or given up; `_status` says at every moment what the transport is
 * doing:
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
import { currentFetch, type HttpResult, request } from '../http';
import { type Batch, Queue } from './batch';
import { beaconBatch } from './httpRequest';
import { newIdempotencyKey } from './idempotencyKey';
import { STORE_PREFIX, storeBatches, takeStored } from './pendingStore';
import { backoffDelay, classify, MAX_NETWORK_RETRIES, parseRetryAfter } from './retry';
import type { DropReason } from './stats';
import type { FlushResult, LogEndpoint, LoggerStats, TransportStatus } from './types';

/** What the browser lets keepalive requests carry at once, shared with the host page's own. */
const KEEPALIVE_BUDGET = 64 * 1024;

export class Transport extends Queue {
  _status: TransportStatus = 'idle';
  /** Between start() and stop(). */
  _running = false;
  _endpoint: LogEndpoint | null = null;
  /** Settles once the oldest batch's request is answered; set exactly while `sending`. */
  #inflight: Promise<unknown> | null = null;
  /** Failed sends of the oldest batch so far: the backoff grows with them. */
  #attempt = 0;
  #networkFailures = 0;
  /** Until then the server asked not to be sent anything (Retry-After). */
  #serverWaitUntil = 0;
  /**
   * One timer: for the retry while `waiting-retry`, else for the oldest entry (or loss) to be due.
   * Entries only come after the oldest, so a later one is never due before the timer fires.
   */
  #timer: unknown = null;
  /** Bytes of this page's keepalive requests in flight. */
  #keepaliveBytes = 0;
  /** From page exit until the page is visible again, the page's store holds its batches. */
  #stored = false;
  /** This page's key in the store. */
  readonly #storeKey = STORE_PREFIX + newIdempotencyKey();
  /** Flushes in progress, told of every batch delivered. */
  readonly #flushes = new Set<(batch: Batch) => void>();

  _stats(): LoggerStats {
    const droppedBy = { ...this._droppedBy };
    return {
      logged: this._logged,
      sent: this._sent,
      queued: this._outbox.reduce((n, batch) => n + batch._count, this._entries.length),
      dropped: Object.values(droppedBy).reduce((sum, n) => sum + n),
      droppedBy,
      restored: this._restored,
      status: this._status,
    };
  }

  /** What earlier pages could not deliver goes first, whole and with its keys; its entries join this page's ledger. */
  _restore(): void {
    const { batches, dropped } = takeStored(this._local);
    for (const storeFull of dropped) this._reportLater({ storeFull });
    for (const batch of batches) {
      this._logged += batch._count;
      this._restored += batch._count;
      this._outbox.push(batch);
    }
  }

  /** Timers stop; a retry that was waiting goes at the next start. */
  _halt(): void {
    this._running = false;
    this.#clearTimer();
    if (this._status === 'waiting-retry') this._status = 'idle';
  }

  /** The due time may have moved (a new flushIntervalMs or batchSize, or page exit took the queue). */
  _reschedule(): void {
    if (this._status !== 'waiting-retry') this.#clearTimer();
    this._pump();
  }

  #clearTimer(): void {
    if (this.#timer !== null) this._timers.clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** When it fires, a retry that was waiting may go, and pump() looks at what is due. */
  #setTimer(ms: number): void {
    this.#clearTimer();
    this.#timer = this._timers.setTimeout(() => {
      this.#timer = null;
      if (this._status === 'waiting-retry') this._status = 'idle';
      this._pump();
    }, ms);
  }

  // -------------------------------------------------------------------------------------------
  // Sending

  /** Decides what happens next; called after anything that may change it (the `online` event too). */
  _pump(): void {
    const { _status: status, _endpoint: endpoint } = this;
    if (!this._running || !endpoint || status === 'sending' || status === 'waiting-retry') return;
    if (!this.#online()) {
      this._status = 'offline';
      return;
    }
    this._status = 'idle';
    const wait = this._dueIn(this._now());
    const head = this._outbox[0] ?? (wait > 0 ? null : this._formBatch());
    // A keepalive request of page exit carries it now: its answer calls again.
    if (head?._inKeepalive) return;
    if (head) void this.#send(endpoint, head);
    else if (wait < Infinity && this.#timer === null) this.#setTimer(wait);
  }

  // The endpoint's headers are read at each send: a token may change. (Headers that cannot be read
  // throw here, before anything changed: the caller's guard reports it, and the batch waits.)
  #post(endpoint: LogEndpoint, batch: Batch, keepalive: boolean, headers = endpoint.headers()): Promise<HttpResult> {
    // How long one send may take before it counts as no answer: 15 s unless a test says otherwise.
    const { fetch: fetchFn = currentFetch, sendTimeoutMs = 15_000 } = this._env;
    return request(
      fetchFn,
      endpoint.url,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers, 'Idempotency-Key': batch._key },
        body: batch._body,
        credentials: this._config.withCredentials ? 'include' : 'same-origin',
        keepalive,
        timeoutMs: sendTimeoutMs,
        readBody: false,
      },
      this._timers,
    );
  }

  #send(endpoint: LogEndpoint, batch: Batch): Promise<unknown> {
    const answer = this.#post(endpoint, batch, false);
    this.#clearTimer();
    this._status = 'sending';
    this.#inflight = answer.then(this._guard((result: HttpResult) => this.#settleHead(batch, result)));
    return this.#inflight;
  }

  /**
   * The answer to the oldest batch's request decides what comes next. Unless page exit's keepalive
   * got it through meanwhile, a failed batch is kept, to be sent again after its backoff (or the
   * server's Retry-After) or, once the browser says it is offline, at the `online` event (pump()
   * waits for it); or it is dropped, when refused or after too many network failures while online.
   */
  #settleHead(batch: Batch, { status, retryAfter }: HttpResult): void {
    this._status = 'idle';
    this.#inflight = null;
    const outcome = classify(status);
    const held = this._outbox.includes(batch);
    const retry =
      held &&
      (outcome === 'retry' || (outcome === 'network' && (!this.#online() || ++this.#networkFailures <= MAX_NETWORK_RETRIES)));
    if (held && outcome !== 'delivered') this._report('send failed', status, retry ? 'kept' : 'dropped');
    if (retry) {
      const serverDelay = parseRetryAfter(retryAfter, this._now());
      this.#serverWaitUntil = this._now() + (serverDelay ?? 0);
      this.#attempt++;
      this._status = 'waiting-retry';
      this.#setTimer(serverDelay ?? backoffDelay(this.#attempt, (this._env.random ?? Math.random)()));
      return;
    }
    this.#settle(batch, outcome === 'delivered', outcome === 'refused' ? 'rejected' : 'network');
    if (this.#stored) this.#keepForNextPage();
    this._pump();
  }

  /** A batch is done with (it leaves the outbox): delivered, or lost for `reason`. */
  #settle(batch: Batch, delivered: boolean, reason: DropReason): void {
    const outbox = this._outbox;
    const index = outbox.indexOf(batch);
    if (index < 0) return;
    outbox.splice(index, 1);
    // The next batch starts with a fresh backoff.
    if (index === 0) {
      this.#attempt = 0;
      this.#networkFailures = 0;
    }
    if (delivered) {
      this._sent += batch._count;
      for (const tell of this.#flushes) tell(batch);
      return;
    }
    this._drop(reason, batch._count);
    // A drop report lost with the entries of its batch is reported again; one that was all its batch
    // held is not (sent again and again to an endpoint that refuses it, or that a CSP blocks, it
    // would never end).
    if (batch._reported && batch._count > 0) this._reportLater(batch._reported);
  }

  // -------------------------------------------------------------------------------------------
  // flush()

  /** Unless the browser says it is offline (it may say nothing). */
  #online(): boolean {
    return this._navigator()?.onLine !== false;
  }

  /** The endpoint when a flush may send now: never into a server's Retry-After, nor offline. */
  #maySend(): LogEndpoint | null {
    return this._running && this.#online() && this.#serverWaitUntil <= this._now() ? this._endpoint : null;
  }

  /**
   * Sends the batches that hold what is queued now, one after the other, during a backoff wait too;
   * settles once each of those entries was delivered, dropped, or is kept (a send failed again, the
   * server's Retry-After is in force, the browser is offline, there is no endpoint or no start yet).
   * Entries are numbered as they are queued (batch.ts): those queued before the call are below
   * `boundary`, and each batch knows the number of its first. What is neither delivered during the
   * flush nor still held at its end was dropped (refused, given up, or pushed out of the queue).
   */
  async _flush(): Promise<FlushResult> {
    const boundary = this._head + this._entries.length;
    const queued = this._stats().queued;
    // A batch made during the flush may end with entries queued after the call: not its business.
    const ours = (batch: Batch) => Math.max(0, Math.min(batch._count, boundary - batch._first));
    let sent = 0;
    const tell = (batch: Batch) => {
      sent += ours(batch);
    };
    this.#flushes.add(tell);
    try {
      // One batch at a time, until all of ours are settled or sending must wait.
      for (;;) {
        if (this.#inflight) {
          await this.#inflight;
          continue;
        }
        const endpoint = this.#maySend();
        const head = endpoint && (this._outbox[0] ?? (this._head < boundary ? this._formBatch() : null));
        if (!endpoint || !head || head._first >= boundary) break;
        await this.#send(endpoint, head);
        // Delivered or given up: on to the next. Still held: it waits for its retry, and so does the rest.
        if (this._outbox.includes(head)) break;
      }
    } finally {
      this.#flushes.delete(tell);
    }
    const kept = this._outbox.reduce((n, batch) => n + ours(batch), Math.max(0, boundary - this._head));
    return { sent, kept, dropped: queued - sent - kept };
  }

  // -------------------------------------------------------------------------------------------
  // Page exit

  /**
   * The page turned hidden or is going away, and may never run again. Everything queued is made
   * into batches; every batch not yet delivered is stored for the next page, then sent at once
   * where it can go (never into a server's Retry-After). A page that stays carries on.
   *
   * A keepalive request goes beside the one-at-a-time order, for a page that may be gone before it
   * is answered. Only a final answer counts: delivered, or refused. Anything else leaves the batch
   * where it is, to be sent again in its turn.
   */
  _exit(): void {
    if (this._status !== 'waiting-retry') this.#clearTimer();
    while (this._formBatch()) {
      // every entry into a batch: batches are stored and sent whole
    }
    this.#keepForNextPage();
    const endpoint = this.#maySend();
    if (!endpoint) return;
    const headers = endpoint.headers();
    // A beacon cannot carry headers: with any (token mode), what keepalive cannot take stays stored.
    const mayBeacon = !Object.keys(headers).length;
    for (const batch of this._outbox) {
      if (batch._inKeepalive) continue;
      if (this.#keepaliveBytes + batch._bytes > KEEPALIVE_BUDGET) {
        if (mayBeacon) beaconBatch(this._navigator(), endpoint.url, batch);
        continue;
      }
      const answer = this.#post(endpoint, batch, true, headers);
      this.#keepaliveBytes += batch._bytes;
      batch._inKeepalive = true;
      void answer.then(
        this._guard(({ status }: HttpResult) => {
          this.#keepaliveBytes -= batch._bytes;
          batch._inKeepalive = false;
          const outcome = classify(status);
          if (outcome === 'delivered' || outcome === 'refused') this.#settle(batch, outcome === 'delivered', 'rejected');
          if (this.#stored) this.#keepForNextPage();
          this._pump();
        }),
      );
    }
  }

  /**
   * Writes every batch not yet delivered under the page's key; the oldest that do not fit the
   * store's bound are dropped and counted. Called at exit, and again while hidden as answers come in,
   * so that the next page does not replay what was delivered meanwhile.
   */
  #keepForNextPage(): void {
    const outbox = this._outbox;
    const leftOut = storeBatches(this._local, this.#storeKey, outbox, this._now());
    for (const batch of outbox.slice(0, leftOut)) this.#settle(batch, false, 'storeFull');
    this.#stored = outbox.length > 0;
  }

  /** The page is visible again: it holds everything itself, so its stored copy goes. */
  _resume(): void {
    if (this.#stored) this._local.remove(this.#storeKey);
    this.#stored = false;
  }
}
