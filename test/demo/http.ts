// Node's own HTTP client for the demo server's tests: in the one-process unit run, the global
// fetch may be a DOM's, with a browser's rules about cookies and origins.
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Signs in at the stand-in gateway, as the desk's person `userId` when given (else whoever it signs
 * in by default): the session's cookie, and the JWT its hand-over page stores.
 */
export async function signIn(base: string, userId?: number): Promise<{ cookie: string; jwt: string }> {
  const who = userId === undefined ? '' : `&userId=${userId}`;
  const answer = await call(`${base}/auth/signin?returnUrl=/web/tickets${who}`);
  const setCookie = [answer.headers['set-cookie'] ?? []].flat()[0] ?? '';
  const jwt = /<meta name="demo-jwt" content="([^"]+)">/.exec(answer.text)?.[1] ?? '';
  return { cookie: setCookie.split(';')[0] ?? '', jwt };
}

/** The payload of a JWT. */
export function claimsOf(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8'));
}
