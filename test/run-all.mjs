// `npm test`: the build, the static checks, the unit suite and the real-browser suite in each
// engine, ending with the one line CI reads: `N passed, N failed`. Each static check counts as one test.
import { spawnSync } from 'node:child_process';
import { report, runE2E, runSuite } from './run-suite.mjs';

const npx = (...args) => ['npx', '--no-install', ...args];
const CHECKS = [
  { name: 'build', command: ['npm', 'run', '--silent', 'build'] },
  { name: 'type check (tsc)', command: npx('tsc', '--noEmit') },
  { name: 'format and lint (biome)', command: npx('biome', 'check', '.') },
  { name: 'folders of src/ import one way', command: ['node', 'scripts/folder-imports.mjs'] },
  { name: 'bundle budget (gzip -9)', command: ['node', 'scripts/size-budget.mjs'], needsBuild: true },
  // api/*.api.md record the exported API: a change of it fails here until `npm run api` records it.
  { name: 'API report (api-extractor)', command: ['node', 'scripts/api-report.mjs'], needsBuild: true },
  { name: 'unused files, exports, dependencies (knip)', command: npx('knip') },
  { name: 'package (publint)', command: npx('publint', '--strict'), needsBuild: true },
  { name: 'package types (attw)', command: npx('attw', '--pack', '.', '--profile', 'esm-only'), needsBuild: true },
];

const results = [];
let built = false;
for (const check of CHECKS) {
  if (check.needsBuild && !built) {
    console.log(`\n== ${check.name}: not run, the build failed`);
    results.push({ name: check.name, passed: 0, failed: 1 });
    continue;
  }
  console.log(`\n== ${check.name}`);
  const [command, ...args] = check.command;
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (check.name === 'build') built = status === 0;
  results.push({ name: check.name, passed: status === 0 ? 1 : 0, failed: status === 0 ? 0 : 1 });
}

results.push(await runSuite('unit', ['test', '.test.tsx?$', '-i', 'e2e']));
// The manual's walk-throughs for host developers (docs/testing.md, docs/react-libraries.md), run as
// written against the packed build.
if (built) results.push(await runSuite('host', ['test/host', '.host.ts$']));
else results.push({ name: 'host: not run, the build failed', passed: 0, failed: 1 });
if (built) results.push(...(await runE2E()));
else results.push({ name: 'e2e: not run, the build failed', passed: 0, failed: 1 });

process.exit(report(results));
