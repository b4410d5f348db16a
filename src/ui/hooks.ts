import { createContext } from 'preact';
import { useContext } from 'react';
import type { Breakpoint } from '../product/constants';
import type { Client } from '../types/client';

/** Read by the hooks below; only bundler users' screens can reach them (see SCRIPT_TAG_BUNDLE). */
export const ClientContext = /* @__PURE__ */ createContext<Client | null>(null);

/** The started client, for screens brought in through `render`. */
export function useClient(): Client {
  const client = useContext(ClientContext);
  if (!client) throw new Error('EMWeb: useClient() is only available inside a screen rendered by bootstrap({ render })');
  return client;
}

/** The current breakpoint; the component re-renders when it changes (reading a signal subscribes it). */
export function useBreakpoint(): Breakpoint {
  return useClient().state.breakpoint.value;
}
