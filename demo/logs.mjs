// http://localhost:8080/logs/: a live page of the log batches the backend received, their stacks
// in original sources. The page (logs.html, logs-page.js, logs-page.css) follows the server-sent
// events of /logs/events: every batch so far, then each new one as it comes.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { levelName, readableStacks } from '../src/symbolicate/text.ts';

const PAGE_FILES = {
  '/logs/': { file: 'logs.html', type: 'text/html; charset=utf-8' },
  '/logs/logs-page.js': { file: 'logs-page.js', type: 'text/javascript; charset=utf-8' },
  '/logs/logs-page.css': { file: 'logs-page.css', type: 'text/css; charset=utf-8' },
};

/** What the page shows of one entry: a body that was no entry object shows as such. */
function entryView(entry) {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return { level: '?', message: JSON.stringify(entry), stacks: [] };
  return {
    level: levelName(entry.level),
    message: String(entry.message ?? ''),
    timestamp: entry.timestamp,
    repeated: entry.repeated,
    firstTimestamp: entry.firstTimestamp,
    context: entry.context,
    stacks: readableStacks(entry),
  };
}

/** What the page shows of one batch: how it came, and its entries as read through the maps. */
function batchRecord(id, batch, read) {
  return {
    id,
    receivedAt: new Date(batch.time).toISOString(),
    how: batch.beacon ? 'beacon' : 'POST',
    path: batch.path,
    status: batch.status,
    key: batch.key,
    duplicate: batch.duplicate,
    entries: read.entries.map(entryView),
    warnings: read.warnings,
  };
}

/** `add(batch, read)` records a batch; `serve(req, res, url)` answers /logs/…; `csp` is the page's policy. */
export function createLogsPage({ demoDir, csp }) {
  const records = [];
  const listeners = new Set();
  const event = (record) => `id: ${record.id}\ndata: ${JSON.stringify(record)}\n\n`;

  function follow(req, res) {
    res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
    // A page that reconnects says the last batch it has: it gets only the ones after it.
    const seen = Number(req.headers['last-event-id'] ?? -1);
    res.write(': the log batches this demo received\n\n');
    for (const record of records) if (record.id > seen) res.write(event(record));
    const listener = (record) => res.write(event(record));
    listeners.add(listener);
    res.on('close', () => listeners.delete(listener));
  }

  async function serve(req, res, url) {
    if (url.pathname === '/logs') return void res.writeHead(302, { Location: '/logs/' }).end();
    if (url.pathname === '/logs/events') return follow(req, res);
    const page = PAGE_FILES[url.pathname];
    if (!page) return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
    const body = await readFile(join(demoDir, page.file));
    res.writeHead(200, {
      'Content-Type': page.type,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...(page.type.startsWith('text/html') ? { 'Content-Security-Policy': csp } : {}),
    });
    res.end(body);
  }

  // Ids keep counting across a clear(): a page that follows says the last one it has.
  let nextId = 0;
  return {
    serve,
    add(batch, read) {
      const record = batchRecord(nextId++, batch, read);
      records.push(record);
      for (const listener of listeners) listener(record);
    },
    /** Forgets what was received (the server's reset): a page opened later starts empty. */
    clear() {
      records.length = 0;
    },
  };
}
