import { runSuite } from './run-suite.mjs';

const r = await runSuite('unit', ['test', '.test.tsx?$', '-i', 'e2e']);
console.log(`${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);
