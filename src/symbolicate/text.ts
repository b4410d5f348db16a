// The entries as a person reads them: level, time and message, the grouping and the context, then
// each stack in its original sources.
import type { LogEntry } from './entries';
import { parseFrame } from './frames';

const LEVEL_NAMES = ['TRACE', 'DEBUG', 'INFO', 'LOG', 'WARN', 'ERROR', 'FATAL', 'OFF'];

interface StackHolder {
  name?: unknown;
  message?: unknown;
  stack: string;
  originalStack?: unknown;
}

function stackHolders(value: unknown, found: StackHolder[] = []): StackHolder[] {
  if (typeof value !== 'object' || value === null) return found;
  if (Array.isArray(value)) {
    for (const item of value) stackHolders(item, found);
    return found;
  }
  const holder = value as Record<string, unknown>;
  if (typeof holder.stack === 'string') found.push(holder as unknown as StackHolder);
  for (const [key, child] of Object.entries(holder)) if (key !== 'stack' && key !== 'originalStack') stackHolders(child, found);
  return found;
}

/** A stack as a person reads it: its error's name and message, then its frames. */
export interface ReadableStack {
  title: string;
  frames: string[];
}

/** Firefox and Safari stacks start with a frame, holding neither name nor message: the error gives them. */
function readable(holder: StackHolder): ReadableStack {
  const stack = typeof holder.originalStack === 'string' ? holder.originalStack : holder.stack;
  const lines = stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [first] = lines;
  if (first !== undefined && parseFrame(first) === null) return { title: first, frames: lines.slice(1) };
  return { title: `${String(holder.name ?? 'Error')}: ${String(holder.message ?? '')}`, frames: lines };
}

/** Each stack in the entry's `additional`, in its original sources where a map read it. */
export function readableStacks(entry: LogEntry): ReadableStack[] {
  return stackHolders(entry.additional).map(readable);
}

/** Each stack of the entry as text: its title, then its frames indented. */
export function formatStacks(entry: LogEntry): string[] {
  return readableStacks(entry).map(({ title, frames }) => [`  ${title}`, ...frames.map((frame) => `      ${frame}`)].join('\n'));
}

/** `ERROR` for 5: the name of an entry's level number. */
export const levelName = (level: unknown): string => LEVEL_NAMES[level as number] ?? `level ${String(level)}`;

function formatEntry(entry: LogEntry): string {
  const lines = [`${levelName(entry.level)} ${String(entry.timestamp ?? '(no timestamp)')}  ${String(entry.message ?? '')}`];
  if (typeof entry.repeated === 'number') lines.push(`  repeated ${entry.repeated} times since ${String(entry.firstTimestamp)}`);
  if (entry.context !== undefined) lines.push(`  context ${JSON.stringify(entry.context)}`);
  lines.push(...formatStacks(entry));
  return lines.join('\n');
}

export function formatEntries(entries: readonly LogEntry[]): string {
  return entries.map(formatEntry).join('\n\n');
}
