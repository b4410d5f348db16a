/**
 * EMWeb's logger: ngx-logger's API, a Datadog-style transport. Its state lives in one object built
 * in layers, each a class in its own file that extends the one before: Surroundings (env.ts) →
 * Ledger (stats.ts) → Queue (batch.ts) → Transport (transport.ts) → the logger's core (logger.ts).
 * What a layer keeps to itself is `#private`; what the next layers use is named `_like` this (the
 * build shortens both). Which file decides what:
 *
 * - logger.ts       the public API: levels, console output, configuration, context, beforeSend
 * - env.ts          what it uses from the page (fetch, console, storage, clock, timers), made safe
 * - levels.ts       level names, console methods, the two modes' defaults
 * - config.ts       which settings are valid; their life in sessionStorage
 * - serialize.ts    any logged value as bounded, JSON-safe entry JSON (32 KiB, 8 KiB strings, depth 6)
 * - scrub.ts        what never leaves the page: JWTs, the development token, values under secret keys
 * - batch.ts        the queue policy (pure): rate limit, bound, when a batch is due, what it holds
 * - stats.ts        the ledger: logged = sent + queued + dropped; drop counts to report
 * - transport.ts    sending, one explicit status, retries, flush() results, page exit
 * - retry.ts        the retry strategy (pure): which answers are retried, backoff, Retry-After
 * - httpRequest.ts  a batch on the wire: POST with its Idempotency-Key, or a beacon
 * - pendingStore.ts batches kept for the next page, one localStorage key per page
 * - lifecycle.ts    page events: pagehide, hidden/visible, online, uncaught errors
 */

export type { LoggerEnv } from './env';
export { developmentDefaults, productionDefaults } from './levels';
export { createLogger } from './logger';
export type { LoggerController } from './types';
