// DEMO ONLY: the tickets the demo's product shows, as the product's API would answer them, served
// through the fake's `routes` (createProductServer): `GET {api base}tickets` and `GET {api base}tickets/<id>`
// under both API bases (/api/web/ under the gateway in production, /api/ otherwise). Rows use the
// grid's column names: a reference's display text under `<column>__refName`, the display-rule icons
// under `__displayRuleIcons` (and their ids under `__displayRuleIds`).

const TICKETS = [
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

/** What the list asks for: the columns a list shows, not the long texts. */
const listRow = ({ description: _description, ...row }) => row;

/**
 * The fake's routes for the tickets under both API bases (a PUT of one is answered as saved).
 * `allowed(request)` says whether the request may have them (under the gateway: whether it carries
 * a session); else the answer is 401.
 */
export function ticketRoutes(allowed) {
  const guarded = (answer) => (request) => (allowed(request) ? answer : { status: 401, body: { error: 'no session' } });
  const routes = {};
  for (const base of ['/api/web/', '/api/']) {
    routes[`GET ${base}tickets`] = guarded({ status: 200, body: TICKETS.map(listRow) });
    for (const ticket of TICKETS) {
      routes[`GET ${base}tickets/${ticket.id}`] = guarded({ status: 200, body: ticket });
      // A screen saves a ticket (the e2e form screen does): the demo keeps nothing, it says it saved.
      routes[`PUT ${base}tickets/${ticket.id}`] = guarded({ status: 200, body: { saved: ticket.id } });
    }
  }
  return routes;
}
