/**
 * Where a sign-in happens. At start-up, before anything was shown, the gateway's page takes this
 * tab (or the host's `onSignInRequired` is called). Mid-day the screen must stay: the gateway opens
 * in a new tab, coming back to the client under /web/, and this tab carries on once the other
 * becomes ready signed in; only where the browser refuses the tab is this one offered, after the
 * unsaved-work question.
 */
import type { Logger } from '../logging/types';
import { AUTH_PATH } from '../product/constants';
import { BASE_PATH } from '../routes/match';
import type { WorkingDay } from '../session/workingDay';
import type { BootstrapOptions } from './types';

export interface SignIn {
  _atStartUp(): void;
  /** The sign-in dialog's Sign in (and the expiry notice's Sign in again). */
  _midDay(): void;
  /** The mid-day sign-in in this tab, where the new tab was refused. */
  _here(): void;
  /** The host's `onSignInRequired`, guarded; none without it. */
  _hostCallback: (() => void) | undefined;
}

export interface SignInDeps {
  options: BootstrapOptions;
  /** Where the API, and its gateway, live. */
  origin: string;
  logger: Logger;
  day: WorkingDay;
}

/** The gateway's sign-in, coming back to `returnUrl`. */
const gatewayUrl = (origin: string, returnUrl: string) => `${origin}${AUTH_PATH}?returnUrl=${encodeURIComponent(returnUrl)}`;

/** The client's address to come back to: this page's when it is under /web/, else the client's start. */
const clientAddress = () => (location.pathname.startsWith(BASE_PATH) ? location.href : location.origin + BASE_PATH);

export function createSignIn({ options, origin, logger, day }: SignInDeps): SignIn {
  const host = options.onSignInRequired;
  const hostCallback =
    host &&
    (() => {
      try {
        host();
      } catch (error) {
        logger.error('EMWeb: onSignInRequired failed', error);
      }
    });
  /** The gateway's sign-in in this tab, coming back to where it is. */
  const signInHere = () => location.assign(gatewayUrl(origin, location.href));
  return {
    _atStartUp: hostCallback ?? signInHere,
    _midDay:
      hostCallback ??
      (() => {
        const opened = window.open(gatewayUrl(origin, clientAddress()), '_blank');
        // Opened without `noopener`, which would hide a refused tab: the gateway's page gets no handle on this one.
        if (opened) opened.opener = null;
        day._life._signInStep(opened ? 'elsewhere' : 'refused');
      }),
    async _here() {
      const leave = !day._unsaved._unsaved.peek() || (await day._questions._ask('leave'));
      if (!leave) return;
      day._unsaved._set(false);
      signInHere();
    },
    _hostCallback: hostCallback,
  };
}
