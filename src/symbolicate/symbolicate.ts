// Log entries read through source maps: beside every `stack` in an entry's `additional`, at any
// depth (an error's `cause`, an error inside an object), its `originalStack`.
import type { LogEntry } from './entries';
import type { BundleMap } from './maps';
import { readStack } from './stack';

export interface Symbolicated {
  /** Copies of the entries, each `stack` with an `originalStack` beside it. */
  entries: LogEntry[];
  /** Frames a map was meant for but does not fit, each said once. */
  warnings: string[];
}

export function symbolicate(entries: readonly LogEntry[], maps: readonly BundleMap[]): Symbolicated {
  const mapsByBundle = new Map(maps.map((map) => [map.bundle, map]));
  const warnings = new Set<string>();
  const addOriginalStacks = (value: unknown): void => {
    if (typeof value !== 'object' || value === null) return;
    // An array's values are its items: one walk serves arrays and objects.
    const holder = value as Record<string, unknown>;
    for (const child of Object.values(holder)) addOriginalStacks(child);
    if (typeof holder.stack === 'string') {
      const read = readStack(holder.stack, mapsByBundle);
      holder.originalStack = read.stack;
      for (const warning of read.warnings) warnings.add(warning);
    }
  };
  const copies = entries.map((entry) => {
    const copy = structuredClone(entry);
    addOriginalStacks(copy.additional);
    return copy;
  });
  return { entries: copies, warnings: [...warnings] };
}
