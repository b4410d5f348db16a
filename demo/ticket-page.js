// DEMO ONLY: the page of one ticket, a module of its own that the product loads the first time a
// ticket is shown (EMWeb.lazy in demo/host-app.js). Its default export is the screen. Its heading
// is the same element while the ticket loads and after, so that focus, once on it, stays.
// Its form writes the ticket (PUT {api base}tickets/<id>) the way a host team's screen would: the
// typed values are a draft (EMWeb.useDraft), so they are the client's unsaved work until saved,
// stay through a session that ends mid-save, and come back after a reload, a crash or a closed
// tab, for this person only; the server's problems with a field are shown beside that field.
const html = window.EMWeb.html;
const React = window.EMWeb.React;

const STATES = ['open', 'waiting', 'closed'];
const FIELDS = ['state', 'assignee', 'comment'];

const term = { fontWeight: 600, marginTop: '8px' };
const detail = { margin: 0 };
const label = { display: 'block', fontWeight: 600, margin: '12px 0 4px' };
const control = {
  font: 'inherit',
  color: 'inherit',
  background: 'transparent',
  border: '1px solid color-mix(in srgb, currentColor 45%, transparent)',
  borderRadius: '4px',
  padding: '6px 8px',
  width: '100%',
  maxWidth: '32rem',
  boxSizing: 'border-box',
};
const problemStyle = { fontWeight: 600, margin: '4px 0 0' };

function Details({ ticket, text }) {
  return html`
    <p>${ticket.description}</p>
    <dl style=${{ margin: 0 }}>
      <dt style=${term}>${text('state')}</dt><dd style=${detail}>${text(ticket.state)}</dd>
      <dt style=${term}>${text('assignee')}</dt><dd style=${detail}>${ticket.assignee__refName}</dd>
      <dt style=${term}>${text('category')}</dt><dd style=${detail}>${ticket.category__refName}</dd>
      <dt style=${term}>${text('created')}</dt><dd style=${detail}>${ticket.created}</dd>
    </dl>
    ${
      ticket.comments?.length > 0 &&
      html`<h3 style=${{ fontSize: '16px', margin: '16px 0 4px' }}>${text('comments')}</h3>
        <ol style=${{ margin: 0, paddingInlineStart: '20px' }}>${ticket.comments.map(
          (comment, index) => html`<li key=${index}>${comment.text}</li>`,
        )}</ol>`
    }`;
}

/** The people a ticket can be given to; until they are loaded (or if they cannot be), its own assignee. */
function useAssignees(client, ticket) {
  const loaded = window.demoProduct.useProductData(client, 'assignees');
  if (loaded.kind === 'loaded') return loaded.data;
  return [{ id: ticket.assignee, name: ticket.assignee__refName }];
}

/**
 * What is left to save once `saved` came back for `sent`: a field changed again while the save was
 * out keeps its new value; the others show what was saved (the comment, saved, empties).
 */
const leftAfterSave = (current, sent, saved) => ({
  state: current.state === sent.state ? saved.state : current.state,
  assignee: current.assignee === sent.assignee ? saved.assignee : current.assignee,
  comment: current.comment === sent.comment ? '' : current.comment,
});

function TicketForm({ client, ticket, text, onSaved }) {
  const assignees = useAssignees(client, ticket);
  // The fields are a draft (EMWeb.useDraft): kept for this person on this ticket's page through a
  // reload, a crash or a closed tab, and the screen's unsaved work while they differ from the ticket.
  const [draft, setDraft, kept] = window.EMWeb.useDraft('ticket', {
    state: ticket.state,
    assignee: ticket.assignee,
    comment: '',
  });
  // The draft as the last event left it: a save pressed before the next render sends that.
  const latest = React.useRef(draft);
  const [problems, setProblems] = React.useState({});
  const [progress, setProgress] = React.useState('');
  const [failure, setFailure] = React.useState('');
  const fieldRefs = { state: React.useRef(null), assignee: React.useRef(null), comment: React.useRef(null) };
  // The save that is out, so that a second press does not send the change twice, and so that
  // leaving the screen stops caring about its answer.
  const pending = React.useRef(null);
  React.useEffect(() => () => pending.current?.abort(), []);

  const changeDraft = (next) => {
    latest.current = next;
    setDraft(next);
  };

  // A refused save puts the person on the first field to mend, where its problem is read out.
  React.useEffect(() => {
    const first = FIELDS.find((name) => problems[name]);
    if (first) fieldRefs[first].current?.focus();
  }, [problems]);

  const edit = (name, value) => changeDraft({ ...latest.current, [name]: value });

  function answered(status, body, sent) {
    if (status === 200) {
      setProblems({});
      onSaved(body);
      const left = leftAfterSave(latest.current, sent, body);
      changeDraft(left);
      // Nothing typed since the save: the kept copy goes, and the screen holds nothing unsaved.
      if (left.state === body.state && left.assignee === body.assignee && left.comment === '') kept.clear();
      client.notify(text('saved'), { tone: 'success' });
    } else if (status === 422) setProblems(body?.problems ?? {});
    else if (status === 404) setFailure(text('noTicket', { id: ticket.id }));
    else setFailure(text('saveFailed', { reason: status }));
  }

  function save(event) {
    event.preventDefault();
    if (pending.current) return;
    const calls = new AbortController();
    pending.current = calls;
    const sent = latest.current;
    setFailure('');
    setProgress(text('saving'));
    client
      .fetch(`tickets/${encodeURIComponent(ticket.id)}`, { method: 'PUT', json: sent, signal: calls.signal })
      .then((response) =>
        response
          .json()
          .catch(() => null)
          .then((body) => answered(response.status, body, sent)),
      )
      .catch((error) => {
        if (!calls.signal.aborted) setFailure(text('saveFailed', { reason: String(error?.message || error) }));
      })
      .finally(() => {
        if (calls.signal.aborted) return;
        pending.current = null;
        setProgress('');
      });
  }

  /** What ties a field to its label and, when the server refused it, to its problem. */
  const fieldProps = (name) => ({
    id: `ticket-${name}`,
    ref: fieldRefs[name],
    style: control,
    'aria-invalid': problems[name] ? 'true' : undefined,
    'aria-describedby': problems[name] ? `ticket-${name}-problem` : undefined,
  });
  const problemOf = (name) =>
    problems[name] &&
    html`<p id=${`ticket-${name}-problem`} style=${problemStyle}><span aria-hidden="true">⚠ </span>${problems[name]}</p>`;

  return html`
    <form onSubmit=${save} noValidate style=${{ marginTop: '16px' }}>
      <h3 style=${{ fontSize: '16px', margin: '0 0 4px' }}>${text('update')}</h3>
      <label for="ticket-state" style=${label}>${text('state')}</label>
      <select ...${fieldProps('state')} value=${draft.state} onChange=${(e) => edit('state', e.currentTarget.value)}>
        ${STATES.map((state) => html`<option key=${state} value=${state}>${text(state)}</option>`)}
      </select>
      ${problemOf('state')}
      <label for="ticket-assignee" style=${label}>${text('assignee')}</label>
      <select ...${fieldProps('assignee')} value=${String(draft.assignee)} onChange=${(e) => edit('assignee', Number(e.currentTarget.value))}>
        ${assignees.map((person) => html`<option key=${person.id} value=${String(person.id)}>${person.name}</option>`)}
      </select>
      ${problemOf('assignee')}
      <label for="ticket-comment" style=${label}>${text('comment')}</label>
      <textarea ...${fieldProps('comment')} rows="4" value=${draft.comment} onInput=${(e) => edit('comment', e.currentTarget.value)}></textarea>
      ${problemOf('comment')}
      <p style=${{ margin: '12px 0 0', display: 'flex', gap: '12px', alignItems: 'center' }}>
        <button type="submit">${text('save')}</button>
        <span role="status">${progress}</span>
      </p>
      ${failure && html`<p role="alert">${failure}</p>`}
    </form>`;
}

export default function TicketPage(props) {
  const product = window.demoProduct;
  const text = product.text;
  const id = props.params.id;
  const loaded = product.useProductData(props.client, `tickets/${encodeURIComponent(id)}`);
  // What the last save answered: the ticket as the server keeps it now.
  const [saved, setSaved] = React.useState(null);
  const ticket = saved ?? (loaded.kind === 'loaded' ? loaded.data : null);
  let body = null;
  if (ticket) {
    body = html`<${Details} ticket=${ticket} text=${text} />
      <${TicketForm} client=${props.client} ticket=${ticket} text=${text} onSaved=${setSaved} />`;
  } else if (loaded.kind !== 'loading') {
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
