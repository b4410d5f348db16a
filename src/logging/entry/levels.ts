/** Level names, the console method each writes to, and the two modes' default configurations. */
import { LogLevel } from '../../product/constants';
import type { LoggerConfig } from '../types';

/** The logger's methods, LogLevel.TRACE to LogLevel.FATAL: a method's index is its level. */
export const LEVEL_NAMES = ['trace', 'debug', 'info', 'log', 'warn', 'error', 'fatal'] as const;

/** The console method of each level (`console.trace` would print a stack trace for every entry). */
export const CONSOLE_METHODS = ['debug', 'debug', 'info', 'log', 'warn', 'error', 'error'] as const;

export const productionDefaults: Readonly<LoggerConfig> = {
  level: LogLevel.INFO,
  serverLogLevel: LogLevel.ERROR,
  disableConsoleLogging: true,
  batchSize: 20,
  flushIntervalMs: 10_000,
  withCredentials: true,
  maxQueueSize: 1000,
  maxEntriesPerMinute: 300,
  groupRepeatsAfter: 5,
};

export const developmentDefaults: Readonly<LoggerConfig> = {
  ...productionDefaults,
  level: LogLevel.DEBUG,
  disableConsoleLogging: false,
};
