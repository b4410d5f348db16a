// The demo reads every stack it receives as the product's server team would: through the build's
// source maps (dist/*.js.map, which it never serves to browsers), with emweb/symbolicate.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sourceMap, symbolicate } from '../src/symbolicate/index.ts';
import { formatStacks } from '../src/symbolicate/text.ts';

const MAPPED_BUNDLES = ['emweb.js', 'emweb.dev.js'];

/**
 * `read(entries)`: the entries with an `originalStack` beside each stack, and the reader's warnings.
 * The maps are read when the first batch comes, and again whenever a build has rewritten them.
 */
export function createStackReader(distDir) {
  let loaded = { stamp: '', maps: [] };
  const currentMaps = () => {
    const files = MAPPED_BUNDLES.map((bundle) => join(distDir, `${bundle}.map`)).filter((file) => existsSync(file));
    const stamp = files.map((file) => `${file}@${statSync(file).mtimeMs}`).join();
    if (stamp !== loaded.stamp) loaded = { stamp, maps: files.map((file) => sourceMap(file, readFileSync(file, 'utf8'))) };
    return loaded.maps;
  };
  return {
    read(entries) {
      try {
        return symbolicate(entries, currentMaps());
      } catch (error) {
        return { entries, warnings: [`the stacks could not be read: ${error.message}`] };
      }
    },
  };
}

/** Each stack of an entry, in original sources, as lines for the terminal. */
export const stackLines = (entry) => formatStacks(entry).flatMap((stack) => stack.split('\n').map((line) => `    ${line}`));
