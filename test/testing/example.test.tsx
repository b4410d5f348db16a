import { GlobalRegistrator } from '@happy-dom/global-registrator';
import { bootstrap, type Client } from 'emweb';
import { createProductServer, makeJwt, resetPage } from 'emweb/testing';
import { h } from 'preact';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

if (typeof document === 'undefined') GlobalRegistrator.register({ url: 'http://localhost/web/' });

// The screen under test: what a host brings through bootstrap({ render }).
function Tickets({ client }: { client: Client }) {
  return <p>Open tickets of {String(client.claims?.userId)}</p>;
}

const mountElement = () => document.body.appendChild(Object.assign(document.createElement('div'), { id: 'emweb' }));

test('Tickets in token mode: it shows the user, and what it logs reaches the server', async () => {
  const server = createProductServer({ auth: 'token' });
  server.install();
  localStorage.setItem('jwt', makeJwt({ userId: 'ann' }));
  const element = mountElement();
  const client = await bootstrap({ render: (client) => <Tickets client={client} /> });
  assert.is(client.authType, 'token');
  assert.is(element.shadowRoot?.textContent?.includes('Open tickets of ann'), true);
  client.logger.error('tickets failed to load');
  assert.equal(await client.logger.flush(), { sent: 1, kept: 0, dropped: 0 });
  assert.equal(
    server.logs.map((entry) => entry.message),
    ['tickets failed to load'],
  );
  await resetPage();
  server.uninstall();
  element.remove();
});

test('Tickets behind the security gateway, signed out: the client asks for a sign-in', async () => {
  const server = createProductServer({ auth: 'secgw', signedIn: false });
  server.install();
  const element = mountElement();
  let asked = 0;
  const client = await bootstrap({ render: (client) => <Tickets client={client} />, onSignInRequired: () => asked++ });
  assert.is(asked, 1);
  assert.is(client.config, false);
  assert.is(element.shadowRoot?.textContent?.includes('Sign-in required'), true);
  await resetPage();
  server.uninstall();
  element.remove();
});

test.run();
