import { BUILD_VERSION } from '../constants';
import type { Shell } from './shell';

export const MODE_LABELS = { oracle: 'Oracle sign-in', secgw: 'Security gateway', token: 'Token sign-in' } as const;

export function Header({ shell }: { shell: Shell }) {
  const { config, version, isCloud, claims, authType } = shell.state;
  const name = (config.value && config.value.displayName) || 'EMWeb';
  const mode = authType.value;
  const user = claims.value?.userId;
  return (
    <header class="hd">
      <span class="logo" aria-hidden="true">
        {String(name).charAt(0).toUpperCase()}
      </span>
      <div class="ttl">
        <h1>{String(name)}</h1>
        <p class="meta">
          {version.value ? `Server ${version.value}` : version.value === '' ? 'Server version unknown' : 'Server …'}
          {' · '}Build {BUILD_VERSION}
        </p>
      </div>
      <div class="tags">
        {isCloud.value && <span class="tag cloud">Cloud</span>}
        {mode && <span class="tag mode">{MODE_LABELS[mode]}</span>}
        <span class="user" title={user ? `Signed in as ${user}` : undefined}>
          <span class="avatar" aria-hidden="true">
            {user ? String(user).charAt(0).toUpperCase() : '?'}
          </span>
          <span class="uname">{user ? String(user) : 'Not signed in'}</span>
        </span>
      </div>
    </header>
  );
}
