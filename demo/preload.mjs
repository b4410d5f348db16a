// What the demo's host page answer preloads (the README's "Starting with the page"): the start-up
// GETs of the sign-in mode the backend plays, so that the browser asks them with the page, before
// emweb.js has arrived, and the client's own requests are answered from those preloads.

/** The probe is asked in every mode; the other calls only where they go without `Authorization`. */
const PRELOADED_PATHS = {
  secgw: ['/api/web/ClientConfiguration', '/api/web/info/version', '/api/web/info/cloudinstance'],
  oracle: ['/api/web/ClientConfiguration', '/api/info/version', '/api/info/cloudinstance'],
  token: ['/api/web/ClientConfiguration'],
};

/**
 * The `Link` header values of a mode, for an API on the page's own origin: no `crossorigin`, the
 * only same-origin preload WebKit reuses (the client asks its own origin in the matching mode).
 * Under the gateway only for a request with a session: a signed-out start goes to the sign-in page
 * anyway, and WebKit (2.50) answered the preload of the page it came back to with the 401 of the
 * page it left, without asking the server, so that the sign-in went round in a loop.
 */
export const preloadLinks = (auth, signedIn = true) =>
  auth === 'secgw' && !signedIn ? [] : PRELOADED_PATHS[auth].map((path) => `<${path}>; rel=preload; as=fetch`);

/**
 * Sends the links as an HTTP 103 Early Hints answer (the browser may start them while the server
 * still makes the page) and returns them as the header the page's own answer carries as well:
 * a browser that ignores 103 (Chromium does over HTTP/1.1) acts on that one.
 */
export function sendEarlyHints(res, auth, signedIn) {
  const links = preloadLinks(auth, signedIn);
  if (!links.length) return {};
  res.writeEarlyHints({ link: links });
  return { Link: links.join(', ') };
}
