// mangle.json is the build's table of internal property names to shorten: it must name exactly the
// `_like` members the source has. A name missing would ship long; a name listed that the source
// no longer has would shorten some other code's property of that name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });

test('mangle.json lists exactly the _names the source uses as properties', () => {
  const used = new Set<string>();
  for (const file of files('src')) {
    const source = readFileSync(file, 'utf8');
    // A member is written `._name`, declared `_name:` / `_name(` / `_name?`, or destructured `{ _name }`.
    for (const [, name] of source.matchAll(/(?:\.|[{,]\s*|^\s*)(_[a-zA-Z]\w*)\b(?=\s*[:(?,}=;]|\s*$|\))/gm)) used.add(name!);
    for (const [, name] of source.matchAll(/\.(_[a-zA-Z]\w*)/g)) used.add(name!);
  }
  const { props } = JSON.parse(readFileSync('mangle.json', 'utf8')) as { props: string[] };
  assert.equal([...used].sort(), [...props].sort());
});

test.run();
