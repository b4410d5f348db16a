/**
 * What the tabs of an origin tell each other about the session, so that they act as one client:
 * a sign-out in one ends the session in every other; a tab that becomes ready signed in brings the
 * tabs waiting on "Sign-in required" back. Only these explicit messages count: a tab that removes
 * the stored sign-in for another reason (a remembered authType that proved wrong, a host's own reset)
 * fires `storage` events, never a sign-out.
 */
import type { OpenTabChannel } from './channel';

/** The channel the tabs of an origin share for their session (the contract's `emweb.` prefix). */
export const SESSION_CHANNEL = 'emweb.session';

/** What one tab tells the others. Sent as it is: plain field names. */
type SessionMessage = { type: 'signedOut' } | { type: 'signedIn' };

export interface SessionTabsDeps {
  open: OpenTabChannel;
  /** Whether this tab shows "Sign-in required" now. */
  waitsForSignIn(): boolean;
  /** Loads the configuration again and shows the client if it is there; a refusal leaves the tab as it is. */
  reload(): Promise<unknown>;
  /** Ends this tab's session as a sign-out here would (its own `onSignOut`). */
  signOut(): void;
}

export interface SessionTabs {
  /** This tab signed out: every other ends its session. */
  _signedOut(): void;
  /** This tab became ready signed in: the others waiting for a sign-in load again. */
  _signedIn(): void;
  /** Stops listening; nothing is posted any more. */
  _stop(): void;
}

/**
 * Tells the tabs of the origin that a sign-in happened, as a tab that became ready signed in does,
 * from outside a client (the test kit's `server.signIn()`): one message, then the line is let go.
 */
export function announceSignedIn(open: OpenTabChannel): void {
  const channel = open(() => {});
  channel.post({ type: 'signedIn' } satisfies SessionMessage);
  // A message posted is delivered after its channel closes.
  channel.close();
}

const isMessage = (data: unknown, type: SessionMessage['type']): boolean => (data as { type?: unknown } | null)?.type === type;

/**
 * What the tabs' session part is doing: `idle` (listening to the others), `following` another tab's
 * sign-in (one reload at a time: the sign-in of several tabs at once loads the configuration
 * once), or `stopped` (it hears and posts nothing any more).
 */
type Phase = 'idle' | 'following' | 'stopped';

export function joinSessionTabs(deps: SessionTabsDeps): SessionTabs {
  let phase: Phase = 'idle';
  const settle = () => {
    if (phase === 'following') phase = 'idle';
  };
  const receive = (data: unknown) => {
    if (phase === 'stopped') return;
    if (isMessage(data, 'signedOut')) deps.signOut();
    else if (isMessage(data, 'signedIn') && phase === 'idle' && deps.waitsForSignIn()) {
      phase = 'following';
      deps.reload().then(settle, settle);
    }
  };
  const channel = deps.open(receive);
  return {
    _signedOut() {
      if (phase !== 'stopped') channel.post({ type: 'signedOut' } satisfies SessionMessage);
    },
    // A ready that follows another tab's sign-in is not news: that tab told everyone already.
    _signedIn() {
      if (phase === 'idle') channel.post({ type: 'signedIn' } satisfies SessionMessage);
    },
    _stop() {
      phase = 'stopped';
      channel.close();
    },
  };
}
