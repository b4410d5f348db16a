/**
 * EMWeb's logger: ngx-logger's API, Datadog-style delivery, built from parts that each own
 * their state and are handed the few others they use (logger.ts composes them). Which file decides what:
 *
 * - logger.ts          the public API: levels, console output, the configuration (its one owner); composes the parts; the controller the clients start, stop and point at an endpoint
 * - env.ts             the runtime, resolved in one place: fetch, timers, clock, random, storage (handed in), window, document, navigator, console
 * - ledger.ts          the only writer of counts, and stats(): logged = sent + queued + dropped; drop counts still to report
 * - queue.ts           admission (grouping of repeats, the rate limit, the bound), what a batch holds
 * - repeats.ts         which entries are repeats of each other, and which of them go as they are
 * - rateLimit.ts       the rolling minute of maxEntriesPerMinute
 * - entry.ts           a logged call made into the entry the server receives: context, beforeSend, scrubbed, bounded
 * - batch.ts           a batch (its key, body, what it stands for, where it was queued), and its split in two
 * - delivery.ts        what delivery is doing now (stopped | no-endpoint | idle | sending | waiting-retry | offline), composing:
 * - flushController.ts   when a batch goes and why: batchSize, 16 KiB, flushIntervalMs (delivery.ts holds the due timer)
 * - retry.ts             what happens when a send fails: backoff, Retry-After, offline, the network-failure cap
 * - pageExit.ts          what happens when the page goes: the page's store, keepalive within its budget, beacons; restore
 * - flush.ts             flush(): what it waits for, and what it says became of the entries
 * - pending.ts           the batches formed and not yet settled
 * - post.ts            the POST of a batch, with its Idempotency-Key; the one reader of the HTTP result
 * - sender/            one sender per browser: oneSender.ts (the tab's role, the Web Lock, the channel), handover.ts
 *                      (a tab's entries handed to the sender, settled by its answers), intake.ts (the sender's side,
 *                      and the records that make a takeover send each entry once), messages.ts (what tabs say)
 * - pendingStore.ts    the store's format: one localStorage key per page, the 256 KiB bound
 * - beacon.ts          the beacon, which carries the key as a query parameter
 * - idempotencyKey.ts  a new key for each batch
 * - serialize.ts       any logged value as bounded, JSON-safe entry JSON (32 KiB, 8 KiB strings, depth 6)
 * - scrub.ts           what never leaves the page: JWTs, the development token, values under secret keys
 * - levels.ts          level names, console methods, the two modes' defaults
 * - settings.ts        which settings are valid; their life in sessionStorage
 * - lifecycle.ts       page events: pagehide, hidden/visible, online, uncaught errors
 * - types.ts           the public types
 */

export { developmentDefaults, productionDefaults } from './entry/levels';
export { createLogger } from './logger';
export type { LoggerEnv } from './page/env';
export type { LoggerController } from './types';
