// Types of demo/preload.mjs, for the benchmark and the checks.
import type { ServerResponse } from 'node:http';
import type { AuthMode } from './server.mjs';

/** The `Link` header values of a mode, for an API on the page's own origin; none under the gateway without a session. */
export declare function preloadLinks(auth: AuthMode, signedIn?: boolean): string[];
/** Sends them as a 103 Early Hints answer; returns `{ Link }` for the page's own answer (`{}` when there are none). */
export declare function sendEarlyHints(res: ServerResponse, auth: AuthMode, signedIn: boolean): { Link?: string };
