// Put in a page's <head> before emweb.js by the preload checks: notes every fetch() the page makes
// (the client looks `fetch` up at each call), so that a check can tell a URL the client asked for
// from one the browser only preloaded.
(() => {
  var original = window.fetch;
  window.__e2eFetches = [];
  window.fetch = function (input, init, ...rest) {
    window.__e2eFetches.push({
      url: String(input instanceof Request ? input.url : input),
      mode: init?.mode ?? null,
      credentials: init?.credentials ?? null,
    });
    return original.call(this, input, init, ...rest);
  };
})();
