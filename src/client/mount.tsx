/**
 * Shows a client's run in an element: an open shadow root (test automation can reach in) styled
 * by the shell's sheet, the shell rendered into it, and taken out again when the run ends.
 */
import { computed, effect } from '@preact/signals';
import { h, render } from 'preact';
import { App } from '../ui/App';
import { resolveActions } from '../ui/actionList';
import { builtInActions, runAction } from '../ui/actions';
import type { Shell } from '../ui/shell';
import { fill, mergeStrings } from '../ui/strings';
import { adoptStyles } from '../ui/styles';
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
    _clientState: run._clientState,
    _shellStatus: day._life._status,
    _client: client,
    // Not one of the contract's five claims: decoded beside them, by their one owner.
    _userName: computed(() => {
      const identity = day._user._identity.value;
      return identity?.claims ? identity.name : null;
    }),
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
    _openScreen: run._openScreen,
    _reportScreenError: (error) => client.logger.error('EMWeb: a screen failed to render', error),
  };
  render(<App shell={shell} />, shadow);
  const stopTellingChanges = tellUserChanges(run, strings.userChanged);
  // Links inside the client only: a click on the host page's own never reaches its shadow root.
  if (routing) shadow.addEventListener('click', routing._follow);
  run._onEnd(() => {
    if (routing) shadow.removeEventListener('click', routing._follow);
    stopTellingChanges();
    render(null, shadow);
  });
}

/** Another user signed in: the person is told who, and that this page's unsaved work was not kept. */
function tellUserChanges(run: ClientRun, text: string): () => void {
  return effect(() => {
    const identity = run._day._changedTo.value;
    if (identity) run._notices._notify(fill(text, { name: identity.name ?? identity.userId ?? '' }));
  });
}
