// What a user who picks Datadog for browser error logs ships: the logs SDK, initialised to forward
// uncaught errors and console errors, batching to Datadog's intake.
import { datadogLogs } from '@datadog/browser-logs';

datadogLogs.init({ clientToken: 'pub00000000000000000000000000000000', site: 'datadoghq.eu', forwardErrorsToLogs: true });
window.DD_LOGS_BENCH = datadogLogs;
