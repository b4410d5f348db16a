import type { LoggerConfig } from './types';

export const productionDefaults: Readonly<LoggerConfig> = {
  level: 2,
  serverLogLevel: 5,
  disableConsoleLogging: true,
  batchSize: 20,
  flushIntervalMs: 10_000,
  withCredentials: true,
  maxQueueSize: 1000,
  maxEntriesPerMinute: 300,
};

export const developmentDefaults: Readonly<LoggerConfig> = { ...productionDefaults, level: 1, disableConsoleLogging: false };

/** The console method of each level, TRACE to FATAL (`console.trace` would print a stack for every entry). */
export const CONSOLE_METHODS = ['debug', 'debug', 'info', 'log', 'warn', 'error', 'error'] as const;

/**
 * The valid part of a partial config: settings come from bootstrap options and from storage any
 * script of the origin can write, so only known keys with a value of the right kind survive.
 * Levels are 0–7, batchSize at least 1 (a batch of 0 would be an empty request), other numbers
 * whole and not negative; nothing above 2^31 - 1, where browsers' setTimeout wraps round and would
 * fire at once, in a loop.
 */
export function validConfig(partial: unknown): Partial<LoggerConfig> {
  const out: Record<string, unknown> = {};
  for (const k in productionDefaults) {
    const v = (partial as any)?.[k];
    if (
      typeof v == typeof productionDefaults[k as keyof LoggerConfig] &&
      (v === !!v || (v % 1 == 0 && v >= +(k == 'batchSize') && v < (/vel$/.test(k) ? 8 : 2 ** 31)))
    )
      out[k] = v;
  }
  return out;
}
