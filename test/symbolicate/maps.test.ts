import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { SymbolicateError } from '../../src/symbolicate/errors';
import { readSourceMaps, sourceMap } from '../../src/symbolicate/maps';
import { makeFixture } from './fixture';

const fixture = await makeFixture();

test('a map reads the bundle its `file` names, else the bundle its own name less .map names', () => {
  assert.is(sourceMap('dist/whatever.map', fixture.map).bundle, 'app.min.js');
  assert.is(sourceMap('dist/screens.js.map', { ...fixture.map, file: undefined }).bundle, 'screens.js');
  assert.is(sourceMap('x.map', { ...fixture.map, file: 'assets/js/screens.js' }).bundle, 'screens.js');
});

test('maps are read from disk', async () => {
  const [map] = await readSourceMaps([fixture.mapPath]);
  assert.is(map!.bundle, 'app.min.js');
  assert.is(map!.path, fixture.mapPath);
});

const reason = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    assert.instance(error, SymbolicateError);
    return (error as Error).message;
  }
  throw new Error('no error');
};

test('a file that is no source map, or no file: one line saying why', async () => {
  assert.is(await reason(() => sourceMap('app.js.map', 'function(){}')), 'app.js.map is not a source map: it is not JSON');
  assert.is(
    await reason(() => sourceMap('package.json', { name: 'emweb' })),
    'package.json is not a source map: no version 3, mappings and sources',
  );
  const missing = join(fixture.dir, 'missing.js.map');
  assert.is(await reason(() => readSourceMaps([missing])), `cannot read the map ${missing}: no such file`);
});

test.run();
