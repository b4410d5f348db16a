// One stack read through the maps: every frame a map covers written in its original form, the
// others left as they are.
import { type Frame, formatFrame, parseFrame } from './frames';
import { type BundleMap, type OriginalPosition, originalPosition } from './maps';

/** A stack in its original sources, and what the reader could not vouch for. */
export interface ReadStack {
  stack: string;
  warnings: string[];
}

/** What became of one line of the stack. */
type ReadLine =
  | { tag: 'text'; text: string }
  | { tag: 'mapped'; frame: Frame; original: OriginalPosition; map: BundleMap }
  | { tag: 'unmapped'; frame: Frame; text: string };

export function readStack(stack: string, mapsByBundle: ReadonlyMap<string, BundleMap>): ReadStack {
  const warnings: string[] = [];
  const lines: ReadLine[] = stack.split('\n').map((text) => {
    const frame = parseFrame(text);
    const map = frame && mapsByBundle.get(frame.file);
    if (!frame || !map) return { tag: 'text', text };
    const original = originalPosition(map, frame.line, frame.column);
    if (original) return { tag: 'mapped', frame, original, map };
    warnings.push(
      `${map.path} does not fit ${frame.file}:${frame.line}:${frame.column}: it maps no code there (a map of another build?)`,
    );
    return { tag: 'unmapped', frame, text };
  });
  return { stack: lines.map((line, index) => written(line, lines[index + 1])).join('\n'), warnings: [...new Set(warnings)] };
}

/**
 * A frame's function is named by its caller: the frame below it in the stack stands on the call,
 * where the map gives the original name of what it called (the frame's own position names
 * whatever it was doing there). A caller that waits on an `await` stands on no call. Without a
 * mapped caller the name the stack gives stays if the sources have it (`start`, `Object.start`);
 * a minified one (`Bn`) is left out rather than shown beside the original place as if it were its name.
 */
function written(line: ReadLine, caller: ReadLine | undefined): string {
  if (line.tag !== 'mapped') return line.text;
  const callee = caller?.tag === 'mapped' && !caller.frame.awaits ? caller.original.name : null;
  const given = line.frame.functionName;
  const givenIsOriginal = line.map.names.has(given.slice(given.lastIndexOf('.') + 1));
  const { source, line: number, column } = line.original;
  return formatFrame(line.frame, callee ?? (givenIsOriginal ? given : ''), `${source}:${number}:${column}`);
}
