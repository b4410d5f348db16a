// Types of demo/tickets.mjs, for the tests.
import type { ProductRequest, RouteAnswer } from '../src/testing/index';

type Route = RouteAnswer | ((request: ProductRequest) => RouteAnswer | Promise<RouteAnswer>);

export interface TicketDesk {
  /** The fake's routes for the tickets under both API bases; a request `allowed` refuses is answered 401. */
  routes(allowed: (request: ProductRequest) => boolean): Record<string, Route>;
  /** Back to the first tickets: what was saved is forgotten. */
  reset(): void;
}

/** The longest comment a change may carry. */
export declare const MAX_COMMENT_LENGTH: number;
export declare function createTicketDesk(): TicketDesk;
