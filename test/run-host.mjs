// `npm run test:host`: the host developer's walk-throughs of the manual (docs/testing.md and
// docs/react-libraries.md), run as written against the build (build first). Slower than the unit suite: they install packages and bundle.
import { runSuite } from './run-suite.mjs';

const r = await runSuite('host', ['test/host', '.host.ts$']);
console.log(`${r.passed} passed, ${r.failed} failed`);
process.exit(r.failed ? 1 : 0);
