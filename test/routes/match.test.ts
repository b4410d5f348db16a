import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchRoute, pathBelowBase } from '../../src/routes/match';

const ROUTES = ['', 'tickets', 'tickets/:id', 'reports/:year/:month'];

// [location path, patterns, expected pattern, expected params]
const CASES: [string, string[], string | null, Record<string, string>][] = [
  ['/web/', ROUTES, '', {}],
  ['/web', ROUTES, null, {}],
  ['/web/tickets', ROUTES, 'tickets', {}],
  ['/web/tickets/', ROUTES, 'tickets', {}],
  ['/web/tickets/SD-1042', ROUTES, 'tickets/:id', { id: 'SD-1042' }],
  ['/web/tickets/SD-1042/', ROUTES, 'tickets/:id', { id: 'SD-1042' }],
  ['/web/tickets/J%C3%BCrgen%20M', ROUTES, 'tickets/:id', { id: 'Jürgen M' }],
  ['/web/tickets/a%2Fb', ROUTES, 'tickets/:id', { id: 'a/b' }],
  ['/web/tickets/SD-1042/notes', ROUTES, null, {}],
  ['/web/reports/2026/11', ROUTES, 'reports/:year/:month', { year: '2026', month: '11' }],
  ['/web/reports/2026', ROUTES, null, {}],
  ['/web/Tickets', ROUTES, null, {}],
  ['/web/nope', ROUTES, null, {}],
  ['/web/tickets/%E0%A4%A', ROUTES, null, {}],
  ['/webshop/tickets', ROUTES, null, {}],
  ['/other/tickets', ROUTES, null, {}],
  ['/web/nope', [...ROUTES, '*'], '*', {}],
  ['/web/', ['*'], '*', {}],
  ['/web/tickets', ['*', 'tickets'], '*', {}],
  ['/web/tickets/7', ['tickets/:id', 'tickets/:ticket'], 'tickets/:id', { id: '7' }],
  ['/web/tickets/new', ['tickets/new', 'tickets/:id'], 'tickets/new', {}],
  ['/web/tickets/new', ['tickets/:id', 'tickets/new'], 'tickets/:id', { id: 'new' }],
  ['/web/anything', [], null, {}],
];

for (const [path, patterns, pattern, params] of CASES) {
  test(`${path} with [${patterns.map((p) => `'${p}'`).join(', ')}] → ${pattern === null ? 'not found' : `'${pattern}'`}`, () => {
    assert.equal(matchRoute(patterns, path), { path, pattern, params });
  });
}

test('the path below /web/: empty for /web/ itself, null outside it', () => {
  assert.is(pathBelowBase('/web/'), '');
  assert.is(pathBelowBase('/web/tickets/1'), 'tickets/1');
  assert.is(pathBelowBase('/webx'), null);
  assert.is(pathBelowBase('/'), null);
});

test.run();
