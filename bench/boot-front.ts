/**
 * What the boot benchmark puts in front of a demo server: `emweb.js` one latency away (the demo
 * delays only the API), and the bare host page at `/bare/`, whose answer carries the demo's `Link`
 * headers for the mode when `preload` is on. Everything else is passed on to the demo server.
 *
 * `emweb.js` goes with one statement in front of it that notes when the script starts running
 * (`window.__emwebStarted`, on the page's clock): neither Resource Timing nor a `load` event tells that.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { preloadLinks } from '../demo/preload.mjs';
import type { DemoServer } from '../demo/server.mjs';

const BARE_PAGE = readFileSync(fileURLToPath(new URL('./boot-bare.html', import.meta.url)), 'utf8');

export interface BootFront {
  url: string;
  close(): Promise<void>;
}

const SCRIPT_STARTED = 'window.__emwebStarted=performance.now();\n';

function passOn(demo: DemoServer, req: IncomingMessage, res: ServerResponse, prefix = ''): void {
  const upstream = request(
    `${demo.url}${req.url}`,
    { method: req.method, headers: { ...req.headers, host: new URL(demo.url).host } },
    (answer) => {
      const headers = { ...answer.headers };
      if (prefix) delete headers['content-length'];
      res.writeHead(answer.statusCode ?? 502, headers);
      if (!prefix || answer.statusCode !== 200) return void answer.pipe(res);
      // After a first-line magic comment (a compile hint), which must stay first to count.
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const code = Buffer.concat(chunks).toString('utf8');
        const firstLine = code.startsWith('//#') ? code.slice(0, code.indexOf('\n') + 1) : '';
        res.end(firstLine + prefix + code.slice(firstLine.length));
      });
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

export async function startBootFront(demo: DemoServer, scriptLatencyMs: number): Promise<BootFront> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path === '/bare/') {
      const { auth, preload } = demo.options;
      const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
      // Every scenario of the benchmark with a gateway has its session.
      if (preload) headers.Link = preloadLinks(auth).join(', ');
      res.writeHead(200, headers);
      res.end(BARE_PAGE);
    } else if (path === '/web/emweb.js') {
      setTimeout(() => passOn(demo, req, res, SCRIPT_STARTED), scriptLatencyMs);
    } else passOn(demo, req, res);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
