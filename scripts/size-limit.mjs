// The contract's guard for dist/emweb.js: 33.5 KiB, gzip -9 (a guard, not a target). The budget check and the size benchmark read it here.
export const SIZE_LIMIT = 36_864;
