// bench/size-parts.mjs stands in for parts of src/ to price them: a stand-in that lacks a name its
// module's importers use fails the size benchmark (npm run bench, section 1), which no other test runs.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PARTS } from '../bench/size-parts.mjs';

const sources = (folder: string): string[] =>
  readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

/** The names of `text`'s value exports (types aside); a stand-in may hold several on a line. */
const valueExports = (text: string) =>
  [...text.matchAll(/\bexport (?:async )?(?:const|function|let|class) (\w+)/g)].map((m) => m[1]);

/** The names other modules of src/ import from the module at `file` (not `import type`). */
function importedNames(file: string): Set<string> {
  const module = file.replace(/^src\//, '').replace(/\.tsx?$/, '');
  const base = module.split('/').pop();
  const names = new Set<string>();
  for (const other of sources('src')) {
    if (other === file) continue;
    for (const m of readFileSync(other, 'utf8').matchAll(/^import \{([^}]*)\} from '([^']+)'/gm)) {
      if (!m[2].endsWith(`/${base}`)) continue;
      for (const name of m[1].split(',').map((part) => part.trim())) if (name && !name.startsWith('type ')) names.add(name);
    }
  }
  return names;
}

for (const [part, standIns] of Object.entries(PARTS)) {
  for (const [ending, code] of Object.entries(standIns as Record<string, string>)) {
    if (!ending.endsWith('.ts') && !ending.endsWith('.tsx')) continue;
    test(`size by part, ${part}: the stand-in for ${ending} exports what src/ imports from it`, () => {
      const file = `src${ending}`;
      const real = new Set(valueExports(readFileSync(file, 'utf8')));
      const standIn = new Set(valueExports(code));
      const missing = [...importedNames(file)].filter((name) => real.has(name) && !standIn.has(name));
      assert.equal(missing, [], `add them to PARTS['${part}'] in bench/size-parts.mjs`);
    });
  }
}

test.run();
