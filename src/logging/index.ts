/**
 * EMWeb's logger: ngx-logger's API, a Datadog-style transport, built from parts that each own
 * their state and are handed the few others they use (logger.ts composes them). Which file decides what:
 *
 * - logger.ts       the public API: levels, console output, the configuration (its one owner); composes the parts; the controller the clients start, stop and point at an endpoint
 * - env.ts          the surroundings, resolved in one place: fetch, timers, clock, random, storage (handed in), window, document, navigator, console
 * - ledger.ts       the only writer of counts, and stats(): logged = sent + queued + dropped; drop counts still to report
 * - queue.ts        admission (grouping of repeats, the rate limit, the bound), when a batch is due, what a batch holds
 * - repeats.ts      which entries are repeats of each other, and which of them go as they are
 * - rateLimit.ts    the rolling minute of maxEntriesPerMinute
 * - entry.ts        a logged call made into the entry the server receives: context, beforeSend, scrubbed, bounded
 * - batch.ts        a batch (its key, body, what it stands for), and its split in two
 * - delivery.ts     the one owner of a batch's life from formed to settled: one state value (stopped | no-endpoint |
 *                   idle | sending | waiting-retry | offline) with its timer and retry counts, 413 splits, flush(),
 *                   keepalive bookkeeping, the page's store
 * - exit.ts         page exit: asks delivery to store and to drain (keepalive, beacon); visible again, to unstore
 * - post.ts         the POST of a batch, with its Idempotency-Key
 * - pendingStore.ts the store's format: one localStorage key per page, the 256 KiB bound
 * - beacon.ts       the beacon, which carries the key as a query parameter
 * - idempotencyKey.ts a new key for each batch
 * - retry.ts        the retry strategy (pure): which answers are retried, backoff, Retry-After
 * - serialize.ts    any logged value as bounded, JSON-safe entry JSON (32 KiB, 8 KiB strings, depth 6)
 * - scrub.ts        what never leaves the page: JWTs, the development token, values under secret keys
 * - levels.ts       level names, console methods, the two modes' defaults
 * - config.ts       which settings are valid; their life in sessionStorage
 * - lifecycle.ts    page events: pagehide, hidden/visible, online, uncaught errors
 * - types.ts        the public types
 */

export type { LoggerEnv } from './env';
export { developmentDefaults, productionDefaults } from './levels';
export { createLogger } from './logger';
export type { LoggerController } from './types';
