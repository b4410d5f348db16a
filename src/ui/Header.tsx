import { h } from 'preact';
import { BUILD_VERSION } from '../product/constants';
import { asText } from '../product/text';
import { showsScreen } from '../session/status';
import type { Shell } from './shell';
import { authTypeName, fill } from './strings';
import { userLabel } from './userLabel';

/** Who and what: the product's name, the signed-in user, the authType, the versions, the cloud marker. */
export function Header({ shell }: { shell: Shell }) {
  const state = shell._clientState;
  const strings = shell._strings;
  const config = state.config.value;
  const displayName = (config && typeof config.displayName === 'string' && config.displayName) || strings.appName;
  const version = state.version.value;
  const authType = state.authType.value;
  const status = shell._shellStatus.value;
  const kind = status.tag;
  // While loading, or when start-up failed, nothing is known of the user: nothing is claimed.
  const knowsUser = showsScreen(status) || kind === 'signInRequired';
  // A start that failed never asked for the version: no placeholder waits for it.
  const serverVersion =
    kind === 'failed' ? '' : `${fill(strings.serverVersion, { version: version === null ? '…' : asText(version) })} · `;
  return (
    <header class="header">
      <div class="titles">
        <h1>{displayName}</h1>
        <small>
          {serverVersion}
          {fill(strings.buildVersion, { version: BUILD_VERSION })}
        </small>
      </div>
      {state.isCloud.value && <span class="badge">{strings.cloud}</span>}
      {authType && <span class="badge auth">{authTypeName(authType, strings)}</span>}
      {knowsUser && <span>{userLabel(state.claims.value, shell._userName.value, strings)}</span>}
    </header>
  );
}
