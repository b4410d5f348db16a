// The same job assembled from the libraries a host would otherwise pick: Preact with hooks for the
// shell and its screens, @preact/signals for the client's state, preact-iso for routes under /web/
// and lazy screens, htm for screens without a build step, and Datadog's logs SDK for the errors.
// Each is imported and used as its documentation starts an application, so that what the job
// needs stays in the bundle; the shell's own code (probe, calls, header, speed dial) is left out.
import { datadogLogs } from '@datadog/browser-logs';
import { computed, signal } from '@preact/signals';
import htm from 'htm/mini';
import { h, render } from 'preact';
import { useErrorBoundary, useState } from 'preact/hooks';
import lazy, { ErrorBoundary } from 'preact-iso/lazy';
import { LocationProvider, Route, Router, useLocation } from 'preact-iso/router';

datadogLogs.init({ clientToken: 'pub00000000000000000000000000000000', site: 'datadoghq.eu', forwardErrorsToLogs: true });

const html = htm.bind(h);
const config = signal(null);
const title = computed(() => config.value?.displayName ?? 'EMWeb');

function Screen({ children }) {
  const [error, reset] = useErrorBoundary((e) => datadogLogs.logger.error('a screen failed', {}, e));
  const [count, setCount] = useState(0);
  if (error) return html`<p>${String(error)}</p><button onClick=${reset}>Try again</button>`;
  return html`<section><button onClick=${() => setCount(count + 1)}>${count}</button>${children}</section>`;
}

const Tickets = () => html`<${Screen}><a href="/web/tickets/1">1</a><//>`;
const Ticket = lazy(() => import('./libraries-ticket.mjs'));
const NotFound = () => html`<p>Page not found <a href="/web/">start</a></p>`;

function App() {
  const { url } = useLocation();
  return html`<header><h1>${title}</h1><small>${url}</small></header>
    <${ErrorBoundary}><${Router}>
      <${Route} path="/web/tickets" component=${Tickets} />
      <${Route} path="/web/tickets/:id" component=${Ticket} />
      <${Route} default component=${NotFound} />
    <//><//>`;
}

render(html`<${LocationProvider} scope="/web/"><${App} /><//>`, document.getElementById('app'));
window.LIBRARIES_BENCH = { config, datadogLogs };
