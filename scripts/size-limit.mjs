// The contract's limit for dist/emweb.js: 24 KiB, gzip -9. The budget check and the size benchmark read it here.
export const SIZE_LIMIT = 24_576;
