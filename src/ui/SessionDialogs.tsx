import { h } from 'preact';
import type { OpenQuestion } from '../session/question';
import type { ShellStatus } from '../session/status';
import { Dialog } from './Dialog';
import type { Shell } from './shell';

/**
 * The session ended mid-day: the screen stays beneath this dialog. Sign in opens the gateway in a
 * new tab (or calls the host's `onSignInRequired`); when the browser refuses the tab, this tab is
 * offered. Escape does not close it: there is nothing to go back to.
 */
export function SignInDialog({ shell, status }: { shell: Shell; status: Extract<ShellStatus, { tag: 'sessionEnded' }> }) {
  const strings = shell._strings;
  const step = status.signIn;
  const note = step === 'elsewhere' ? strings.signInElsewhere : step === 'refused' ? strings.newTabRefused : undefined;
  return (
    <Dialog role="dialog" title={strings.signInRequired} detail={strings.signInRequiredDetail} note={note}>
      <button type="button" onClick={shell._signInMidDay}>
        {strings.signIn}
      </button>
      {step === 'refused' && (
        <button type="button" class="secondary" onClick={shell._signInHere}>
          {strings.signInHere}
        </button>
      )}
    </Dialog>
  );
}

/** "Leave this page?" (or "Sign out with unsaved changes?"): Stay first, and Escape means Stay. */
export function QuestionDialog({ shell, question }: { shell: Shell; question: OpenQuestion }) {
  const strings = shell._strings;
  const signOut = question._about === 'signOut';
  const stay = () => question._answer(false);
  return (
    <Dialog
      role="alertdialog"
      title={signOut ? strings.signOutTitle : strings.leaveTitle}
      detail={strings.leaveDetail}
      onEscape={stay}
    >
      <button type="button" onClick={stay}>
        {strings.stay}
      </button>
      <button type="button" class="secondary" onClick={() => question._answer(true)}>
        {signOut ? strings.signOut : strings.leave}
      </button>
    </Dialog>
  );
}
