// Runs the real-browser suite (test/e2e/*.e2e.ts) and ends with the line CI reads: `N passed, N failed`.
import { fileURLToPath } from 'node:url';
import { runSuite } from '../run-suite.mjs';

process.chdir(fileURLToPath(new URL('../..', import.meta.url)));
const result = await runSuite('e2e', ['test/e2e', '.e2e.ts$']);
console.log(`${result.passed} passed, ${result.failed} failed`);
process.exit(result.failed ? 1 : 0);
