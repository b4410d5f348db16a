import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { circles, folderImports } from '../scripts/folder-imports.mjs';

const graph = (pairs: [string, string][]) => {
  const edges = new Map<string, Map<string, string>>();
  for (const [from, to] of pairs) {
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from)?.set(to, `${from}/x.ts`);
  }
  return edges;
};

test('a circle of folders is found, however long; folders that import one way have none', () => {
  assert.equal(
    circles(
      graph([
        ['ui', 'client'],
        ['client', 'ui'],
      ]),
    ),
    [['client', 'ui']],
  );
  assert.equal(
    circles(
      graph([
        ['client', 'routes'],
        ['routes', 'state'],
        ['state', 'client'],
        ['client', 'product'],
      ]),
    ),
    [['client', 'routes', 'state']],
  );
  assert.equal(
    circles(
      graph([
        ['client', 'ui'],
        ['ui', 'state'],
        ['client', 'state'],
      ]),
    ),
    [],
  );
});

test('src/ as it is: its folders import one way, type-only imports included', () => {
  const edges = folderImports();
  assert.ok(edges.get('client')?.has('ui'), 'the reading sees the imports');
  assert.equal(circles(edges), []);
});

test("src/logging/'s rooms as they are: no two import each other; the top's logger.ts composes them", () => {
  const edges = folderImports(join(process.cwd(), 'src', 'logging'));
  assert.ok(edges.get('logger')?.has('delivery'), 'a module at the top is a node of its own, by its name');
  assert.ok(edges.get('delivery')?.has('exit'), 'delivery composes the page exit');
  assert.equal(circles(edges), []);
});

test.run();
