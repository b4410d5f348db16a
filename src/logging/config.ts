/**
 * Which settings are acceptable, and their life in sessionStorage. Settings arrive from bootstrap
 * options and from storage that any script of the origin can write, so only known keys with a
 * value of the right kind survive.
 */
import { STORAGE_KEYS } from '../constants';
import type { SafeStorage } from '../storage';
import { productionDefaults } from './levels';
import type { LoggerConfig } from './types';

type ConfigKey = keyof LoggerConfig;

const CONFIG_KEYS = Object.keys(productionDefaults) as ConfigKey[];

/** Browsers' setTimeout wraps round above this and fires at once, in a loop. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function isValid(key: ConfigKey, value: unknown): boolean {
  if (typeof productionDefaults[key] === 'boolean') return typeof value === 'boolean';
  if (typeof value !== 'number' || !Number.isInteger(value)) return false;
  // A batch of 0 would be an empty request.
  const min = key === 'batchSize' ? 1 : 0;
  const max = key === 'level' || key === 'serverLogLevel' ? 7 : MAX_TIMER_MS;
  return value >= min && value <= max;
}

/** The valid part of a partial config: levels 0–7, batchSize at least 1, other numbers whole and not negative. */
export function validConfig(partial: unknown): Partial<LoggerConfig> {
  const valid: Partial<LoggerConfig> = {};
  if (typeof partial !== 'object' || partial === null) return valid;
  for (const key of CONFIG_KEYS) {
    const value: unknown = Reflect.get(partial, key);
    if (isValid(key, value)) Object.assign(valid, { [key]: value });
  }
  return valid;
}

const settingKey = (key: string) => STORAGE_KEYS.loggerPrefix + key;

function parse(text: string | null): unknown {
  try {
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The settings saved in this tab by updateConfig; what cannot be read is ignored. */
export function loadSettings(session: SafeStorage): Partial<LoggerConfig> {
  const saved: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) saved[key] = parse(session.get(settingKey(key)));
  return validConfig(saved);
}

/** Each setting under its own key, so that a reload restores exactly what was changed. */
export function saveSettings(session: SafeStorage, partial: Partial<LoggerConfig>): void {
  for (const key of CONFIG_KEYS) if (key in partial) session.set(settingKey(key), JSON.stringify(partial[key]));
}
