// The `emweb-symbolicate` command, given its arguments and its streams: testable without a process.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type LogEntry, parseEntries } from './entries';
import { SymbolicateError } from './errors';
import { readSourceMaps } from './maps';
import { symbolicate } from './symbolicate';
import { formatEntries } from './text';

const USAGE = `Usage: emweb-symbolicate --map dist/emweb.js.map [--map other.js.map …] [--json] [file …]
  Reads log entries as the server received them (a JSON array of entries, one entry, or one of
  either per line; standard input without files) and prints their stacks in the original sources.
  --map FILE   a source map; it reads the frames of the bundle it maps (its "file", else FILE less .map)
  --json       the entries back as JSON, an "originalStack" beside each "stack"`;

export interface CommandIO {
  /** All of standard input, or null when it is a terminal (nobody is piping anything). */
  readStdin(): Promise<string | null>;
  out(text: string): void;
  err(text: string): void;
}

interface Request {
  maps: string[];
  files: string[];
  json: boolean;
}

/** The request the arguments make, or the one-line reason they make none. */
function parseRequest(argv: string[]): Request | { usage: string } | { help: true } {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    return { usage: (error as Error).message };
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (!values.map?.length) return { usage: 'give the source map of the bundle with --map, e.g. --map dist/emweb.js.map' };
  return { maps: values.map, files: positionals, json: values.json ?? false };
}

const OPTIONS = {
  map: { type: 'string', multiple: true },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function readEntries(files: string[], io: CommandIO): Promise<LogEntry[]> {
  if (files.length === 0) {
    const text = await io.readStdin();
    if (text === null) throw new SymbolicateError('no input: name a file, or pipe the entries in');
    return parseEntries(text, 'standard input');
  }
  const entries: LogEntry[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new SymbolicateError(`cannot read ${file}: ${code === 'ENOENT' ? 'no such file' : code}`);
    }
    entries.push(...parseEntries(text, file));
  }
  return entries;
}

/** Runs the command; its exit code: 0 done, 1 input it cannot read, 2 arguments it does not understand. */
export async function runCommand(argv: string[], io: CommandIO): Promise<number> {
  const request = parseRequest(argv);
  if ('help' in request) {
    io.out(`${USAGE}\n`);
    return 0;
  }
  if ('usage' in request) {
    io.err(`emweb-symbolicate: ${request.usage}\n${USAGE}\n`);
    return 2;
  }
  try {
    // The maps first: with a bad map and bad input both, the map is what is named.
    const maps = await readSourceMaps(request.maps);
    const entries = await readEntries(request.files, io);
    const result = symbolicate(entries, maps);
    for (const warning of result.warnings) io.err(`emweb-symbolicate: warning: ${warning}\n`);
    io.out(request.json ? `${JSON.stringify(result.entries, null, 2)}\n` : `${formatEntries(result.entries)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof SymbolicateError)) throw error;
    io.err(`emweb-symbolicate: ${error.message}\n`);
    return 1;
  }
}
