// Runs one uvu suite folder in a child process and reads its counts back from uvu's summary; runs
// the real-browser suite once per engine.
import { spawn } from 'node:child_process';
import { engineVersion, findEngine, isCI, selectedEngines } from './e2e/engines.mjs';

// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape that starts a terminal colour code
const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '');

export function runSuite(name, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'node_modules/uvu/bin.js', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (code) => {
      const text = strip(out);
      const num = (label) => Number((text.match(new RegExp(`${label}:\\s+(\\d+)`)) ?? [])[1] ?? NaN);
      // uvu's Total leaves the skipped tests out.
      const total = num('Total');
      const passed = num('Passed');
      const skipped = num('Skipped') || 0;
      if (Number.isNaN(total) || Number.isNaN(passed)) {
        // The suite died before uvu could sum up (a module failed to load): that is a failure.
        resolve({ name, passed: 0, failed: 1, skipped, code });
        return;
      }
      resolve({ name, passed, failed: Math.max(total - passed, code === 0 ? 0 : 1), skipped, code });
    });
  });
}

const minutes = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}m ${String(seconds % 60).padStart(2, '0')}s`;
};

/**
 * The real-browser suite (test/e2e/*.e2e.ts) once per engine of E2E_BROWSERS (default all three),
 * one result each, named with the engine's version and the time it took. An engine that is not
 * installed is reported and skipped, except under CI, where it counts as a failure. The checks that
 * drive no browser run with the first engine only.
 */
export async function runE2E() {
  const results = [];
  let nodeChecksRun = false;
  for (const name of selectedEngines()) {
    const found = findEngine(name);
    if (found.missing) {
      console.log(`\n== e2e ${name}: ${found.missing}`);
      console.log(isCI() ? 'Under CI every engine must be there: a failure.' : 'Its checks are skipped.');
      results.push({ name: `e2e ${name}: not installed`, passed: 0, failed: isCI() ? 1 : 0, skipped: 0, note: 'skipped' });
      continue;
    }
    const version = engineVersion(found);
    console.log(`\n== e2e ${name} (${version})`);
    const started = Date.now();
    const result = await runSuite(`e2e ${name}`, ['test/e2e', '.e2e.ts$'], {
      E2E_ENGINE: name,
      E2E_NODE_CHECKS: nodeChecksRun ? '0' : '1',
    });
    nodeChecksRun = true;
    results.push({ ...result, name: `e2e ${name} (${version}, ${minutes(Date.now() - started)})` });
  }
  return results;
}

/**
 * Prints a line a result (`NAME: N passed, N failed`, `, N skipped` when some were), then the line
 * CI reads, `N passed, N failed`, summed over all; returns the exit code.
 */
export function report(results) {
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log('');
  for (const r of results)
    console.log(`${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}
