// Served first in every page of the real-browser checks (the demo server's `headScripts`): records
// what the page reports, the same way in every engine: uncaught errors, unhandled rejections, CSP
// violations and console messages. The harness reads window.__e2eRecord; sessionStorage keeps the
// record across the navigations of one tab.
(() => {
  var KEY = '__e2e.record';
  var record = null;
  try {
    record = JSON.parse(sessionStorage.getItem(KEY) || 'null');
  } catch {
    // no storage: the record lives as long as the document
  }
  record = record || { console: [], errors: [], csp: [] };
  window.__e2eRecord = record;

  function save() {
    try {
      sessionStorage.setItem(KEY, JSON.stringify(record));
    } catch {
      // as above
    }
  }
  function text(value) {
    if (value instanceof Error) return `${value.name}: ${value.message}`;
    if (typeof value === 'string') return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  }

  ['log', 'debug', 'info', 'warn', 'error', 'trace'].forEach((type) => {
    var original = console[type];
    if (typeof original !== 'function') return;
    console[type] = function (...args) {
      record.console.push({ type: type, text: args.map(text).join(' ') });
      save();
      return original.apply(this, args);
    };
  });
  window.addEventListener('error', (event) => {
    record.errors.push(event.message || text(event.error));
    save();
  });
  window.addEventListener('unhandledrejection', (event) => {
    record.errors.push(`Unhandled rejection: ${text(event.reason)}`);
    save();
  });
  document.addEventListener(
    'securitypolicyviolation',
    (event) => {
      record.csp.push({
        effectiveDirective: event.effectiveDirective,
        blockedURI: event.blockedURI,
        sample: event.sample,
        disposition: event.disposition,
      });
      save();
    },
    true,
  );
})();
