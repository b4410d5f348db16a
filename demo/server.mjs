// The EMWeb demo: a host page, the bundles, a stand-in security gateway, and the product's API as
// `emweb/testing` fakes it (src/testing/), behind node:http. Runs under tsx, which `npm start` uses:
//
//   node --import tsx demo/server.mjs [--auth secgw|oracle|token] [--latency MS] [--fail-logger]
//                                     [--session-minutes N] [--port N]
//
// The e2e tests start it in-process through startDemoServer(options) and change its behaviour at run
// time with setOptions(); see server.d.mts for the option list.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createProductServer, DEFAULT_CONFIGURATION, DEFAULT_VERSION, makeJwt } from '../src/testing/index.ts';
import { createLogsPage } from './logs.mjs';
import { sendEarlyHints } from './preload.mjs';
import { createStackReader, stackLines } from './stacks.mjs';
import { stopWhenAsked } from './stopWhenAsked.mjs';
import { createTicketDesk } from './tickets.mjs';

const DEFAULT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const AUTH_MODES = ['secgw', 'oracle', 'token'];
export const SESSION_COOKIE = 'emweb_demo_session';
export const CSP_STRICT = "default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'";
/** Content-Security-Policy variants an /e2e/ fixture page can ask for with `?csp=NAME`. */
export const CSP_VARIANTS = {
  strict: CSP_STRICT,
  'trusted-types': `${CSP_STRICT}; require-trusted-types-for 'script'`,
  none: null,
};
const LEVEL_NAMES = ['TRACE', 'DEBUG', 'INFO', 'LOG', 'WARN', 'ERROR', 'FATAL', 'OFF'];
const MAX_BODY_BYTES = 1024 * 1024;

const DEFAULT_OPTIONS = {
  auth: 'secgw',
  latency: 0,
  failLogger: false,
  quiet: false,
  cloud: true,
  displayName: DEFAULT_CONFIGURATION.displayName,
  version: DEFAULT_VERSION,
  probeStatus: null, // number, or 'html' for a 200 HTML page; 0 drops the connection
  statuses: {}, // { '/api/info/version': 500, … } forces a status on any API path
  hang: [], // API paths that never answer
  hold: [], // API paths (and /e2e/ fixture files) whose answers wait until release(path)
  headScripts: [], // script URLs put first in the <head> of every HTML page (the e2e checks' recorder)
  loggerStatus: null, // e.g. 503 or 429
  retryAfter: null, // seconds, sent as Retry-After with loggerStatus / failLogger
  preload: true, // the host page answer preloads the mode's start-up GETs (demo/preload.mjs)
  sessionMinutes: null, // a gateway session ends this many minutes after its sign-in; null: it lasts
};

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.map': 'application/json; charset=utf-8',
};
/** A /web/ path with one of these extensions is a file (served from demo/, else 404), not a client route. */
const ASSET_EXTENSIONS = new Set([...Object.keys(CONTENT_TYPES).filter((ext) => ext !== '.html'), '.mjs', '.mts', '.cjs', '.ts']);

// ---------------------------------------------------------------------------------------------
// Demo data

/**
 * The people who may sign in at the stand-in gateway: the desk is shared, so that a person can try
 * what happens when someone else signs in on the same browser. The first is who signs in when
 * nobody is chosen (the e2e checks' user, and the test kit's DEFAULT_USER_ID). Each token carries the
 * person's `name`, which the client's header shows.
 */
export const DEMO_USERS = [
  { userId: 1042, name: 'Jürgen Müller', authUserId: 'jmueller', profileId: 7, langId: 'de' },
  { userId: 1001, name: 'Dana Lee', authUserId: 'dlee', profileId: 3, langId: 'en' },
  { userId: 1002, name: 'Sam Ortiz', authUserId: 'sortiz', profileId: 3, langId: 'en' },
];

/** Who the stand-in gateway signs in when nobody is chosen: its sign-in page and its token say the same. */
export const DEMO_USER_NAME = DEMO_USERS[0].name;

/** The desk's person with this `userId` (a number, or its digits as a form sends them); else the first. */
export function demoUser(userId) {
  return DEMO_USERS.find((user) => String(user.userId) === String(userId)) ?? DEMO_USERS[0];
}

/**
 * A demo JWT, valid for a day: the desk's person its `claims.userId` names (else the first), its
 * claims overridden or added to by `claims` (`exp`: when its session ends).
 */
export function demoJwt(claims = {}) {
  const now = Math.floor(Date.now() / 1000);
  const { name, userId, authUserId, profileId, langId } = demoUser(claims.userId);
  return makeJwt({
    sub: authUserId,
    name,
    userId,
    authUserId,
    profileId,
    langId,
    sid: `demo-session-${userId}`,
    iat: now,
    exp: now + 24 * 60 * 60,
    ...claims,
  });
}

const errorAnswer = (status) => ({ status, body: { error: `forced status ${status}` } });
const NEVER = () => new Promise(() => {});
const LOGGER_PATHS = ['/api/web/clientlogger/', '/api/clientlogger/'];
const routeKey = (path) => `${LOGGER_PATHS.includes(path) ? 'POST' : 'GET'} ${path}`;

/** The demo's fault switches as the fake's routes: forced statuses, a probe answer, hanging paths. */
function routesFor(options) {
  const routes = {};
  const failing = options.loggerStatus ?? (options.failLogger ? 503 : null);
  if (failing !== null) {
    const headers = options.retryAfter === null ? {} : { 'Retry-After': String(options.retryAfter) };
    for (const path of LOGGER_PATHS) routes[routeKey(path)] = { ...errorAnswer(failing), headers };
  }
  const probe = options.probeStatus;
  if (probe === 'html') {
    routes['GET /api/web/ClientConfiguration'] = {
      status: 200,
      body: '<!doctype html><title>Sign in</title><p>Oracle sign-in</p>',
      headers: { 'Content-Type': 'text/html; charset=utf-8' },
    };
  } else if (probe !== null) routes['GET /api/web/ClientConfiguration'] = errorAnswer(probe);
  for (const [path, status] of Object.entries(options.statuses)) routes[routeKey(path)] = errorAnswer(status);
  for (const path of options.hang) routes[routeKey(path)] = NEVER;
  return routes;
}

// ---------------------------------------------------------------------------------------------
// Small HTTP helpers

function send(res, status, body = '', headers = {}) {
  if (res.headersSent || res.destroyed) return;
  const payload = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
  const type = typeof body === 'string' || Buffer.isBuffer(body) ? 'text/plain; charset=utf-8' : CONTENT_TYPES['.json'];
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Content-Length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

function sendHtml(res, status, html, csp = CSP_STRICT, headers = {}) {
  send(res, status, html, {
    'Content-Type': CONTENT_TYPES['.html'],
    ...(csp ? { 'Content-Security-Policy': csp } : {}),
    ...headers,
  });
}

/**
 * The Content-Type of a page or bundle, with the charset its URL asks for (`?charset=windows-1252`)
 * or none at all (`?charset=none`): how a host of a legacy charset serves them.
 */
function contentType(type, url) {
  const charset = url.searchParams.get('charset');
  if (charset === null || !/^[\w-]+$/.test(charset)) return type;
  const bare = type.split(';')[0];
  return charset === 'none' ? bare : `${bare}; charset=${charset}`;
}

const redirect = (res, location) => send(res, 302, '', { Location: location });

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function readBody(req) {
  return new Promise((resolveBody, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) reject(Object.assign(new Error('body too large'), { status: 413 }));
      else chunks.push(chunk);
    });
    req.on('end', () => resolveBody(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseCookies(header = '') {
  const cookies = {};
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies[part.slice(0, at).trim()] = part.slice(at + 1).trim();
  }
  return cookies;
}

/** A file under `dir`, or null when the path would leave it or names a dotfile. */
function fileWithin(dir, relativePath) {
  if (relativePath.split('/').some((segment) => segment.startsWith('.'))) return null;
  const file = resolve(dir, `.${sep}${relativePath}`);
  return file.startsWith(dir + sep) ? file : null;
}

async function readFileIfExists(file) {
  try {
    return (await stat(file)).isFile() ? await readFile(file) : null;
  } catch {
    return null;
  }
}

/**
 * Where the gateway may send the browser after sign-in: a path on this same origin, else /web/.
 * An absolute URL is accepted only when it points at this very origin (the client passes its own
 * location); `//host`, `/\host`, schemes and control characters all fall back to /web/.
 */
export function safeReturnUrl(raw, ownOrigin) {
  const fallback = '/web/';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (typeof raw !== 'string' || raw === '' || /[\\\u0000-\u001f\u007f]/.test(raw)) return fallback;
  let url;
  try {
    if (raw.startsWith('/') && !raw.startsWith('//')) url = new URL(raw, ownOrigin);
    else if (ownOrigin && /^https?:\/\//i.test(raw)) url = new URL(raw);
    else return fallback;
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(ownOrigin).origin) return fallback;
  const path = url.pathname + url.search + url.hash;
  // Dot segments can leave a path that starts `//` ("/.//evil.example" → "//evil.example"): a
  // browser reads that as another host.
  return path.startsWith('//') ? fallback : path;
}

// ---------------------------------------------------------------------------------------------
// Log batches

function printBatch(batch) {
  const note = batch.entries.length ? '' : ' (body is not a JSON entry or array)';
  const count = `${batch.entries.length} ${batch.entries.length === 1 ? 'entry' : 'entries'}`;
  const how = batch.beacon ? 'beacon' : 'POST';
  const key = batch.key ? `, key ${batch.key.slice(0, 8)}…` : ', no Idempotency-Key';
  if (batch.duplicate) {
    console.log(`[log batch] ${how} ${batch.path} → ${batch.status}, ${count}${key}: a duplicate, not stored again`);
    return;
  }
  console.log(`[log batch] ${how} ${batch.path} → ${batch.status}, ${count}${key}${note}`);
  for (const entry of batch.entries) {
    const level = LEVEL_NAMES[entry?.level] ?? `level ${entry?.level}`;
    const message = String(entry?.message ?? '').replace(/\s+/g, ' ');
    const extra = Array.isArray(entry?.additional) && entry.additional.length ? ` (+${entry.additional.length} more)` : '';
    console.log(`  ${level.padEnd(5)} ${entry?.timestamp ?? '(no timestamp)'}  ${message.slice(0, 200)}${extra}`);
    for (const line of stackLines(entry)) console.log(line);
  }
}

// ---------------------------------------------------------------------------------------------
// The server

export async function startDemoServer(startOptions = {}) {
  const { port = 0, host = '127.0.0.1', root = DEFAULT_ROOT, ...rest } = startOptions;
  const options = normalizeOptions({ ...DEFAULT_OPTIONS }, rest);
  const dirs = {
    demo: join(root, 'demo'),
    dist: join(root, 'dist'),
    pages: join(root, 'test', 'e2e', 'pages'),
  };
  /** The gateway's sessions: cookie value → when it ends (ms since the epoch; Infinity: never). */
  const sessions = new Map();
  /**
   * Whom each session cookie was given to (a `userId`), kept after the session ends and after
   * reset(): a request carrying an old cookie still says whose it was.
   */
  const issuedTo = new Map();
  const requests = [];
  /** Requests to a `hold` path: answered by release(); `gaveUpAt` is when the client closed the connection first. */
  const held = [];
  const answers = new Map();
  let origin = '';
  const sessionOf = (req) => parseCookies(req.headers.cookie)[SESSION_COOKIE];
  const hasSession = (req) => {
    const id = sessionOf(req);
    const endsAt = sessions.get(id);
    if (endsAt === undefined) return false;
    if (Date.now() < endsAt) return true;
    // Said once, when a request first finds it over: the moment a person trying the demo waits for.
    sessions.delete(id);
    log(`[gateway] session ${id.slice(0, 8)}… ended: its ${options.sessionMinutes} minutes are over`);
    return false;
  };
  const product = createProductServer();
  const tickets = createTicketDesk();
  const stacks = createStackReader(dirs.dist);
  const logsPage = createLogsPage({ demoDir: dirs.demo, csp: CSP_STRICT });
  const play = () =>
    product.update({
      auth: options.auth,
      signedIn: hasSession,
      config: { displayName: options.displayName },
      version: options.version,
      cloud: options.cloud,
      latencyMs: options.latency,
      // The product's own data (demo/tickets.mjs) under the gateway's session, then the fault switches over it.
      routes: { ...tickets.routes((request) => options.auth !== 'secgw' || hasSession(request)), ...routesFor(options) },
    });
  play();
  let printed = 0;

  const log = (...args) => options.quiet || console.log(...args);

  const withHeadScripts = (html) =>
    html.replace('<head>', () =>
      ['<head>', ...options.headScripts.map((src) => `<script src="${escapeHtml(src)}"></script>`)].join('\n'),
    );

  function createSession(userId = DEMO_USERS[0].userId) {
    const id = randomUUID();
    sessions.set(id, options.sessionMinutes === null ? Number.POSITIVE_INFINITY : Date.now() + options.sessionMinutes * 60_000);
    issuedTo.set(id, demoUser(userId).userId);
    return { name: SESSION_COOKIE, value: id };
  }

  /**
   * The token of a session: its person's, and its `exp` is the session's end, when it has one (in
   * whole seconds, not after it).
   */
  const jwtOf = (id) => {
    const endsAt = sessions.get(id);
    const userId = issuedTo.get(id);
    return Number.isFinite(endsAt) ? demoJwt({ userId, exp: Math.floor(endsAt / 1000) }) : demoJwt({ userId });
  };

  // --- /web/: host page, bundles, host assets ----------------------------------------------------

  // /web/ itself is the plain embed: the script tag with data-mount starts the client with the home
  // view. Deeper paths play the product (routes under /web/), and ?lang=de brings German strings:
  // then the host brings options and starts the client itself (demo/host-app.js), so its script
  // tag carries no data-mount.
  async function hostPage(res, url, signedIn) {
    // The development bundle asks /api/ whatever the mode: the production build's preloads would go unused.
    const preload = options.preload && !url.searchParams.has('dev') ? sendEarlyHints(res, options.auth, signedIn) : {};
    const template = await readFile(join(dirs.demo, 'index.html'), 'utf8');
    const { searchParams } = url;
    const hostStarts = url.pathname !== '/web/' || searchParams.get('lang') === 'de';
    const script = `src="/web/${searchParams.has('dev') ? 'emweb.dev.js' : 'emweb.js'}"${hostStarts ? '' : ' data-mount="#emweb"'}`;
    const html = template
      .replaceAll('__DEMO_AUTH__', options.auth)
      .replaceAll('__DEMO_TOKEN__', options.auth === 'token' ? demoJwt() : '')
      .replace('src="/web/emweb.js" data-mount="#emweb"', script);
    sendHtml(res, 200, withHeadScripts(html), CSP_STRICT, preload);
  }

  async function serveWeb(res, url, signedIn) {
    const rest = url.pathname.slice('/web/'.length);
    // Never a source map: they stay private (the demo reads them itself, for the terminal and /logs/).
    if (/^emweb(\.dev)?\.js$/.test(rest)) {
      const bundle = await readFileIfExists(join(dirs.dist, rest));
      if (!bundle) return send(res, 404, `dist/${rest} is missing: run \`npm run build\` first.\n`);
      return send(res, 200, bundle, { 'Content-Type': contentType(CONTENT_TYPES[extname(rest)], url) });
    }
    const ext = extname(rest);
    if (ASSET_EXTENSIONS.has(ext)) {
      const file = CONTENT_TYPES[ext] ? fileWithin(dirs.demo, rest) : null;
      const content = file ? await readFileIfExists(file) : null;
      return content ? send(res, 200, content, { 'Content-Type': CONTENT_TYPES[ext] }) : send(res, 404, 'Not found\n');
    }
    return hostPage(res, url, signedIn);
  }

  // --- /e2e/: test fixture pages ------------------------------------------------------------------

  async function serveFixture(res, url) {
    const rest = url.pathname.slice('/e2e/'.length);
    const ext = extname(rest);
    const file = fileWithin(dirs.pages, rest);
    // A held fixture (a script the parser waits for, say) keeps the page from getting past it.
    if (options.hold.has(url.pathname)) await holdAnswer(url.pathname, res);
    const content = file && CONTENT_TYPES[ext] ? await readFileIfExists(file) : null;
    if (!content) return send(res, 404, 'Not found\n');
    if (ext !== '.html') return send(res, 200, content, { 'Content-Type': CONTENT_TYPES[ext] });
    const variant = url.searchParams.get('csp') ?? 'strict';
    if (!(variant in CSP_VARIANTS)) return send(res, 400, `Unknown csp variant ${variant}\n`);
    return sendHtml(res, 200, withHeadScripts(content.toString('utf8')), CSP_VARIANTS[variant], {
      'Content-Type': contentType(CONTENT_TYPES[ext], url),
    });
  }

  // --- /auth/: the stand-in security gateway ------------------------------------------------------

  /** One choice of the sign-in page: a radio button per person, the first one checked. */
  const userChoice = (user, index) =>
    `    <label><input type="radio" name="userId" value="${user.userId}"${index === 0 ? ' checked' : ''}> ${escapeHtml(user.name)}</label>`;

  function signInPage(res, returnUrl) {
    sendHtml(
      res,
      200,
      withHeadScripts(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in — demo security gateway</title>
<link rel="stylesheet" href="/auth/auth.css">
<link rel="icon" href="/web/favicon.svg" type="image/svg+xml">
</head>
<body>
<main class="card">
  <h1>Demo security gateway</h1>
  <p>A stand-in for the real gateway: anyone may sign in, as any person of the desk. Signing in as
  someone else while another tab works shows what a shared desk does.</p>
  <form method="post" action="/auth/">
    <input type="hidden" name="returnUrl" value="${escapeHtml(returnUrl)}">
    <fieldset>
    <legend>Sign in as</legend>
${DEMO_USERS.map(userChoice).join('\n')}
    </fieldset>
    <button type="submit">Sign in</button>
  </form>
  <p class="note">You will return to <code>${escapeHtml(returnUrl)}</code>.</p>
</main>
</body>
</html>
`),
    );
  }

  /** The page that hands over: stores the JWT (or removes it) through an external script, then goes on. */
  function handoverPage(res, { jwt, returnUrl, title, headers }) {
    sendHtml(
      res,
      200,
      withHeadScripts(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="demo-jwt" content="${escapeHtml(jwt)}">
<meta name="demo-return-url" content="${escapeHtml(returnUrl)}">
<title>${escapeHtml(title)} — demo security gateway</title>
<link rel="stylesheet" href="/auth/auth.css">
<link rel="icon" href="/web/favicon.svg" type="image/svg+xml">
<script src="/auth/handover.js"></script>
</head>
<body>
<main class="card">
  <h1>${escapeHtml(title)}</h1>
  <p><a href="${escapeHtml(returnUrl)}">Continue</a></p>
</main>
</body>
</html>
`),
      CSP_STRICT,
      headers,
    );
  }

  async function serveAuth(req, res, url) {
    const path = url.pathname;
    if (path === '/auth') return redirect(res, `/auth/${url.search}`);
    if (path === '/auth/auth.css' || path === '/auth/handover.js') {
      const content = await readFile(join(dirs.demo, 'auth', path.slice('/auth/'.length)));
      return send(res, 200, content, { 'Content-Type': CONTENT_TYPES[extname(path)] });
    }
    if (path === '/auth/' && req.method === 'GET') {
      return signInPage(res, safeReturnUrl(url.searchParams.get('returnUrl'), origin));
    }
    const signIn = (path === '/auth/' && req.method === 'POST') || (path === '/auth/signin' && req.method === 'GET');
    if (signIn) {
      const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : url.searchParams;
      // A person the desk does not know (or none chosen, as a plain link does) is the first one.
      const user = demoUser(form.get('userId'));
      const { value } = createSession(user.userId);
      const lasts = options.sessionMinutes === null ? '' : `, ends in ${options.sessionMinutes} minutes`;
      log(`[gateway] ${user.name} (userId ${user.userId}) signed in, session ${value.slice(0, 8)}…${lasts}`);
      return handoverPage(res, {
        jwt: jwtOf(value),
        returnUrl: safeReturnUrl(form.get('returnUrl'), origin),
        title: `Signed in as ${user.name}`,
        headers: { 'Set-Cookie': `${SESSION_COOKIE}=${value}; HttpOnly; SameSite=Lax; Path=/` },
      });
    }
    if (path === '/auth/signout' && req.method === 'GET') {
      sessions.delete(parseCookies(req.headers.cookie)[SESSION_COOKIE]);
      const back = safeReturnUrl(url.searchParams.get('returnUrl'), origin);
      return handoverPage(res, {
        jwt: '',
        returnUrl: `/auth/?returnUrl=${encodeURIComponent(back)}`,
        title: 'Signed out',
        headers: { 'Set-Cookie': `${SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0` },
      });
    }
    return send(res, 404, 'Not found\n');
  }

  // --- /demo/: the host bar's own switches ------------------------------------------------------

  /**
   * "End session": the caller's gateway session ends on the server, as an expiry would, while the
   * page and its cookie stay. The cookie is SameSite=Lax: another site's form posting here carries
   * none, so it ends nothing.
   */
  function endSession(req, res) {
    if (req.method !== 'POST') return send(res, 405, 'Use POST\n', { Allow: 'POST' });
    const id = sessionOf(req);
    const ended = sessions.delete(id);
    if (ended) log(`[gateway] session ${id.slice(0, 8)}… ended (End session)`);
    return send(res, 200, { ended });
  }

  // --- /api/: the fake product server ----------------------------------------------------------

  /** Every log batch the fake received since the last call, in order. */
  function printNewBatches() {
    for (; printed < product.batches.length; printed++) {
      const batch = product.batches[printed];
      const read = stacks.read(batch.entries);
      logsPage.add(batch, read);
      if (!options.quiet) printBatch({ ...batch, entries: read.entries });
    }
  }

  // The request goes to the fake as the browser sent it (after a `hold`, once released); a fake
  // answer of status 0 (a network failure) drops the connection, and one that never comes leaves it
  // open until close().
  async function serveApi(req, res, url) {
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
    if (options.hold.has(url.pathname)) await holdAnswer(url.pathname, res);
    const sent = Object.entries(req.headers).map(([name, value]) => [name, String(value)]);
    let answer;
    try {
      // Like a real server, it goes on with a request whose client has gone: a log batch still counts.
      answer = await product.fetch(origin + url.pathname + url.search, { method: req.method, headers: sent, body });
    } catch {
      return res.destroy();
    } finally {
      printNewBatches();
    }
    const payload = Buffer.from(await answer.arrayBuffer());
    const { 'content-type': type, 'content-length': _length, ...headers } = Object.fromEntries(answer.headers);
    send(res, answer.status, payload, { 'Content-Type': type, ...headers });
  }

  function holdAnswer(path, res) {
    return new Promise((answer) => {
      const request = { path, time: Date.now(), released: false, gaveUpAt: null };
      held.push(request);
      answers.set(request, answer);
      res.on('close', () => {
        if (!request.released) request.gaveUpAt ??= Date.now();
      });
    });
  }

  // --- dispatch -----------------------------------------------------------------------------------

  async function handle(req, res) {
    if (!req.url.startsWith('/')) return send(res, 400, 'Bad request\n');
    const url = new URL(origin + req.url);
    requests.push({
      method: req.method,
      path: url.pathname,
      url: url.pathname + url.search,
      headers: req.headers,
      time: Date.now(),
      sessionUser: issuedTo.get(sessionOf(req)) ?? null,
    });
    const path = url.pathname;
    if (path === '/') return redirect(res, '/web/');
    if (path === '/web') return redirect(res, `/web/${url.search}`);
    if (path.startsWith('/web/')) return serveWeb(res, url, hasSession(req));
    if (path.startsWith('/api/')) return serveApi(req, res, url);
    if (path === '/logs' || path.startsWith('/logs/')) return logsPage.serve(req, res, url);
    if (path === '/auth' || path.startsWith('/auth/')) return serveAuth(req, res, url);
    if (path === '/demo/end-session') return endSession(req, res);
    if (path.startsWith('/e2e/') && existsSync(dirs.pages)) return serveFixture(res, url);
    return send(res, 404, 'Not found\n');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!options.quiet) console.error(`[demo server] ${req.method} ${req.url}:`, error);
      send(res, error.status ?? 500, `${error.message}\n`);
    });
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, host, ok);
  });
  const actualPort = server.address().port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;

  return {
    url: origin,
    port: actualPort,
    product,
    logBatches: product.batches,
    get accepted() {
      return product.batches.filter((batch) => !batch.duplicate && batch.status >= 200 && batch.status < 300);
    },
    requests,
    held,
    get options() {
      return { ...options, hang: [...options.hang], hold: [...options.hold] };
    },
    release(path) {
      for (const request of held) {
        if (request.released || (path !== undefined && request.path !== path)) continue;
        request.released = true;
        answers.get(request)();
      }
      if (path === undefined) options.hold.clear();
      else options.hold.delete(path);
    },
    setOptions(partial) {
      normalizeOptions(options, partial);
      play();
    },
    createSession,
    reset() {
      sessions.clear();
      tickets.reset();
      product.reset();
      logsPage.clear();
      printed = 0;
      requests.length = 0;
      held.length = 0;
    },
    close() {
      return new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      });
    },
  };
}

function normalizeOptions(target, partial) {
  for (const [key, value] of Object.entries(partial)) {
    if (!(key in DEFAULT_OPTIONS)) throw new TypeError(`Unknown demo server option: ${key}`);
    target[key] = value;
  }
  if (!AUTH_MODES.includes(target.auth)) throw new TypeError(`auth must be one of ${AUTH_MODES.join(', ')}`);
  const minutes = target.sessionMinutes;
  if (minutes !== null && !(typeof minutes === 'number' && Number.isFinite(minutes) && minutes > 0)) {
    throw new TypeError(`sessionMinutes must be a number of minutes above 0, or null, not ${minutes}`);
  }
  target.hang = new Set(target.hang ?? []);
  target.hold = new Set(target.hold ?? []);
  target.statuses = { ...(target.statuses ?? {}) };
  return target;
}

// ---------------------------------------------------------------------------------------------
// Command line

const USAGE = `Usage: node demo/server.mjs [--auth secgw|oracle|token] [--latency MS] [--fail-logger]
                           [--session-minutes N] [--port N]
       npm start -- --auth token
  --auth MODE            sign-in mode the backend plays (default secgw)
  --latency MS           delay every API answer by MS milliseconds (default 0)
  --fail-logger          answer the client logger with 503
  --session-minutes N    end every gateway session N minutes after its sign-in (0.5 is half a
                         minute); its JWT's exp says so (default: sessions last)
  --port N               port to listen on (default $PORT or 8080)`;

function usageError(message) {
  console.error(`demo server: ${message}\n\n${USAGE}`);
  process.exit(2);
}

function parseCli(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        auth: { type: 'string', default: 'secgw' },
        latency: { type: 'string', default: '0' },
        'fail-logger': { type: 'boolean', default: false },
        'session-minutes': { type: 'string' },
        port: { type: 'string', default: process.env.PORT || '8080' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (error) {
    usageError(error.message);
  }
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (!AUTH_MODES.includes(values.auth)) usageError(`--auth must be one of ${AUTH_MODES.join(', ')}, not "${values.auth}"`);
  if (!/^\d+$/.test(values.latency)) usageError(`--latency must be a whole number of milliseconds, not "${values.latency}"`);
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port) || port > 65535) usageError(`--port must be a port number, not "${values.port}"`);
  const minutes = values['session-minutes'];
  if (minutes !== undefined && (!/^\d+(\.\d+)?$/.test(minutes) || Number(minutes) === 0)) {
    usageError(`--session-minutes must be a number of minutes above 0, such as 10 or 0.5, not "${minutes}"`);
  }
  return {
    auth: values.auth,
    latency: Number(values.latency),
    failLogger: values['fail-logger'],
    sessionMinutes: minutes === undefined ? null : Number(minutes),
    port,
  };
}

const MODE_DESCRIPTIONS = {
  secgw: 'security gateway: /api/web/ClientConfiguration answers 401 until you sign in at /auth/',
  oracle: 'oracle: /api/web/ answers 404, /api/ClientConfiguration says authType "oracle"',
  token: 'token: /api/web/ answers 404, /api/ClientConfiguration says authType "token"; the host page seeds a demo token',
};

const OTHER_MODES = Object.fromEntries(AUTH_MODES.map((mode) => [mode, AUTH_MODES.filter((other) => other !== mode).join('|')]));

async function main() {
  const cli = parseCli(process.argv.slice(2));
  if (!existsSync(join(DEFAULT_ROOT, 'dist', 'emweb.js'))) {
    console.error('demo server: dist/emweb.js is missing. Run `npm run build` first (`npm start` builds for you).');
    process.exit(1);
  }
  let server;
  try {
    server = await startDemoServer({ ...cli, host: 'localhost' });
  } catch (error) {
    console.error(`demo server: cannot listen on port ${cli.port}: ${error.message}`);
    process.exit(1);
  }
  console.log(`EMWeb demo: open http://localhost:${server.port}/web/`);
  console.log(`  plays ${MODE_DESCRIPTIONS[cli.auth]} (\`npm start -- --auth ${OTHER_MODES[cli.auth]}\` plays another)`);
  console.log('  Ctrl-C stops it (a SIGTERM to npm start does too)');
  console.log(`  what the client logs, live: http://localhost:${server.port}/logs/`);
  if (cli.latency) console.log(`  every API answer is delayed by ${cli.latency} ms`);
  if (cli.failLogger) console.log('  the client logger is answered with 503');
  if (cli.sessionMinutes !== null) console.log(`  every gateway session ends ${cli.sessionMinutes} minutes after its sign-in`);
  console.log('  log batches the client sends are printed below (a repeated Idempotency-Key as a duplicate).');
  stopWhenAsked(async (reason) => {
    console.log(`\ndemo server: stopping (${reason})`);
    await server.close();
    process.exit(0);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
