/**
 * EMWeb's logger: ngx-logger's API, a Datadog-style transport. Where the contract is silent:
 *
 * - TRACE goes to `console.debug` (console.trace would print a stack trace per call).
 * - A level below every threshold points its method at an empty function (as loglevel does), so
 *   call methods on the logger; the live methods check the level themselves as well.
 * - The tab's saved settings apply from createLogger() on, and again over the options at start().
 * - An entry longer than 32 KiB of JSON: the message is cut first (down to its first KiB), then
 *   `additional` from its end; whatever was cut ends in "…[cut]". The entry keeps its four fields.
 * - No entry waits longer than `flushIntervalMs`: the timer is armed for the oldest entry's
 *   deadline, and a due send takes everything queued up to `batchSize` / 16 KiB.
 * - Retries: 408, 429, 5xx forever (the queue bound caps memory), 1 s doubling to 60 s, up to half
 *   of it shaved off at random; Retry-After wins when present (clamped to 5 min). A network failure
 *   or a timeout (15 s per send) is retried 3 times while online, then the batch is dropped.
 * - flush() resolves once every entry queued at the call has been handed to fetch (or cannot go:
 *   no endpoint, stopped, waiting for a retry or for the connection).
 * - Drop counts (queue full, rate limit, the 64 KiB pending bound) travel in an ERROR entry at the
 *   head of the next batch; if that batch is given up they are counted again, if it is retried they
 *   ride along with it, so they arrive once.
 * - Page exit: a batch waiting for its retry goes too; one already in flight is left alone (sending
 *   it again could duplicate it). A keepalive request that fails afterwards leaves its entries in
 *   localStorage for the next page.
 */
export { createLogger, SEND_TIMEOUT_MS } from './logger';
export { productionDefaults, developmentDefaults } from './levels';
export type { LoggerConfig, LogEntry, Logger, LoggerController, LoggerStartOptions, LoggerEnv } from './types';
