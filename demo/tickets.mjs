// DEMO ONLY: the tickets the demo's product shows and writes, as the product's API would answer
// them, served through the fake's `routes` (createProductServer): `GET {api base}tickets`,
// `GET {api base}tickets/<id>`, `PUT {api base}tickets/<id>` and `GET {api base}assignees` under both
// API bases (/api/web/ under the gateway in production, /api/ otherwise). Rows use the grid's
// column names: a reference's display text under `<column>__refName`, the display-rule icons under
// `__displayRuleIcons` (and their ids under `__displayRuleIds`).

const FIRST_TICKETS = [
  {
    id: 'SD-1042',
    title: 'Printer on floor 3 offline',
    state: 'open',
    assignee: 17,
    assignee__refName: 'Jürgen Müller',
    category: 4,
    category__refName: 'Hardware',
    created: '2026-11-20',
    __displayRuleIcons: ['priority-high'],
    __displayRuleIds: [3],
    description: 'The printer by the kitchen shows "offline" to every laptop since the power cut on Thursday.',
  },
  {
    id: 'SD-1043',
    title: 'New laptop for J. Müller',
    state: 'open',
    assignee: 21,
    assignee__refName: 'Amira Haddad',
    category: 2,
    category__refName: 'Purchase',
    created: '2026-11-23',
    __displayRuleIcons: [],
    __displayRuleIds: [],
    description: 'Replacement for a five-year-old laptop whose battery lasts twenty minutes.',
  },
  {
    id: 'SD-1044',
    title: 'Shared mailbox for the support team',
    state: 'waiting',
    assignee: 17,
    assignee__refName: 'Jürgen Müller',
    category: 6,
    category__refName: 'Accounts',
    created: '2026-11-24',
    __displayRuleIcons: ['waiting-customer'],
    __displayRuleIds: [5],
    description: 'support@ should land in one shared mailbox that the five people of the team can all read.',
  },
  {
    id: 'SD-1038',
    title: 'VPN drops every hour',
    state: 'closed',
    assignee: 21,
    assignee__refName: 'Amira Haddad',
    category: 3,
    category__refName: 'Network',
    created: '2026-11-12',
    __displayRuleIcons: ['sla-breached'],
    __displayRuleIds: [8],
    description: 'Fixed by the gateway update of 18 November: the session now renews before it expires.',
  },
];

/** The states a ticket can be in, in the order a person picks them. */
const TICKET_STATES = ['open', 'waiting', 'closed'];

/** The people of the desk a ticket can be given to. */
const ASSIGNEES = [
  { id: 17, name: 'Jürgen Müller' },
  { id: 21, name: 'Amira Haddad' },
  { id: 34, name: 'Kofi Mensah' },
];

/** A comment longer than this is refused: a ticket's history is no place for a pasted log file. */
export const MAX_COMMENT_LENGTH = 2000;

/** What the list asks for: the columns a list shows, not the long texts. */
const listRow = ({ description: _description, comments: _comments, ...row }) => row;

const freshTickets = () => FIRST_TICKETS.map((ticket) => ({ ...ticket, comments: [] }));

const readJson = (text) => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * What is wrong with a change, by field, in words a person can act on; `{}` when nothing is. The
 * product checks every field at once, so that one answer shows every problem.
 */
function problemsOf(change) {
  const problems = {};
  if (!TICKET_STATES.includes(change.state)) problems.state = `Choose a state: ${TICKET_STATES.join(', ')}.`;
  if (!ASSIGNEES.some((person) => person.id === change.assignee)) problems.assignee = 'Choose a person of the desk.';
  if (typeof change.comment !== 'string' || change.comment.trim() === '') {
    problems.comment = 'Say what changed: a comment is needed to save.';
  } else if (change.comment.length > MAX_COMMENT_LENGTH) {
    problems.comment = `A comment holds at most ${MAX_COMMENT_LENGTH} characters.`;
  }
  return problems;
}

/**
 * The demo product's tickets for one server: what is saved stays for that server's run (a second
 * server starts from the first tickets), until `reset()`.
 */
export function createTicketDesk() {
  let tickets = freshTickets();
  const find = (id) => tickets.find((ticket) => ticket.id === id);

  /** `PUT tickets/<id>`: the ticket as saved, or 422 with the problems by field. */
  const save = (id, request) => {
    const change = readJson(request.body);
    if (typeof change !== 'object' || change === null || Array.isArray(change)) {
      return { status: 400, body: { error: 'the body is not a JSON object of state, assignee and comment' } };
    }
    const problems = problemsOf(change);
    if (Object.keys(problems).length > 0) return { status: 422, body: { problems } };
    const ticket = find(id);
    ticket.state = change.state;
    ticket.assignee = change.assignee;
    ticket.assignee__refName = ASSIGNEES.find((person) => person.id === change.assignee).name;
    ticket.comments = [...ticket.comments, { text: change.comment.trim(), created: new Date().toISOString() }];
    return { status: 200, body: ticket };
  };

  return {
    /**
     * The fake's routes under both API bases. `allowed(request)` says whether the request may have
     * them (under the gateway: whether it carries a session); else the answer is 401. A ticket
     * that does not exist has no route: the fake answers 404.
     */
    routes(allowed) {
      const guarded = (answer) => (request) =>
        allowed(request) ? answer(request) : { status: 401, body: { error: 'no session' } };
      const routes = {};
      for (const base of ['/api/web/', '/api/']) {
        routes[`GET ${base}tickets`] = guarded(() => ({ status: 200, body: tickets.map(listRow) }));
        routes[`GET ${base}assignees`] = guarded(() => ({ status: 200, body: ASSIGNEES }));
        for (const { id } of tickets) {
          routes[`GET ${base}tickets/${id}`] = guarded(() => ({ status: 200, body: find(id) }));
          routes[`PUT ${base}tickets/${id}`] = guarded((request) => save(id, request));
        }
      }
      return routes;
    },
    /** Back to the first tickets: what was saved is forgotten. */
    reset() {
      tickets = freshTickets();
    },
  };
}
