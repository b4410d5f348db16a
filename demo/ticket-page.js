// DEMO ONLY: the page of one ticket, a module of its own that the product loads the first time a
// ticket is shown (EMWeb.lazy in demo/host-app.js). Its default export is the screen. Its heading
// is the same element while the ticket loads and after, so that focus, once on it, stays.
const html = window.EMWeb.html;

function Details({ ticket, text }) {
  const term = { fontWeight: 600, marginTop: '8px' };
  const detail = { margin: 0 };
  return html`
    <p>${ticket.description}</p>
    <dl style=${{ margin: 0 }}>
      <dt style=${term}>${text('state')}</dt><dd style=${detail}>${text(ticket.state)}</dd>
      <dt style=${term}>${text('assignee')}</dt><dd style=${detail}>${ticket.assignee__refName}</dd>
      <dt style=${term}>${text('category')}</dt><dd style=${detail}>${ticket.category__refName}</dd>
      <dt style=${term}>${text('created')}</dt><dd style=${detail}>${ticket.created}</dd>
    </dl>`;
}

export default function TicketPage(props) {
  const product = window.demoProduct;
  const text = product.text;
  const id = props.params.id;
  const loaded = product.useProductData(props.client, `tickets/${encodeURIComponent(id)}`);
  const ticket = loaded.kind === 'loaded' ? loaded.data : null;
  let body = null;
  if (ticket) body = html`<${Details} ticket=${ticket} text=${text} />`;
  else if (loaded.kind !== 'loading') {
    const why = loaded.status === 404 ? text('noTicket', { id }) : text('failed', { reason: loaded.status || loaded.reason });
    body = html`<p role="alert">${why}</p>`;
  }
  return html`
    <article>
      <p><a style=${product.link} href="/web/tickets">← ${text('back')}</a></p>
      <h2 style=${{ fontSize: '18px', margin: '0 0 8px' }}>
        ${ticket ? `${ticket.id}: ${ticket.title} ` : id}${ticket && html`<${product.Flags} icons=${ticket.__displayRuleIcons} />`}
      </h2>
      ${body}
    </article>`;
}
