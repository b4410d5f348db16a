// `emweb/testing`: the one fake of the product's API, for host developers' tests of their screens,
// for this project's own tests and for the demo's backend. No test runner inside: it works with
// uvu, node's test runner or anything else that runs in a DOM such as happy-dom.
export type { AuthType } from '../auth/authType';
export type { LogEntry } from '../logging/types';
export type { LogLevel } from '../product/constants';
export { makeJwt } from './jwt';
export type { ProductRequest, RouteAnswer } from './productApi';
export {
  createProductServer,
  DEFAULT_CONFIGURATION,
  DEFAULT_VERSION,
  type LogBatch,
  type ProductServer,
  type ProductServerOptions,
  type Route,
} from './productServer';
export { type ResetPageOptions, resetPage } from './resetPage';
export { DEFAULT_USER_ID, type SignInOptions } from './signIn';
