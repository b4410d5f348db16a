import { h } from 'preact';
import { Header } from './Header';
import { Main } from './Main';
import { SpeedDial } from './SpeedDial';
import type { Shell } from './shell';

/** The shell: header, main area, speed dial, and a live region for short notices. */
export function App({ shell }: { shell: Shell }) {
  const notice = shell.notice.value;
  const status = shell.shellStatus.value;
  return (
    <div class="emweb" data-breakpoint={shell.state.breakpoint.value} aria-busy={status._kind === 'loading'}>
      <Header shell={shell} />
      <Main shell={shell} />
      {status._kind === 'ready' && shell.actions.length > 0 && (
        <SpeedDial actions={shell.actions} label={shell.strings.menu} onSelect={shell.runAction} />
      )}
      <div class="notices" role="status" aria-live="polite">
        {notice && <span class="notice">{notice}</span>}
      </div>
    </div>
  );
}
