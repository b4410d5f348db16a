import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { SpeedDialAction } from '../../src/types/client';
import { resolveActions } from '../../src/ui/actionList';
import { actionsNamed } from './fixtures';

const BUILT_INS = actionsNamed('Send logs now', 'Reload configuration', 'Copy diagnostics', 'Sign out');
const labels = (actions: SpeedDialAction[]) => actions.map((action) => action.label);

function resolve(option: Parameters<typeof resolveActions>[0]) {
  const warnings: string[] = [];
  const actions = resolveActions(option, BUILT_INS, (message) => warnings.push(message));
  return { labels: labels(actions), warnings };
}

test('no option: the built-ins', () => {
  assert.equal(resolve(undefined), { labels: labels(BUILT_INS), warnings: [] });
});

test('an array replaces the built-ins', () => {
  assert.equal(resolve(actionsNamed('Mine')), { labels: ['Mine'], warnings: [] });
});

test('a function receives the built-ins and may add, remove or reorder', () => {
  const reordered = resolve((builtIns) => [builtIns[3]!, ...actionsNamed('Open ticket'), builtIns[0]!]);
  assert.equal(reordered, { labels: ['Sign out', 'Open ticket', 'Send logs now'], warnings: [] });
});

test('the function gets a copy: changing it leaves the built-ins alone', () => {
  resolve((builtIns) => builtIns.splice(0, 4));
  assert.is(BUILT_INS.length, 4);
});

test('more than five: the first five are shown, and one warning names the rest', () => {
  const { labels: shown, warnings } = resolve((builtIns) => [...builtIns, ...actionsNamed('Five', 'Six', 'Seven')]);
  assert.equal(shown, ['Send logs now', 'Reload configuration', 'Copy diagnostics', 'Sign out', 'Five']);
  assert.is(warnings.length, 1);
  assert.match(warnings[0]!, '"Six", "Seven"');
});

test('entries that are not actions are left out with a warning; a function that throws or returns no array gives the built-ins', () => {
  const mixed = resolve([...actionsNamed('Good'), { label: 'no run' }, null, 'text'] as unknown as SpeedDialAction[]);
  assert.equal(mixed.labels, ['Good']);
  assert.is(mixed.warnings.length, 1);

  const throwing = resolve(() => {
    throw new Error('host bug');
  });
  assert.equal(throwing.labels, labels(BUILT_INS));
  assert.match(throwing.warnings[0]!, 'host bug');

  const notAnArray = resolve(() => 'nope' as unknown as SpeedDialAction[]);
  assert.equal(notAnArray.labels, labels(BUILT_INS));
});

test.run();
