import { LogLevel } from '../constants';
import type { LoggerConfig } from './types';

/** Production defaults (spec §9, contract "Logger"). */
export const productionDefaults: Readonly<LoggerConfig> = Object.freeze({
  level: LogLevel.INFO,
  serverLogLevel: LogLevel.ERROR,
  disableConsoleLogging: true,
  batchSize: 20,
  flushIntervalMs: 10_000,
  withCredentials: true,
  maxQueueSize: 1000,
  maxEntriesPerMinute: 300,
});

/** Development: the same, but console logging on from DEBUG up. */
export const developmentDefaults: Readonly<LoggerConfig> = Object.freeze({
  ...productionDefaults,
  level: LogLevel.DEBUG,
  disableConsoleLogging: false,
});

export const modeDefaults = (production: boolean): LoggerConfig => ({
  ...(production ? productionDefaults : developmentDefaults),
});

/** Method name per level (index = level). */
export const LEVEL_NAMES = ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const;

export type ConsoleMethod = 'debug' | 'info' | 'log' | 'warn' | 'error';

/**
 * Console method per level (index = level). TRACE goes to `console.debug`, not `console.trace`:
 * `console.trace` prints a stack trace for every call, which is noise for a log line, and
 * ngx-logger made the same choice.
 */
export const CONSOLE_METHODS: readonly ConsoleMethod[] = ['debug', 'debug', 'info', 'log', 'warn', 'error', 'error'];

const isLevel = (v: unknown): v is LogLevel => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 7;
const isInt = (min: number) => (v: unknown) => Number.isInteger(v) && (v as number) >= min;
const isBool = (v: unknown) => typeof v === 'boolean';

/** What each setting accepts: anything else (from a caller or from storage) is ignored. */
const VALID: { [K in keyof LoggerConfig]: (v: unknown) => boolean } = {
  level: isLevel,
  serverLogLevel: isLevel,
  disableConsoleLogging: isBool,
  batchSize: isInt(1),
  flushIntervalMs: (v) => typeof v === 'number' && v >= 0 && v < 2 ** 31,
  withCredentials: isBool,
  maxQueueSize: isInt(1),
  maxEntriesPerMinute: isInt(0),
};

export const CONFIG_KEYS = Object.keys(VALID) as (keyof LoggerConfig)[];

/** The valid settings of `partial`, as a new object; unknown keys and invalid values are left out. */
export function validConfig(partial: unknown): Partial<LoggerConfig> {
  const out: Record<string, unknown> = {};
  if (partial && typeof partial === 'object') {
    for (const k of CONFIG_KEYS) {
      const v = (partial as Record<string, unknown>)[k];
      if (VALID[k](v)) out[k] = v;
    }
  }
  return out as Partial<LoggerConfig>;
}
