/**
 * Which settings are acceptable, and their life in sessionStorage. Settings arrive from bootstrap
 * options and from storage that any script of the origin can write, so only known keys with a
 * value of the right kind survive.
 */

import { parseJson } from '../browser/http';
import type { SafeStorage } from '../browser/storage';
import { LogLevel, STORAGE_KEYS } from '../product/constants';
import { productionDefaults } from './entry/levels';
import type { LoggerConfig } from './types';

type SettingKey = keyof LoggerConfig;

const SETTING_KEYS = Object.keys(productionDefaults) as SettingKey[];

/** Browsers' setTimeout wraps round above this and fires at once, in a loop. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Levels TRACE to OFF, batchSize at least 1 (a batch of 0 would be an empty request), other numbers whole and not negative. */
function isValid(key: SettingKey, value: unknown): boolean {
  if (typeof productionDefaults[key] === 'boolean') return typeof value === 'boolean';
  const max = key === 'level' || key === 'serverLogLevel' ? LogLevel.OFF : MAX_TIMER_MS;
  return Number.isInteger(value) && (value as number) >= (key === 'batchSize' ? 1 : 0) && (value as number) <= max;
}

/** The valid part of partial settings (anything at all may come in). */
export function validSettings(partial: unknown): Partial<LoggerConfig> {
  const valid: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) {
    const value = (partial as Partial<LoggerConfig> | null | undefined)?.[key];
    if (isValid(key, value)) valid[key] = value;
  }
  return valid;
}

const settingKey = (key: string) => STORAGE_KEYS.loggerPrefix + key;

/** The settings saved in this tab by updateConfig; what cannot be read is ignored. */
export function loadSettings(sessionStorage: SafeStorage): Partial<LoggerConfig> {
  const saved: Record<string, unknown> = {};
  // Not saved, or not JSON: undefined, which is not valid.
  for (const key of SETTING_KEYS) saved[key] = parseJson(sessionStorage.get(settingKey(key)) ?? '')?.value;
  return validSettings(saved);
}

/** Each setting under its own key, so that a reload restores exactly what was changed. */
export function saveSettings(sessionStorage: SafeStorage, partial: Partial<LoggerConfig>): void {
  for (const key in partial) sessionStorage.set(settingKey(key), JSON.stringify(partial[key as SettingKey]));
}
