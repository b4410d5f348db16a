// Runs one uvu suite folder in a child process and reads its counts back from uvu's summary.
import { spawn } from 'node:child_process';

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
      const total = num('Total');
      const passed = num('Passed');
      const skipped = num('Skipped') || 0;
      if (Number.isNaN(total) || Number.isNaN(passed)) {
        // The suite died before uvu could sum up (a module failed to load): that is a failure.
        resolve({ name, passed: 0, failed: 1, code });
        return;
      }
      const failed = Math.max(total - passed - skipped, code === 0 ? 0 : 1);
      resolve({ name, passed, failed, code });
    });
  });
}
