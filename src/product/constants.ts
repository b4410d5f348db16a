import { version } from '../../package.json';

/** The build this bundle belongs to: the package's version, read when it is built. */
export const BUILD_VERSION: string = version;

/** Log levels, numbered as the server expects them. */
export const LogLevel = {
  TRACE: 0,
  DEBUG: 1,
  INFO: 2,
  LOG: 3,
  WARN: 4,
  ERROR: 5,
  FATAL: 6,
  OFF: 7,
} as const;
export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

/** Formatting and UI defaults of the product. */
export const DEFAULTS = {
  currency: 'USD',
  decimalSeparator: '.',
  thousandsSeparator: ',',
  maxSpeedDialActions: 5,
} as const;

/** Lower bounds, in CSS pixels, of each breakpoint above xs. */
export const BREAKPOINTS = { sm: 768, md: 992, lg: 1200 } as const;
export type Breakpoint = 'xs' | 'sm' | 'md' | 'lg';

/** Names the product's grids reserve for their special columns. */
export const GRID_COLUMNS = {
  displayRuleIcons: '__displayRuleIcons',
  displayRuleIds: '__displayRuleIds',
  aggregateSuffix: '__aggregate',
  refNameSuffix: '__refName',
} as const;

/** Every storage key the client reads or writes. */
export const STORAGE_KEYS = {
  authType: 'authType',
  jwt: 'jwt',
  devToken: 'devToken',
  pendingLogs: 'emweb.logger.pending',
  /** Batches the sender tab formed with other tabs' entries, one key each, until they are settled. */
  sentLogs: 'emweb.logger.sent.',
  loggerPrefix: 'emweb.logger.',
  /** A screen's kept draft, one key each: `emweb.draft.<user>|<path>|<key>` (src/session/draftStore.ts). */
  drafts: 'emweb.draft.',
} as const;

/** The security gateway's sign-in page. */
export const AUTH_PATH = '/auth/';

/** How long a start-up call may take before it counts as failed (a probe then reads as status 0). */
export const STARTUP_TIMEOUT_MS = 10_000;
