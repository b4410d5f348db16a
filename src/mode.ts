declare const __EMWEB_PRODUCTION__: boolean | undefined;

/**
 * Whether this bundle was built for production. The build replaces the marker with a literal
 * (true in `emweb.js`, false in `emweb.dev.js`); the ESM build and the tests default to production.
 */
export const BUNDLE_PRODUCTION: boolean = typeof __EMWEB_PRODUCTION__ === 'undefined' ? true : __EMWEB_PRODUCTION__;
