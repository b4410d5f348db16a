// An API on another origin than the page, for the preload checks: two more loopback ports in front
// of a demo server. The page's port serves a host page made for the check and passes everything
// else (emweb.js, the recorder) on; the API's port passes /api/ on and answers with the CORS
// headers a credentialed cross-origin call needs. The demo server records every request as usual.
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { DemoServer } from '../../demo/server.mjs';

export interface TwoOrigins {
  pageOrigin: string;
  apiOrigin: string;
  close(): Promise<void>;
}

function passOn(demo: DemoServer, req: IncomingMessage, res: ServerResponse, extraHeaders: Record<string, string> = {}): void {
  const upstream = request(
    `${demo.url}${req.url}`,
    { method: req.method, headers: { ...req.headers, host: new URL(demo.url).host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, ...extraHeaders });
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
}

/** `page(apiOrigin)` is the host page's HTML; `linkHeader(apiOrigin)`, if given, goes on its answer. */
export async function startTwoOrigins(
  demo: DemoServer,
  page: (apiOrigin: string) => string,
  linkHeader?: (apiOrigin: string) => string,
): Promise<TwoOrigins> {
  let pageOrigin = '';
  let apiOrigin = '';
  const pages = createServer((req, res) => {
    if (req.url !== '/host.html') return passOn(demo, req, res);
    const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' };
    if (linkHeader) headers.Link = linkHeader(apiOrigin);
    res.writeHead(200, headers);
    res.end(page(apiOrigin));
  });
  const api = createServer((req, res) =>
    passOn(demo, req, res, {
      'Access-Control-Allow-Origin': pageOrigin,
      'Access-Control-Allow-Credentials': 'true',
      Vary: 'Origin',
    }),
  );
  pageOrigin = await listen(pages);
  apiOrigin = await listen(api);
  const close = (server: Server) =>
    new Promise<void>((done) => {
      server.close(() => done());
      server.closeAllConnections();
    });
  return { pageOrigin, apiOrigin, close: async () => void (await Promise.all([close(pages), close(api)])) };
}
