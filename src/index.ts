// The library's public surface for bundler users. Importing it makes nothing: the page's logger
// is created by the first `bootstrap` or `getLogger()`. The script-tag bundle's entry is embed.ts.
export type { ClientFetchInit } from './api/clientFetch';
export type { ClientConfiguration } from './api/configuration';
export { type ApiBase, apiBase } from './auth/apiBase';
export type { AuthType } from './auth/authType';
export { CLAIM_NAMES, type Claims, readClaims } from './auth/claims';
export { bootstrap, unmount } from './client/bootstrap';
export { getLogger } from './client/page';
export type { BootstrapOptions } from './client/types';
export type {
  BeforeSend,
  DeliveryStatus,
  DropCounts,
  FlushResult,
  LogEntry,
  Logger,
  LoggerConfig,
  LoggerOptions,
  LoggerStats,
  LogMethod,
  TabRole,
} from './logging/types';
export {
  AUTH_PATH,
  BREAKPOINTS,
  type Breakpoint,
  BUILD_VERSION,
  DEFAULTS,
  GRID_COLUMNS,
  LogLevel,
  STORAGE_KEYS,
} from './product/constants';
export { formatCurrency, formatNumber, type NumberFormatOptions } from './product/format';
export { lazy, type ScreenModule } from './routes/lazy';
export { breakpointOf } from './state/breakpoint';
// Hosts know the state as `client.state` has it: read-only.
export type { ClientState, CurrentRoute, StartupFacts } from './state/clientState';
export type {
  Client,
  Diagnostics,
  Draft,
  DraftState,
  NavigateOptions,
  NoticeTone,
  NotifyOptions,
  RouteScreen,
  Routes,
  Screen,
  ScreenProps,
  SpeedDialAction,
  SpeedDialActions,
} from './types/client';
export { builtInActions } from './ui/actions';
export { useBreakpoint, useClient } from './ui/hooks';
export { DEFAULT_STRINGS, type Strings } from './ui/strings';
export { useDraft } from './ui/useDraft';
