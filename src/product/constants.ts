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
/** A log level's number, one of `LogLevel`'s. */
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
/** A width class of the viewport, from `BREAKPOINTS`: xs below sm. */
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
  /** localStorage: the authType once probed, `oracle`, `secgw` or `token`; any other value is removed. */
  authType: 'authType',
  /** localStorage: the signed-in user's token: the claims, and the bearer token under the `token` authType. */
  jwt: 'jwt',
  /** localStorage: a development token (any string) that the `token` authType sends in place of `jwt`. */
  devToken: 'devToken',
  /**
   * localStorage: log batches kept for the next page, one key per page (`emweb.logger.pending.<page>`);
   * the bare key, left by clients before the per-page store, is removed unread.
   */
  pendingLogs: 'emweb.logger.pending',
  /**
   * localStorage: the prefix of the batches the sender tab formed with other tabs' entries, one key each
   * (`emweb.logger.sent.<Idempotency-Key>`) until they are settled, so that a new sender replays them whole.
   */
  sentLogs: 'emweb.logger.sent.',
  /** sessionStorage: the prefix of the logger's saved settings, `emweb.logger.<setting>`. */
  loggerPrefix: 'emweb.logger.',
  /**
   * localStorage: the prefix of the screens' drafts (`useDraft`), one key each,
   * `emweb.draft.<userId, URI-encoded>|<path>|<key>` holding `{ value, keptAt }`, for the signed-in user only.
   */
  drafts: 'emweb.draft.',
} as const;

/** The security gateway's sign-in page. */
export const AUTH_PATH = '/auth/';

/** How long a start-up call may take before it counts as failed (a probe then reads as status 0). */
export const STARTUP_TIMEOUT_MS = 10_000;
