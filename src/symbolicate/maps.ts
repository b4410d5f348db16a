// Source maps, each matched to frames by the file name of the bundle it maps: the map's `file`,
// else its own file name less `.map` (dist/emweb.js.map maps emweb.js).
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { decodedMappings, originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { SymbolicateError } from './errors';
import { fileOf } from './frames';

export interface BundleMap {
  /** The bundle's file name, as stack frames name it: `emweb.js`. */
  bundle: string;
  /** Where the map came from, for warnings. */
  path: string;
  trace: TraceMap;
  /** The original names the map knows: a name a stack gives that is not among them is a minified one. */
  names: ReadonlySet<string>;
}

/** Where a frame's place in the bundle came from: `src/…`, line and column from 1, the name the map gives there. */
export interface OriginalPosition {
  source: string;
  line: number;
  column: number;
  name: string | null;
}

function isSourceMap(value: unknown): value is { version: 3; mappings: string; sources: unknown[]; file?: unknown } {
  if (typeof value !== 'object' || value === null) return false;
  const map = value as Record<string, unknown>;
  return map.version === 3 && typeof map.mappings === 'string' && Array.isArray(map.sources);
}

/** A map given as its text or its parsed JSON; `path` names it (and gives the bundle's name when the map has no `file`). */
export function sourceMap(path: string, content: string | object): BundleMap {
  let value: unknown = content;
  if (typeof content === 'string') {
    try {
      value = JSON.parse(content);
    } catch {
      throw new SymbolicateError(`${path} is not a source map: it is not JSON`);
    }
  }
  if (!isSourceMap(value)) throw new SymbolicateError(`${path} is not a source map: no version 3, mappings and sources`);
  const bundle = typeof value.file === 'string' && value.file ? fileOf(value.file) : basename(path).replace(/\.map$/, '');
  const trace = new TraceMap(value as ConstructorParameters<typeof TraceMap>[0]);
  return { bundle, path, trace, names: new Set(trace.names) };
}

/** The maps at `paths`, read from disk. */
export async function readSourceMaps(paths: readonly string[]): Promise<BundleMap[]> {
  return Promise.all(
    paths.map(async (path) => {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        throw new SymbolicateError(`cannot read the map ${path}: ${code === 'ENOENT' ? 'no such file' : code}`);
      }
      return sourceMap(path, text);
    }),
  );
}

/**
 * The original place of a bundle's line and column (from 1, as stacks count), or null when the map
 * has no code there: a line it does not map, or a column past the last code it maps on that line.
 * Such a frame comes from another build of the bundle, and the nearest mapping would be a wrong line.
 */
export function originalPosition(map: BundleMap, line: number, column: number): OriginalPosition | null {
  const segments = decodedMappings(map.trace)[line - 1];
  const last = segments?.[segments.length - 1];
  if (!last || column - 1 > last[0]) return null;
  const found = originalPositionFor(map.trace, { line, column: column - 1 });
  if (found.source === null) return null;
  return { source: found.source, line: found.line, column: found.column + 1, name: found.name };
}
