// The page logger's methods as the contract names them, sorted: the whole of what a host may call on
// it, for the unit and the real-browser checks that it offers these and nothing more.
export const LOGGER_METHODS = [
  'debug',
  'error',
  'fatal',
  'flush',
  'getConfig',
  'info',
  'log',
  'setContext',
  'stats',
  'trace',
  'updateConfig',
  'warn',
];
