import { createContext } from 'preact';
import { useContext, useLayoutEffect, useReducer } from 'react';
import type { Breakpoint } from '../constants';
import type { Client } from '../types';

export const ClientContext = createContext<Client | null>(null);

/** The started client, for screens brought in through `render`. */
export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('EMWeb: useClient() is only available inside a screen rendered by bootstrap({ render })');
  return client;
}

/** The current breakpoint; the component re-renders when it changes. */
export function useBreakpoint(): Breakpoint {
  const { breakpoint } = useClient().state;
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  useLayoutEffect(() => breakpoint.subscribe(rerender), [breakpoint]);
  return breakpoint.value;
}
