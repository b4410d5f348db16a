// preact-iso alone with the same two screens (bench/navigate/screens.js): its LocationProvider and
// Router, taking the page's clicks on links under /web/.
import htm from 'htm/mini';
import { h, render } from 'preact';
import { LocationProvider, Route, Router } from 'preact-iso/router';

history.replaceState(null, '', '/web/a');
const html = htm.bind(h);
const screens = window.navScreens(html);
window.navRoot = () => document.getElementById('app');
render(
  html`<${LocationProvider} scope="/web/"><${Router}>
    <${Route} path="/web/a" component=${screens.a} />
    <${Route} path="/web/b" component=${screens.b} />
  <//><//>`,
  document.getElementById('app'),
);
window.navReady = true;
