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

/** The stack under its error's name and message (Firefox and Safari stacks start with a frame, holding neither). */
function formatStack(holder: StackHolder): string {
  const stack = typeof holder.originalStack === 'string' ? holder.originalStack : holder.stack;
  const lines = stack
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const [first] = lines;
  const titled = first !== undefined && parseFrame(first) === null;
  const [title, ...frames] = titled ? lines : [`${String(holder.name ?? 'Error')}: ${String(holder.message ?? '')}`, ...lines];
  return [`  ${title}`, ...frames.map((frame) => `      ${frame}`)].join('\n');
}

export function formatEntry(entry: LogEntry): string {
  const level = LEVEL_NAMES[entry.level as number] ?? `level ${String(entry.level)}`;
  const lines = [`${level} ${String(entry.timestamp ?? '(no timestamp)')}  ${String(entry.message ?? '')}`];
  if (typeof entry.repeated === 'number') lines.push(`  repeated ${entry.repeated} times since ${String(entry.firstTimestamp)}`);
  if (entry.context !== undefined) lines.push(`  context ${JSON.stringify(entry.context)}`);
  for (const holder of stackHolders(entry.additional)) lines.push(formatStack(holder));
  return lines.join('\n');
}

export function formatEntries(entries: readonly LogEntry[]): string {
  return entries.map(formatEntry).join('\n\n');
}
