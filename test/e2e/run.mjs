// `npm run test:e2e`: the real-browser suite (test/e2e/*.e2e.ts) in each engine of E2E_BROWSERS
// (default chromium,firefox,webkit), a line per engine, then the line CI reads: `N passed, N failed`.
import { fileURLToPath } from 'node:url';
import { resultLine, runE2E } from '../run-suite.mjs';

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));
const results = await runE2E();
const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('');
for (const r of results) console.log(resultLine(r));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
