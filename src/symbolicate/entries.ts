// Log entries as a server stores them: the body of one POST (a JSON array of entries, or one entry
// object when the batch size is 1), or a log file holding one of either per line.
import { SymbolicateError } from './errors';

/** One log entry as the client sent it; the reader only needs it to be an object. */
export type LogEntry = Record<string, unknown>;

const isEntry = (value: unknown): value is LogEntry => typeof value === 'object' && value !== null && !Array.isArray(value);

function entriesOf(value: unknown, where: string): LogEntry[] {
  const list = Array.isArray(value) ? value : [value];
  list.forEach((item, index) => {
    if (!isEntry(item)) {
      const what = Array.isArray(value) ? `item ${index + 1} of ${where}` : where;
      throw new SymbolicateError(`${what} is not a log entry (an object), but ${JSON.stringify(item)?.slice(0, 40)}`);
    }
  });
  return list;
}

/** The entries of `text` (named `source` in errors); throws a SymbolicateError when there are none or it is not JSON. */
export function parseEntries(text: string, source = 'the input'): LogEntry[] {
  if (text.trim() === '') throw new SymbolicateError(`no log entries in ${source}: it is empty`);
  let entries: LogEntry[];
  try {
    entries = entriesOf(JSON.parse(text), source);
  } catch (error) {
    if (error instanceof SymbolicateError) throw error;
    entries = parseLines(text, source);
  }
  if (entries.length === 0) throw new SymbolicateError(`no log entries in ${source}: an empty array`);
  return entries;
}

/** One JSON value (an entry or an array of them) a line; blank lines are skipped. */
function parseLines(text: string, source: string): LogEntry[] {
  const entries: LogEntry[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new SymbolicateError(`${source} is not JSON (line ${index + 1} starts ${JSON.stringify(line.slice(0, 30))})`);
    }
    entries.push(...entriesOf(value, `line ${index + 1} of ${source}`));
  }
  return entries;
}
