// Calls EMWeb.bootstrap itself, with options from the query, and records the outcome for the test:
//   window.__e2e = { status: 'idle' | 'pending' | 'resolved' | 'rejected', client, error, signInRequired, actionsRun }
//   and <body data-boot="…"> for waiting (page.waitForSelector('body[data-boot=resolved]')).
// Query: ?mount=SELECTOR (default #app)  ?production=true|false  ?captureErrors=false
//        ?batchSize=N  ?flushIntervalMs=N  ?serverLogLevel=N  ?level=N
//        ?signIn=record   onSignInRequired only counts calls (no navigation to /auth/)
//        ?timeoutMs=N     per start-up call time limit
//        ?actions=N       N speed-dial actions labelled "Action 1" … "Action N" in place of the built-in ones
//                         (each records its run in window.__e2e.actionsRun)
//        ?manual          do not bootstrap; the test calls window.__e2eBoot() itself
(() => {
  var query = new URLSearchParams(location.search);
  var state = { status: 'idle', client: null, error: null, signInRequired: 0, actionsRun: [] };
  window.__e2e = state;

  function numberParam(name) {
    return query.has(name) ? Number(query.get(name)) : undefined;
  }

  function options() {
    var opts = { mount: query.get('mount') || '#app' };
    if (query.has('production')) opts.production = query.get('production') === 'true';
    if (query.get('captureErrors') === 'false') opts.captureErrors = false;
    var logger = {};
    ['batchSize', 'flushIntervalMs', 'serverLogLevel', 'level'].forEach((name) => {
      if (query.has(name)) logger[name] = numberParam(name);
    });
    if (Object.keys(logger).length) opts.logger = logger;
    if (query.has('timeoutMs')) opts.timeoutMs = numberParam('timeoutMs');
    if (query.has('actions')) {
      opts.actions = [];
      for (let i = 1; i <= numberParam('actions'); i++) {
        opts.actions.push({
          label: `Action ${i}`,
          run: ((label) => () => {
            state.actionsRun.push(label);
          })(`Action ${i}`),
        });
      }
    }
    if (query.get('signIn') === 'record') {
      opts.onSignInRequired = () => {
        state.signInRequired += 1;
      };
    }
    return opts;
  }

  function mark(status) {
    state.status = status;
    document.body.setAttribute('data-boot', status);
  }

  window.__e2eBoot = () => {
    mark('pending');
    return window.EMWeb.bootstrap(options()).then(
      (client) => {
        state.client = client;
        mark('resolved');
        return client;
      },
      (error) => {
        state.error = { name: error?.name, message: String(error?.message) };
        mark('rejected');
      },
    );
  };

  if (!query.has('manual')) window.__e2eBoot();
})();
