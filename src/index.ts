// The library's public surface for bundler users. The script-tag bundle's entry is embed.ts.
export { bootstrap } from './bootstrap';
export { BUILD_VERSION, LogLevel, DEFAULTS, BREAKPOINTS, GRID_COLUMNS, STORAGE_KEYS, AUTH_PATH } from './constants';
export type { Breakpoint } from './constants';
export { formatNumber, formatCurrency, type NumberFormatOptions } from './format';
export { useClient, useBreakpoint } from './ui/hooks';
export { breakpointOf } from './state/breakpoint';
export { readClaims, CLAIM_NAMES, type Claims } from './auth/claims';
export { apiBase } from './auth/apiBase';
export type { AuthType } from './auth/authType';
export type { ClientConfiguration } from './api/configuration';
export type { ClientState } from './state/signals';
export type { Logger, LoggerConfig, LogEntry } from './logging/types';
export type { BootstrapOptions, Client, SpeedDialAction } from './types';
import { getPage } from './page';

/** The page's one logger; `bootstrap` applies its options and starts its server transport. */
export const logger = getPage().logger;
