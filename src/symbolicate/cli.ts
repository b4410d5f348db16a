// The `emweb-symbolicate` command (package.json's `bin`).
import { text } from 'node:stream/consumers';
import { runCommand } from './command';

const readStdin = async () => (process.stdin.isTTY ? null : text(process.stdin));

process.exitCode = await runCommand(process.argv.slice(2), {
  readStdin,
  out: (chunk) => process.stdout.write(chunk),
  err: (chunk) => process.stderr.write(chunk),
});
