import { signal } from '../../src/state/signal';
import { createState } from '../../src/state/signals';
import type { Client, SpeedDialAction } from '../../src/types';
import type { Shell } from '../../src/ui/shell';

/** A shell in a given phase with whatever the test overrides; every call recorded. */
export function fakeShell(overrides: Partial<Shell> = {}) {
  const calls: string[] = [];
  const state = createState('lg');
  const shell: Shell = {
    state,
    phase: signal('loading'),
    error: signal(''),
    client: signal(null),
    notice: signal(''),
    actions: [],
    run: (action) => calls.push('run:' + action.label),
    retry: () => calls.push('retry'),
    signIn: () => calls.push('signIn'),
    ...overrides,
  };
  return { shell, calls, state };
}

export const fakeClient = (shell: Shell): Client =>
  ({
    authType: 'secgw',
    apiBase: '/api/web/',
    config: shell.state.config.value || false,
    version: shell.state.version.value ?? '',
    isCloud: !!shell.state.isCloud.value,
    claims: shell.state.claims.value,
    state: shell.state,
    logger: { error() {} } as unknown as Client['logger'],
    unmount: async () => {},
  }) as Client;

export const actionsNamed = (...labels: string[]): SpeedDialAction[] => labels.map((label) => ({ label, run() {} }));

/** Lets Preact's scheduled re-renders run. */
export const settle = () => new Promise((r) => setTimeout(r, 0));
