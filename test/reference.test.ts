// docs/reference.md is made from the code (scripts/reference.mjs): the page checked in must be the
// one the code makes now, and the hand-written pages must point to it rather than list its members.
import { readFileSync } from 'node:fs';
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

test.run();
