import { h } from 'preact';
import { showsScreen } from '../session/status';
import { Header } from './Header';
import { Main } from './Main';
import { Notices } from './Notices';
import { QuestionDialog, SignInDialog } from './SessionDialogs';
import { SpeedDial } from './SpeedDial';
import type { Shell } from './shell';

/**
 * The shell: header, main area, speed dial and notices, and over them the dialogs of the session.
 * While a dialog is up, everything else of the client is `inert`: it keeps its DOM and its state,
 * and takes no focus and no clicks.
 */
export function App({ shell }: { shell: Shell }) {
  const status = shell._shellStatus.value;
  const question = shell._question.value;
  const modal = status.tag === 'sessionEnded' || question !== null;
  return (
    <div class="emweb" data-breakpoint={shell._clientState.breakpoint.value} aria-busy={status.tag === 'loading'}>
      <div class="frame" inert={modal}>
        <Header shell={shell} />
        <Main shell={shell} />
        {showsScreen(status) && shell._actions.length > 0 && (
          <SpeedDial actions={shell._actions} label={shell._strings.menu} onSelect={shell._runAction} />
        )}
        <Notices shell={shell} />
      </div>
      {status.tag === 'sessionEnded' && !question && <SignInDialog shell={shell} status={status} />}
      {question && <QuestionDialog key={question._about} shell={shell} question={question} />}
    </div>
  );
}
