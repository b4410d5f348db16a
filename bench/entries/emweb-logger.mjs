// EMWeb's logger alone, started as bootstrap starts it (uncaught errors captured, batches posted
// to the API): the like-for-like figure beside Datadog's and Sentry's SDKs.
import { createLogger } from '../../src/logging/index.ts';

const logger = createLogger({ production: true });
logger.start({ production: true, captureErrors: true });
logger.setEndpoint({ url: `${location.origin}/api/web/clientlogger/`, headers: () => ({}) });
window.EMWEB_LOGGER_BENCH = logger;
