// DEMO ONLY: what a host page writes to bring its own screen and language to EMWeb, with no build
// step. A host that passes options starts the client itself: the demo's server then leaves
// data-mount off the script tag (with data-mount, the client starts as the script runs, with none).
//   ?screen=tickets  a screen written with EMWeb.html and a hook, in place of the home view
//   ?lang=de         the client's texts in German, through the `strings` option
(() => {
  var params = new URLSearchParams(location.search);
  var screen = params.get('screen');
  var lang = params.get('lang');
  if (screen !== 'tickets' && lang !== 'de') return; // the plain embed: the script tag starts it

  var html = EMWeb.html;
  var React = EMWeb.React;

  var TICKETS = [
    { id: 'SD-1042', title: 'Printer on floor 3 offline', state: 'open' },
    { id: 'SD-1043', title: 'New laptop for J. Müller', state: 'open' },
    { id: 'SD-1038', title: 'VPN drops every hour', state: 'closed' },
  ];

  // A host screen: plain tagged templates and the bundle's own hooks.
  function Tickets(props) {
    var client = props.client;
    var filter = React.useState('open');
    var broken = React.useState(false);
    if (broken[0]) throw new Error('The tickets screen was asked to fail');
    var shown = TICKETS.filter((ticket) => filter[0] === 'all' || ticket.state === filter[0]);
    var name = client.config?.displayName;
    return html`
      <section style=${{ padding: '12px 24px', border: '1px solid currentColor', borderRadius: '12px' }}>
        <h2 style=${{ fontSize: '16px' }}>Tickets in ${name || 'the service desk'}</h2>
        <p>Screen size: ${client.state.breakpoint.value}. Showing ${shown.length} of ${TICKETS.length}.</p>
        <p>
          <button type="button" onClick=${() => {
            filter[1](filter[0] === 'open' ? 'all' : 'open');
          }}>
            ${filter[0] === 'open' ? 'Show all tickets' : 'Show open tickets only'}
          </button>
          ${' '}
          <button type="button" onClick=${() => {
            broken[1](true);
          }}>Make this screen fail</button>
        </p>
        <ul>
          ${shown.map((ticket) => html`<li key=${ticket.id}><strong>${ticket.id}</strong> ${ticket.title} (${ticket.state})</li>`)}
        </ul>
      </section>`;
  }

  var options = { mount: '#emweb' };
  if (screen === 'tickets') {
    options.render = (client) => html`<${Tickets} client=${client} />`;
  }
  if (lang === 'de') options.strings = window.EMWEB_STRINGS_DE;
  // A failed start is on screen with its Retry button; nothing to do here.
  EMWeb.bootstrap(options).catch(() => {});
})();
