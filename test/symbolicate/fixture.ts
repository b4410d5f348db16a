// A small bundle minified by terser with its source map, as the build makes emweb.js and its map,
// and a real stack of it: thrown by V8 running the minified file.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { minify } from 'terser';

const SOURCE = `export function start(store) {
  return loadSettings(store);
}

function loadSettings(store) {
  return parseSettings(store.read());
}

function parseSettings(text) {
  if (!text) throw new Error('no settings');
  return JSON.parse(text);
}
`;
/** Lines of SOURCE, from 1. */
export const THROW_LINE = 10;
export const PARSE_CALL_LINE = 6;
export const LOAD_CALL_LINE = 2;

export interface Fixture {
  dir: string;
  bundlePath: string;
  mapPath: string;
  map: { file: string; sources: string[] } & Record<string, unknown>;
  /** The stack V8 wrote for the error the bundle throws, its frames at `url`. */
  stack: string;
}

export async function makeFixture(url = 'https://example.test/web/app.min.js'): Promise<Fixture> {
  const dir = mkdtempSync(join(tmpdir(), 'emweb-symbolicate-'));
  const minified = await minify(
    { 'src/app.js': SOURCE },
    { module: true, mangle: { toplevel: true }, compress: false, sourceMap: { filename: 'app.min.js', includeSources: true } },
  );
  const bundlePath = join(dir, 'app.min.js');
  const mapPath = join(dir, 'app.min.js.map');
  writeFileSync(bundlePath, minified.code!);
  writeFileSync(mapPath, minified.map as string);
  const bundle = (await import(pathToFileURL(bundlePath).href)) as { start(store: { read(): string }): unknown };
  let stack = '';
  try {
    bundle.start({ read: () => '' });
  } catch (error) {
    // The bundle's frames as a browser names them; the frames below (this file's) stay as they are.
    const lines = (error as Error).stack!.split('\n').slice(0, 5);
    stack = lines.join('\n').replaceAll(pathToFileURL(bundlePath).href, url).replaceAll(bundlePath, url);
  }
  return { dir, bundlePath, mapPath, map: JSON.parse(minified.map as string), stack };
}

/** The same frames as Firefox and Safari write them: `name@url:line:column`. */
export function inFirefoxStyle(v8Stack: string): string {
  return v8Stack
    .split('\n')
    .slice(1)
    .map((line) => {
      const m = /^\s*at (?:(.*?) \()?(.*?)\)?$/.exec(line)!;
      return `${m[1] ?? ''}@${m[2]}`;
    })
    .join('\n');
}
