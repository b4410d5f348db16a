/**
 * EMWeb's logger: ngx-logger's API, a Datadog-style transport. Where the contract is silent:
 *
 * - TRACE goes to `console.debug` (console.trace would print a stack trace per call).
 * - A level below every threshold points its method at an empty function (as loglevel does), so
 *   call methods on the logger; the live methods check the level themselves as well.
 * - The tab's saved settings apply from createLogger() on, and again over the options at start().
 * - Logged values: strings cut at 8 KiB (32 Ki characters an entry), 100 items or keys an object,
 *   6 levels; cycles, what lies deeper and what cannot be read become "…[cut]". An entry longer
 *   than 32 KiB of JSON: the message is cut first (down to its first KiB), then `additional` from
 *   its end; whatever was cut ends in "…[cut]". The entry keeps its four fields.
 * - No entry waits longer than `flushIntervalMs`: the timer is armed for the oldest entry's
 *   deadline, and a due send takes everything queued up to `batchSize` / 16 KiB.
 * - Retries: 408, 429, 5xx for as long as it takes (the queue bound caps memory), 1 s doubling to
 *   60 s, up to half of it shaved off at random; Retry-After wins when present (clamped to 5 min).
 *   A network failure or a timeout (15 s a send) is retried 3 times while online, then the batch is
 *   dropped. Failures are reported with console.warn (saved at start-up).
 * - flush() resolves once every entry queued at the call has been handed to fetch (or cannot go:
 *   no endpoint, offline, or waiting for a retry).
 * - Drop counts (queue full, rate limit, the 64 KiB pending bound) travel in an ERROR entry
 *   "emweb.logger dropped entries" with `[{ queueFull, rateLimited }]` at the head of the next batch;
 *   if that batch is given up they are counted again, if it is retried they ride along with it, so
 *   they arrive once. One console warning per episode (until they are reported).
 * - The rate limit's minute is kept as counts per second: an entry frees its place 60 to 61 s later.
 * - Token mode (localStorage.authType "token"): the POST carries `Authorization: Bearer <token>`,
 *   read at send time. A beacon cannot.
 * - Page exit: a batch in flight is left to its request. While the server fails (a batch waits for
 *   its retry) or is slow (one has been out for over a second), everything is kept in localStorage
 *   for the next page instead of being sent into the outage. A keepalive request that fails while
 *   the page is still there leaves its entries in localStorage too. Stored entries are made safe and
 *   redacted again when read.
 */
export { createLogger, SEND_TIMEOUT_MS, type LoggerEnv } from './logger';
export { productionDefaults, developmentDefaults } from './levels';
export type { LoggerConfig, LogEntry, Logger, LoggerController, LoggerStartOptions } from './types';
