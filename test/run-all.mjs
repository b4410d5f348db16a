// `npm test`: the unit suite, then the real-browser suite, and one line CI reads: `N passed, N failed`.
import { runSuite } from './run-suite.mjs';

const results = [await runSuite('unit', ['test', '.test.tsx?$', '-i', 'e2e'])];
results.push(await runSuite('e2e', ['test/e2e', '.e2e.ts$']));

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
for (const r of results) console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
