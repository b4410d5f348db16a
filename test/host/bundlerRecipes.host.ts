// docs/react-libraries.md: each bundler's recipe, as written, bundles the page's
// TanStack Table screen in a host's project, and the bundle renders the table through EMWeb's ESM
// build. The tsconfig's `paths` let TypeScript check the same screen. Needs dist/ built.
import '../setup';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createProductServer } from '../../src/testing';
import { makeHostProject } from './hostProject';
import { commandsOf, markedBlocks, theBlock } from './markedBlocks';
import { runAll } from './shell';

const recipes = markedBlocks('docs/react-libraries.md');
const tsconfig = theBlock(markedBlocks('docs/testing.md'), 'file', 'tsconfig.json');

// The host app: EMWeb, the page's screen, and React's JSX runtime called as a compiled React
// library calls it. It hands the test its client.
const MAIN = `import { bootstrap } from 'emweb';
import { jsx } from 'react/jsx-runtime';
import { TicketTable } from './TicketTable';

export const start = (mount: HTMLElement) => bootstrap({ mount, render: () => jsx(TicketTable, {}) });
`;

const project = makeHostProject();
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'host-app', private: true, type: 'module' }));
for (const file of [tsconfig, ...recipes.filter((block) => block.kind === 'file')]) {
  mkdirSync(dirname(join(project, file.name)), { recursive: true });
  writeFileSync(join(project, file.name), file.text);
}
writeFileSync(join(project, 'src', 'main.tsx'), MAIN);

test.after(() => rmSync(project, { recursive: true, force: true }));

/** The cells the bundle's screen shows, once its client has started in a fresh element. */
async function cellsRenderedBy(bundle: string): Promise<string[]> {
  const server = createProductServer({ auth: 'token' });
  server.install();
  const mount = document.body.appendChild(document.createElement('div'));
  const { start } = await import(pathToFileURL(bundle).href);
  let client: { unmount(): Promise<void> } | undefined;
  try {
    client = await start(mount);
    const shadow = mount.shadowRoot;
    const cells = [...(shadow?.querySelectorAll('th, td') ?? [])].map((cell) => cell.textContent ?? '');
    assert.ok(cells.length, `no table, the screen shows: ${shadow?.textContent}`);
    return cells;
  } finally {
    await client?.unmount();
    server.uninstall();
    mount.remove();
  }
}

const TABLE = [
  'Ticket',
  'Title',
  'Status',
  'T-1042',
  'The printer on floor 3 jams',
  'open',
  'T-1043',
  'The VPN drops every hour',
  'in progress',
];

/** A bundle a browser can load as it is: nothing left for Node alone to provide. */
function assertBrowserReady(bundle: string) {
  const code = readFileSync(bundle, 'utf8');
  assert.not.match(code, /\bprocess\.env\b/, 'process.env is replaced');
  assert.not.match(code, /\brequire\(/, 'no require() left');
}

test("Vite: the page's vite.config.ts bundles the TanStack Table screen, and it renders its cells", async () => {
  const { build } = await import('vite');
  const nodeEnv = process.env.NODE_ENV;
  await build({
    root: project,
    configFile: join(project, theBlock(recipes, 'file', 'vite.config.ts').name),
    logLevel: 'silent',
    // What an app build does by itself; a library build (which keeps the entry's exports for the test) leaves it.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: { outDir: 'dist-vite', lib: { entry: 'src/main.tsx', formats: ['es'], fileName: 'main' } },
  });
  // A build sets NODE_ENV for the whole process: the tests after this one run as they would alone.
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
  const bundle = join(project, 'dist-vite', 'main.js');
  assertBrowserReady(bundle);
  assert.equal(await cellsRenderedBy(bundle), TABLE);
});

test("esbuild: the page's command bundles the screen, and it renders its cells", async () => {
  runAll(commandsOf(theBlock(recipes, 'commands', 'esbuild')), project);
  const bundle = join(project, 'dist', 'main.js');
  assertBrowserReady(bundle);
  assert.equal(await cellsRenderedBy(bundle), TABLE);
});

test("rollup: the page's rollup.config.mjs bundles the screen, and it renders its cells", async () => {
  const { rollup } = await import('rollup');
  // Its plugins read the project's tsconfig.json from where they are made, as rollup's CLI would.
  const checkout = process.cwd();
  process.chdir(project);
  try {
    const config = (await import(pathToFileURL(join(project, theBlock(recipes, 'file', 'rollup.config.mjs').name)).href)).default;
    const built = await rollup({ ...config, onwarn: () => {} });
    await built.write({ ...config.output, dir: 'dist-rollup' });
    await built.close();
  } finally {
    process.chdir(checkout);
  }
  const bundle = join(project, 'dist-rollup', 'main.js');
  assertBrowserReady(bundle);
  assert.equal(await cellsRenderedBy(bundle), TABLE);
});

test("TypeScript: with the tsconfig's paths, the screen type-checks against TanStack Table's React types", () => {
  const tsc = spawnSync(process.execPath, [join('node_modules', 'typescript', 'bin', 'tsc'), '-p', project], {
    encoding: 'utf8',
  });
  assert.is(tsc.status, 0, tsc.stdout);
});

test.run();
