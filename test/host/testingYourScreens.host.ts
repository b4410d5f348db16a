// docs/testing.md, "Testing your screens", followed as a new host developer would: from an empty
// folder, with the tarball of this build, every command and file as the page writes it. Needs dist/ built and
// the npm registry (or npm's cache) for the test tools.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commandsOf, markedBlocks, theBlock } from './markedBlocks';
import { runAll, runCommand } from './shell';

const blocks = markedBlocks('docs/testing.md');
// Beside each other, as the page has them: the checkout's tarball in emweb/, the project in app/.
const workspace = mkdtempSync(join(tmpdir(), 'emweb-readme-'));
const project = join(workspace, 'app');
const output = theBlock(blocks, 'output', 'npm test');

/** uvu's report: from its first line naming a file to its duration, which varies and is left out. */
const report = (printed: string) => {
  const from = printed.search(/^\S+\.test\.tsx?$/m);
  const to = printed.indexOf('Duration:', from);
  return printed.slice(Math.max(from, 0), to < 0 ? undefined : to).trim();
};

test.after(() => rmSync(workspace, { recursive: true, force: true }));

test("from an empty folder, the page's commands and files run, and npm test prints the green run it shows", () => {
  // The checkout's commands make the tarball; here the build is this test run's own.
  const checkout = commandsOf(theBlock(blocks, 'commands', 'in the EMWeb checkout'));
  assert.is(checkout.at(-1), 'npm pack', "the checkout's last step packs the tarball");
  mkdirSync(join(workspace, 'emweb'));
  runAll([`npm pack --pack-destination "${join(workspace, 'emweb')}"`], process.cwd());

  mkdirSync(project);
  runAll(commandsOf(theBlock(blocks, 'commands', 'in your project')), project);
  for (const file of blocks.filter((block) => block.kind === 'file')) {
    mkdirSync(dirname(join(project, file.name)), { recursive: true });
    writeFileSync(join(project, file.name), file.text);
  }
  const run = runCommand(output.name, project);
  assert.is(run.status, 0, `\`${output.name}\` failed:\n${run.output}`);
  assert.fixture(report(run.stdout), report(output.text));
});

test('a screen that fails in that test shows its cause in the output (JSX compiled without the tsconfig)', () => {
  rmSync(join(project, 'tsconfig.json'));
  const run = runCommand(output.name, project);
  assert.is.not(run.status, 0, 'the run fails');
  assert.match(run.output, 'emweb/testing: a screen failed to render');
  assert.match(run.output, 'ReferenceError: React is not defined');
});

test.run();
