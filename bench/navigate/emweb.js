// EMWeb with routes: the two screens under /web/a and /web/b (the page itself is served elsewhere:
// it takes /web/a as its location before the client starts).
history.replaceState(null, '', '/web/a');
const navScreens = window.navScreens(EMWeb.html);
window.navRoot = () => document.querySelector('#emweb').shadowRoot;
EMWeb.bootstrap({ mount: '#emweb', captureErrors: false, routes: navScreens }).then(() => {
  window.navReady = true;
});
