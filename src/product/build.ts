declare const __EMWEB_PRODUCTION__: boolean | undefined;
declare const __EMWEB_SCRIPT_TAG__: boolean | undefined;

/**
 * Whether this bundle was built for production. The build replaces the marker with a literal
 * (true in `emweb.js`, false in `emweb.dev.js`); the ESM build and the tests default to production.
 */
export const BUNDLE_PRODUCTION: boolean = typeof __EMWEB_PRODUCTION__ === 'undefined' ? true : __EMWEB_PRODUCTION__;

/**
 * The build a page runs as: a host may ask for development, never for production from a
 * development bundle (its API base is always `/api/`).
 */
export const runsInProduction = (requested: boolean | undefined): boolean => BUNDLE_PRODUCTION && requested !== false;

/**
 * Whether this is a script-tag bundle. Its screens get the client as `render`'s argument; the
 * hooks that read it from context (`useClient`, `useBreakpoint`) are for bundler users only, so
 * the script-tag bundles carry no context for them.
 */
export const SCRIPT_TAG_BUNDLE: boolean = typeof __EMWEB_SCRIPT_TAG__ !== 'undefined' && __EMWEB_SCRIPT_TAG__;
