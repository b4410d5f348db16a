/**
 * Shows a client's run in an element: an open shadow root (test automation can reach in) styled
 * by the shell's sheet, the shell rendered into it, and taken out again when the run ends.
 */
import { computed } from '@preact/signals';
import { h, render } from 'preact';
import { readDisplayName } from '../auth/displayName';
import { STORAGE_KEYS } from '../product/constants';
import { App } from '../ui/App';
import { resolveActions } from '../ui/actionList';
import { builtInActions, runAction } from '../ui/actions';
import type { Shell } from '../ui/shell';
import { mergeStrings } from '../ui/strings';
import { adoptStyles } from '../ui/styles';
import { getPage } from './page';
import type { ClientRun } from './run';
import type { BootstrapOptions } from './types';

/** The client's own box in `element`; throws for an element that cannot have it (one with a closed root of its own, say). */
export function shadowRootOf(element: Element): ShadowRoot {
  const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
  adoptStyles(shadow);
  return shadow;
}

export function mountClient(shadow: ShadowRoot, run: ClientRun, options: BootstrapOptions): void {
  const strings = mergeStrings(options.strings);
  const { _client: client, _day: day, _notices: notices, _routing: routing } = run;
  const shell: Shell = {
    _state: run._state,
    _shellStatus: day._life._status,
    _client: client,
    // Not one of the contract's five claims: read beside them, from the same stored token, whenever start-up reads them.
    _userName: computed(() => (run._state.claims.value ? readDisplayName(getPage()._local.get(STORAGE_KEYS.jwt)) : null)),
    _notices: notices,
    _sessionNotice: day._expiry._notice,
    _question: day._questions._open,
    _strings: strings,
    _actions: resolveActions(options.actions, builtInActions(strings, day._confirmSignOut), (message) => console.warn(message)),
    _render: options.render,
    _routing: routing,
    _runAction: (action) => runAction(action, client, notices._notify, strings.actionFailed),
    _retry: run._retry,
    _signIn: run._signIn._atStartUp,
    _signInMidDay: run._signIn._midDay,
    _signInHere: run._signIn._here,
    _screenLeft: () => day._unsaved._set(false),
    _reportScreenError: (error) => client.logger.error('EMWeb: a screen failed to render', error),
  };
  render(<App shell={shell} />, shadow);
  // Links inside the client only: a click on the host page's own never reaches its shadow root.
  if (routing) shadow.addEventListener('click', routing._follow);
  run._onEnd(() => {
    if (routing) shadow.removeEventListener('click', routing._follow);
    render(null, shadow);
  });
}
