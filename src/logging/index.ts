/**
 * EMWeb's logger: ngx-logger's API, a Datadog-style transport. Its state lives in one object built
 * in layers, each a class in its own file that extends the one before: Surroundings (env.ts) →
 * Ledger (stats.ts) → Queue (batch.ts) → Transport (transport.ts) → the logger's core (logger.ts).
 * What a layer keeps to itself is `#private`; what the next layers use is named `_like` this (the
 * build shortens both). Which file decides what:
 *
 * - logger.ts       the public API and the last layer: levels, console output, configuration, context, beforeSend, start/stop
 * - env.ts          the first layer: what it uses from the page (fetch, console, storage, clock, timers), made safe
 * - stats.ts        the ledger: logged = sent + queued + dropped; drop counts still to report
 * - batch.ts        the queue: rate limit, bound, when a batch is due, what it holds
 * - transport.ts    sending, one explicit status, retries, flush() results, page exit
 * - levels.ts       level names, console methods, the two modes' defaults
 * - config.ts       which settings are valid; their life in sessionStorage
 * - serialize.ts    any logged value as bounded, JSON-safe entry JSON (32 KiB, 8 KiB strings, depth 6)
 * - scrub.ts        what never leaves the page: JWTs, the development token, values under secret keys
 * - retry.ts        the retry strategy (pure): which answers are retried, backoff, Retry-After
 * - httpRequest.ts  the idempotency key, and the beacon that carries it as a query parameter
 * - pendingStore.ts batches kept for the next page, one localStorage key per page
 * - lifecycle.ts    page events: pagehide, hidden/visible, online, uncaught errors
 * - types.ts        the public types
 */

export type { LoggerEnv } from './env';
export { developmentDefaults, productionDefaults } from './levels';
export { createLogger } from './logger';
export type { LoggerController } from './types';
