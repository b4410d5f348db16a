import { h } from 'preact';
import { Header } from './Header';
import { Main } from './Main';
import { SpeedDial } from './SpeedDial';
import type { Shell } from './shell';

/** The shell: header, main area, speed dial, and a live region for short notices. */
export function App({ shell }: { shell: Shell }) {
  const notice = shell._notice.value;
  const status = shell._shellStatus.value;
  return (
    <div class="emweb" data-breakpoint={shell._state.breakpoint.value} aria-busy={status._kind === 'loading'}>
      <Header shell={shell} />
      <Main shell={shell} />
      {status._kind === 'ready' && shell._actions.length > 0 && (
        <SpeedDial actions={shell._actions} label={shell._strings.menu} onSelect={shell._runAction} />
      )}
      <div class="notices" role="status" aria-live="polite">
        {notice && <span class="notice">{notice}</span>}
      </div>
    </div>
  );
}
