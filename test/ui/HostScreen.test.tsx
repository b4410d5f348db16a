import { h } from 'preact';
import '../setup';
import { createRequire } from 'node:module';
import htm from 'htm';
import { createElement, useState } from 'react';
import { render } from 'react-dom';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import type { Client, Screen } from '../../src/types/client';
import { App } from '../../src/ui/App';
import { useBreakpoint, useClient } from '../../src/ui/hooks';
import { settle } from '../fakes';
import { buttonNamed, readyShell, renderHostEachTest } from './fixtures';

const html = htm.bind(createElement);
/** The real React 18 (the `react18` npm alias): what a host's build bundles when `react` is not aliased. */
const React18 = createRequire(import.meta.url)('react18') as { createElement(type: string, props: null, text: string): unknown };

const fixture = renderHostEachTest(test);

const mainText = () => fixture.host.querySelector('header')?.nextElementSibling?.textContent ?? '';

test('render gets the started client; a screen built with tagged templates and a hook works and updates', async () => {
  function Counter({ client }: { client: Client }) {
    const [count, setCount] = useState(0);
    return html`<button type="button" onClick=${() => setCount(count + 1)}>${client.authType} clicked ${count}</button>`;
  }
  const { shell } = readyShell({ _render: (client) => html`<${Counter} client=${client} />` });
  render(<App shell={shell} />, fixture.host);
  await settle();
  buttonNamed(fixture.host, 'secgw clicked 0')?.click();
  await settle();
  assert.ok(buttonNamed(fixture.host, 'secgw clicked 1'), 'the hook re-rendered the screen');
});

test('render may return a string: shown as text', async () => {
  const { shell } = readyShell({ _render: () => '<b>Tickets</b>' });
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.match(mainText(), '<b>Tickets</b>');
  assert.is(fixture.host.querySelector('b'), null);
});

test('render may return a DOM node: inserted as it is, and taken out with the screen', async () => {
  const node = document.createElement('section');
  node.id = 'host-built';
  node.textContent = 'Built by the host';
  const { shell } = readyShell({ _render: () => node });
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.is(fixture.host.querySelector('#host-built'), node, 'the very node');
  render(null, fixture.host);
  await settle();
  assert.is(node.isConnected, false);
  assert.is(node.parentNode, null, 'handed back detached, not left inside our wrapper');
});

test('screens read the client and the breakpoint through hooks, and follow the breakpoint', async () => {
  function Screen() {
    return <p id="screen">{`${useClient().apiBase} at ${useBreakpoint()}`}</p>;
  }
  const { shell, state } = readyShell({ _render: () => <Screen /> });
  render(<App shell={shell} />, fixture.host);
  await settle();
  assert.is(fixture.host.querySelector('#screen')?.textContent, '/api/web/ at lg');
  state.breakpoint.value = 'xs';
  await settle();
  assert.is(fixture.host.querySelector('#screen')?.textContent, '/api/web/ at xs');
});

const failures = {
  'a render that throws': () => {
    throw new Error('render bug');
  },
  'a screen that throws while rendering': () => {
    const Broken = () => {
      throw new Error('render bug');
    };
    return <Broken />;
  },
};

for (const [name, renderScreen] of Object.entries(failures)) {
  test(`${name}: a panel says the screen failed, with Try again; the header and speed dial stay; reported once`, async () => {
    const { shell, calls } = readyShell({ _render: renderScreen, _actions: [{ label: 'One', run() {} }] });
    render(<App shell={shell} />, fixture.host);
    await settle();
    await settle();
    assert.is(fixture.host.querySelector('[role=alert] h2')?.textContent, 'This screen failed');
    assert.is(fixture.host.querySelector('[role=alert] p')?.textContent, 'render bug');
    assert.ok(buttonNamed(fixture.host, 'Try again'));
    assert.is(fixture.host.querySelector('h1')?.textContent, 'Acme Service Desk', 'the header stays');
    assert.ok(fixture.host.querySelector('[aria-haspopup=menu]'), 'the speed dial stays');
    assert.equal(
      calls.filter((call) => call.startsWith('screenError')),
      ['screenError:render bug'],
    );
  });
}

const foreignElements = {
  'React 18': () => React18.createElement('p', null, 'Tickets'),
  'React 19': () => ({
    $$typeof: Symbol.for('react.transitional.element'),
    type: 'p',
    key: null,
    props: { children: 'Tickets' },
  }),
};

for (const [react, element] of Object.entries(foreignElements)) {
  test(`a render that returns an element of the real ${react}: the failed-screen panel says "react" must resolve to "preact/compat", and it is reported`, async () => {
    // A host's build without types hands it in as a screen like any other.
    const { shell, calls } = readyShell({ _render: () => element() as Screen });
    render(<App shell={shell} />, fixture.host);
    await settle();
    await settle();
    assert.is(fixture.host.querySelector('[role=alert] h2')?.textContent, 'This screen failed');
    const detail = fixture.host.querySelector('[role=alert] p')?.textContent ?? '';
    assert.match(detail, '"react" must resolve to "preact/compat"');
    assert.equal(
      calls.filter((call) => call.startsWith('screenError')),
      [`screenError:${detail}`],
    );
  });
}

test('Try again renders the screen afresh: a screen that has recovered shows', async () => {
  let broken = true;
  const { shell } = readyShell({
    _render: () => {
      if (broken) throw new Error('not yet');
      return <p id="recovered">Back</p>;
    },
  });
  render(<App shell={shell} />, fixture.host);
  await settle();
  await settle();
  broken = false;
  buttonNamed(fixture.host, 'Try again')?.click();
  await settle();
  assert.is(fixture.host.querySelector('#recovered')?.textContent, 'Back');
});

test('a thrown value that is no Error is shown as text', async () => {
  const { shell } = readyShell({
    _render: () => {
      throw { toString: 1 };
    },
  });
  render(<App shell={shell} />, fixture.host);
  await settle();
  await settle();
  assert.is(fixture.host.querySelector('[role=alert] p')?.textContent, '{"toString":1}');
});

test.run();
