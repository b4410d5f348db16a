// EMWeb's logger alone, started as bootstrap starts it (uncaught errors captured, batches posted
// to the API): the like-for-like figure beside Datadog's and Sentry's SDKs.
import { browserLocalStorage, browserSessionStorage } from '../../src/browser/storage.ts';
import { createLogger } from '../../src/logging/index.ts';

const control = createLogger({ production: true, local: browserLocalStorage(), sessionStorage: browserSessionStorage() });
control._start({ production: true, captureErrors: true });
control._setEndpoint({ url: `${location.origin}/api/web/clientlogger/`, headers: () => ({}) });
window.EMWEB_LOGGER_BENCH = control._logger;
