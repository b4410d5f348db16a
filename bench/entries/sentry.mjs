// What a user who picks Sentry for browser error reporting ships: the browser SDK, initialised
// with a DSN and its default integrations (global error handlers, breadcrumbs, dedupe, ...).
// Only init is imported, as an application does: the namespace would pull in replay and feedback.
import { init } from '@sentry/browser';

init({ dsn: 'https://0000000000000000000000000000000@o0.ingest.sentry.io/0' });
