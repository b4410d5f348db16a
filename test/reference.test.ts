// docs/reference.md is made from the code (scripts/reference.mjs): the page checked in must be the
// one the code makes now, and the hand-written pages must point to it rather than list its members.
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { REFERENCE_PAGE, referencePage } from '../scripts/reference.mjs';

test('docs/reference.md is the page the code makes now', () => {
  const made = referencePage();
  const checkedIn = readFileSync(REFERENCE_PAGE, 'utf8');
  if (made === checkedIn) return;
  const madeLines = made.split('\n');
  const line = checkedIn.split('\n').findIndex((text, i) => text !== madeLines[i]);
  assert.unreachable(
    `${REFERENCE_PAGE} is not what the code says (first at line ${line + 1}): \`npm run reference\` writes it again from the code and its doc comments`,
  );
});

test('every member of the reference tables has a doc comment', () => {
  const page = referencePage();
  const undocumented = page
    .split('\n')
    .filter((line) => /^\| `/.test(line) && / \| {2}\|$/.test(line))
    .map((line) => line.split(' | ')[0]?.slice(2));
  assert.equal(undocumented, []);
});

/** The first cells of the table under the reference's heading `heading`, without backticks. */
function listed(page: string, heading: string): string[] {
  const start = page.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the reference has a section "${heading}"`);
  const section = page.slice(start + 1).split('\n## ')[0] ?? '';
  return [...section.matchAll(/^\| `([^`]+)` \|/gm)].map((m) => (m[1] ?? '').replace(/\(.*$/, ''));
}

// What the contract promises a host, by name: made from the code, the reference shows the code has it.
test('the code has every member the contract promises', () => {
  const page = referencePage();
  const missing = (heading: string, names: string[]) => names.filter((name) => !listed(page, heading).includes(name));
  assert.equal(
    missing('`window.EMWeb` (the script tag)', [
      'buildVersion',
      'bootstrap',
      'unmount',
      'logger',
      'React',
      'html',
      'lazy',
      'useDraft',
    ]),
    [],
  );
  assert.equal(
    missing('`bootstrap` options', [
      'mount',
      'production',
      'origin',
      'logger',
      'captureErrors',
      'onSignInRequired',
      'warnBeforeExpiryMs',
      'render',
      'actions',
      'onSignOut',
      'routes',
      'timeoutMs',
      'strings',
      'drafts',
    ]),
    [],
  );
  assert.equal(
    missing('`Client`', [
      'authType',
      'apiBase',
      'config',
      'version',
      'isCloud',
      'claims',
      'state',
      'logger',
      'fetch',
      'navigate',
      'setUnsaved',
      'notify',
      'reloadConfiguration',
      'diagnostics',
      'signOut',
      'unmount',
    ]),
    [],
  );
  assert.equal(missing('`client.state`', ['authType', 'apiBase', 'config', 'version', 'isCloud', 'claims', 'breakpoint']), []);
  assert.equal(missing('Storage keys', ['authType', 'jwt', 'devToken', 'emweb.logger.pending', 'emweb.logger.']), []);
  assert.equal(
    missing('Strings', [
      'loading',
      'startFailed',
      'retry',
      'signIn',
      'signInRequired',
      'signOut',
      'sendLogs',
      'reloadConfiguration',
      'copyDiagnostics',
      'menu',
      'screenFailed',
      'tryAgain',
    ]),
    [],
  );
  assert.equal(
    missing('`emweb` (the ESM build)', [
      'bootstrap',
      'unmount',
      'lazy',
      'useDraft',
      'BUILD_VERSION',
      'LogLevel',
      'DEFAULTS',
      'GRID_COLUMNS',
      'STORAGE_KEYS',
    ]),
    [],
  );
});

test('the hand-written pages link to the reference instead of repeating its tables', () => {
  const pages = ['README.md', ...readdirSync('docs').map((name) => `docs/${name}`)].filter(
    (path) => path.endsWith('.md') && path !== REFERENCE_PAGE,
  );
  const repeated = pages.flatMap((path) =>
    [...readFileSync(path, 'utf8').matchAll(/^\| (`Client`|`window\.EMWeb`|option|key|storage key|signal) \|/gm)].map(
      (m) => `${path}: a table headed ${m[1]}`,
    ),
  );
  assert.equal(repeated, []);
  for (const path of ['README.md', 'docs/embedding.md', 'docs/sign-in.md'])
    assert.match(readFileSync(path, 'utf8'), /reference\.md#/, `${path} links to the reference`);
});

test.run();
