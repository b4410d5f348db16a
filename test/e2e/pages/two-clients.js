// Starts two clients, #a first, as a host page would, and keeps their outcomes for the check in
// window.__e2e = { a: 'pending' | 'resolved' | 'rejected', b: … }.
//
// They differ in everything the page's one logger could take from them, so that a check can tell
// whose options and whose endpoint it follows:
//   #a  production (API base /api/web/ in secgw mode), server entries from WARN, sent every 300 ms
//   #b  development (API base /api/), server entries from FATAL only, sent every 10 minutes
(() => {
  var state = { a: 'pending', b: 'pending' };
  window.__e2e = state;
  function track(name, promise) {
    promise.then(
      () => {
        state[name] = 'resolved';
      },
      () => {
        state[name] = 'rejected';
      },
    );
  }
  track('a', EMWeb.bootstrap({ mount: '#a', logger: { serverLogLevel: 4, flushIntervalMs: 300 } }));
  track('b', EMWeb.bootstrap({ mount: '#b', production: false, logger: { serverLogLevel: 6, flushIntervalMs: 600000 } }));
})();
