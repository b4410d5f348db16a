// DEMO ONLY: a small product on top of the shell, written the way a host team would, with no build
// step: screens made with EMWeb.html and the bundle's hooks, routes under /web/, the product's data
// through client.fetch (the sign-in, the API base and the token are the client's business), plain
// <a href> links between screens. The ticket page is a module of its own, loaded when first shown.
//   /web/tickets        the ticket list        (GET {api base}tickets)
//   /web/tickets/<id>   one ticket, lazily     (GET {api base}tickets/<id>, PUT to save; demo/ticket-page.js)
//   any other /web/...  the client's not-found panel
// /web/ itself is the plain embed (the script tag starts the client with its home view), unless
// ?lang=de asks for German: then this starts it with the German strings (demo/strings-de.js).
(() => {
  var params = new URLSearchParams(location.search);
  var routed = location.pathname !== '/web/';
  // The language is the host's choice: ?lang=de, kept for the tab so that a reload keeps it.
  var lang = params.get('lang');
  try {
    if (lang) sessionStorage.setItem('demo.lang', lang);
    else lang = sessionStorage.getItem('demo.lang');
  } catch {
    /* storage blocked: English after a reload */
  }
  var german = lang === 'de';
  if (!routed && !german) return; // the plain embed: the script tag starts it

  var html = EMWeb.html;
  var React = EMWeb.React;

  var TEXTS = {
    tickets: 'Tickets',
    loadingTickets: 'Loading tickets…',
    failed: 'The tickets could not be loaded ({reason}).',
    count: '{shown} of {total} tickets',
    showAll: 'Show closed tickets too',
    showOpen: 'Show open tickets only',
    id: 'Ticket',
    title: 'Title',
    state: 'State',
    assignee: 'Assignee',
    flags: 'Flags',
    open: 'open',
    waiting: 'waiting',
    closed: 'closed',
    'priority-high': 'High priority',
    'waiting-customer': 'Waiting for the customer',
    'sla-breached': 'Service level breached',
    start: 'Service desk',
    startText: 'Requests from everyone in the company, in one place.',
    toTickets: 'Go to the tickets',
    back: 'All tickets',
    category: 'Category',
    created: 'Created',
    noTicket: 'There is no ticket {id}.',
    update: 'Update the ticket',
    comment: 'Comment',
    comments: 'Comments',
    save: 'Save',
    saving: 'Saving…',
    saved: 'Saved',
    saveFailed: 'The ticket could not be saved ({reason}).',
  };
  var texts = german ? Object.assign({}, TEXTS, window.DEMO_PRODUCT_STRINGS_DE) : TEXTS;
  var text = (key, values) => texts[key].replace(/\{(\w+)\}/g, (_, name) => values?.[name] ?? '');

  // The flags a display rule puts on a row: a symbol, named for assistive technology.
  var ICONS = { 'priority-high': '▲', 'waiting-customer': '◷', 'sla-breached': '⚠' };
  function Flags(props) {
    return html`${(props.icons || []).map(
      (icon) =>
        html`<span key=${icon} role="img" aria-label=${text(icon)} title=${text(icon)} style=${{ marginRight: '4px' }}>${ICONS[icon] || '•'}</span>`,
    )}`;
  }

  /** GETs a path of the product's API as JSON; what the screen shows meanwhile and after is its own. */
  function useProductData(client, path) {
    var state = React.useState({ kind: 'loading' });
    React.useEffect(() => {
      var calls = new AbortController();
      client
        .fetch(path, { signal: calls.signal })
        .then((response) =>
          response.ok
            ? response.json().then((data) => state[1]({ kind: 'loaded', data }))
            : state[1]({ kind: 'refused', status: response.status }),
        )
        .catch((error) => {
          if (!calls.signal.aborted) state[1]({ kind: 'failed', reason: String(error?.message || error) });
        });
      return () => calls.abort();
    }, [path]);
    return state[0];
  }

  var cell = {
    padding: '6px 12px 6px 0',
    textAlign: 'start',
    borderBottom: '1px solid color-mix(in srgb, currentColor 20%, transparent)',
  };
  var link = { color: 'inherit', fontWeight: 600 };

  function TicketList(props) {
    var loaded = useProductData(props.client, 'tickets');
    var all = props.query.get('state') === 'all';
    var heading = html`<h2 style=${{ fontSize: '18px', margin: '0 0 8px' }}>${text('tickets')}</h2>`;
    if (loaded.kind === 'loading') return html`<section>${heading}<p role="status">${text('loadingTickets')}</p></section>`;
    if (loaded.kind !== 'loaded') {
      return html`<section>${heading}<p role="alert">${text('failed', { reason: loaded.status || loaded.reason })}</p></section>`;
    }
    var rows = loaded.data.filter((row) => all || row.state !== 'closed');
    // A phone has no room for five columns: the client's breakpoint picks a list there.
    var narrow = props.client.state.breakpoint.value === 'xs';
    return html`
      <section>
        ${heading}
        <p>
          ${`${text('count', { shown: rows.length, total: loaded.data.length })} · `}
          <a style=${link} href=${all ? '/web/tickets' : '/web/tickets?state=all'}>${text(all ? 'showOpen' : 'showAll')}</a>
        </p>
        ${narrow ? html`<${TicketCards} rows=${rows} />` : html`<${TicketTable} rows=${rows} />`}
      </section>`;
  }

  var ticketHref = (row) => `/web/tickets/${encodeURIComponent(row.id)}`;

  function TicketCards(props) {
    return html`<ul style=${{ listStyle: 'none', margin: 0, padding: 0 }}>${props.rows.map(
      (row) => html`<li key=${row.id} style=${{ ...cell, padding: '8px 0' }}>
        <a style=${link} href=${ticketHref(row)}>${row.id}</a> <${Flags} icons=${row.__displayRuleIcons} />
        <div>${row.title}</div>
        <div style=${{ opacity: 0.8 }}>${text(row.state)} · ${row.assignee__refName}</div>
      </li>`,
    )}</ul>`;
  }

  function TicketTable(props) {
    var rows = props.rows;
    return html`
        <table style=${{ borderCollapse: 'collapse', width: '100%' }}>
          <thead><tr>
            <th style=${cell}>${text('id')}</th><th style=${cell}>${text('title')}</th>
            <th style=${cell}>${text('state')}</th><th style=${cell}>${text('assignee')}</th><th style=${cell}>${text('flags')}</th>
          </tr></thead>
          <tbody>${rows.map(
            (row) => html`<tr key=${row.id}>
              <td style=${{ ...cell, whiteSpace: 'nowrap' }}><a style=${link} href=${ticketHref(row)}>${row.id}</a></td>
              <td style=${cell}>${row.title}</td>
              <td style=${cell}>${text(row.state)}</td>
              <td style=${cell}>${row.assignee__refName}</td>
              <td style=${cell}><${Flags} icons=${row.__displayRuleIcons} /></td>
            </tr>`,
          )}</tbody>
        </table>`;
  }

  function Start() {
    return html`<section>
      <h2 style=${{ fontSize: '18px', margin: '0 0 8px' }}>${text('start')}</h2>
      <p>${text('startText')}</p>
      <p><a style=${link} href="/web/tickets">${text('toTickets')}</a></p>
    </section>`;
  }

  // What the lazily loaded ticket page (demo/ticket-page.js) shares with the rest of the product.
  window.demoProduct = { text, Flags, useProductData, link, cell };

  var options = { mount: '#emweb' };
  if (routed) {
    options.routes = {
      '': Start,
      tickets: TicketList,
      'tickets/:id': EMWeb.lazy(() => import('./ticket-page.js')),
    };
  }
  if (german) options.strings = window.EMWEB_STRINGS_DE;
  // A failed start is on screen with its Retry button; nothing to do here.
  EMWeb.bootstrap(options).catch(() => {});
})();
