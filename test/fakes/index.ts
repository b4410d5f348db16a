import { computed, signal } from '@preact/signals';
// The one home of the test doubles shared by the unit tests and the benchmarks (not test files
// themselves): this module (storage, answers no server gives, start-up), logger.ts (the logger's
// harness: a scripted fetch with a de-duplicating server, a fake clock, console, beacons, page
// events), arbitraries.ts (fast-check arbitraries and the start-up server of the property tests),
// tabs.ts (the lock and the channel of the tabs of one browser). The product's API is played by
// emweb/testing's createProductServer (src/testing): what is here is what that fake is not.

import type { SafeStorage } from '../../src/browser/storage';
import { runStartup, type StartupDeps, type StartupEvents } from '../../src/client/startup';
import { createSignedInUser } from '../../src/session/signedInUser';
import { applyStartupUpdate, createClientState, type OwnedElsewhere } from '../../src/state/clientState';
import type { ProductServer, Route } from '../../src/testing';

export const ORIGIN = 'https://emweb.test';

/** A logger that remembers what it was told. */
export function recordingLog() {
  const traces: unknown[][] = [];
  const errors: unknown[][] = [];
  return {
    traces,
    errors,
    trace: (...args: unknown[]) => void traces.push(args),
    error: (...args: unknown[]) => void errors.push(args),
  };
}

/** A page's Web Storage kept in memory: what the client's storage code sees, without a browser. */
export function memoryStorage(): SafeStorage {
  const entries = new Map<string, string>();
  return {
    get: (key) => entries.get(key) ?? null,
    set: (key, value) => {
      entries.set(key, String(value));
      return true;
    },
    remove: (key) => {
      entries.delete(key);
    },
    keys: () => [...entries.keys()],
  };
}

/** A promise with its resolver outside, for answers that arrive when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** A route that never answers: only the client's timeout (its abort) ends the request. */
export const noAnswer: Route = () => new Promise(() => {});

// Two answers the kit's server cannot give, since each of its answers is a whole `Response`:

/**
 * A response with an informational (1xx) status, which `new Response` refuses to build. No
 * browser's fetch resolves with one (the network stack consumes interim answers); a host page's
 * fetch wrapper might, and the client must still treat it as no success.
 */
export const informationalResponse = (status: number, body = ''): Response =>
  ({ status, headers: new Headers(), text: () => Promise.resolve(body) }) as unknown as Response;

/** A response whose body stream breaks once its headers are in: a connection dropped mid-body. */
export const brokenBodyResponse = (status = 200, headers?: HeadersInit): Response =>
  new Response(new ReadableStream({ pull: (stream) => stream.error(new TypeError('network error')) }), { status, headers });

/** The URLs the server was asked, in arrival order. */
export const urlsAsked = (server: ProductServer): string[] =>
  server.requests.map((request) => request.origin + request.path + request.query);

/**
 * Lets what is already under way finish: promise callbacks, and Preact's renders (microtasks; the
 * client's effects are layout effects, run with the render). A turn of setImmediate, not a
 * setTimeout: the tests that fake timers fake setTimeout, and a settle on it would never come.
 */
/** What the call rejected with (fails the test when it resolved). */
export async function rejection(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/** What a run hands the state of what others own, for a state made alone: no unsaved work, no route. */
export const nothingElsewhere = (): OwnedElsewhere => ({ claims: signal(null), unsaved: signal(false), route: undefined });

export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Start-up into a client's state, as a run does it; resolves with the facts the state then holds
 * and whether a sign-in was asked for. `events` sees every update and sign-in request too.
 */
export async function startupFacts(deps: StartupDeps, events: Partial<StartupEvents> = {}) {
  const user = createSignedInUser({
    local: deps.local,
    page: new EventTarget(),
    now: deps.now,
    timers: { set: () => 0, clear: () => {} },
    onUserChanged: () => {},
  });
  const state = createClientState(deps.production, {
    ...nothingElsewhere(),
    claims: computed(() => user._identity.value?.claims ?? null),
  });
  let signInRequired = false;
  await runStartup(deps, {
    onUpdate: (update) => {
      applyStartupUpdate(state, update);
      events.onUpdate?.(update);
    },
    // As a run does: the signed-in user is read once the calls are done.
    onCallsDone: () => {
      user._read();
      user._stop();
      events.onCallsDone?.();
    },
    onSignInRequired: () => {
      signInRequired = true;
      events.onSignInRequired?.();
    },
  });
  const { authType, apiBase, config, version, isCloud, claims } = state;
  return {
    authType: authType.value,
    apiBase: apiBase.value,
    config: config.value,
    version: version.value,
    isCloud: isCloud.value,
    claims: claims.value,
    signInRequired,
  };
}
