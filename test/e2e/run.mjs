// `npm run test:e2e`: the real-browser suite (test/e2e/*.e2e.ts) in each engine of E2E_BROWSERS
// (default chromium,firefox,webkit), a line per engine, then the line CI reads: `N passed, N failed`.
import { fileURLToPath } from 'node:url';
import { report, runE2E } from '../run-suite.mjs';

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));
process.exit(report(await runE2E()));
