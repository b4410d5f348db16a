import { h } from 'preact';
import type { ExpiryNotice } from '../session/expiry';
import type { Notice } from './notices';
import type { Shell } from './shell';
import { fill, fillTime } from './strings';

function NoticeItem({ shell, notice }: { shell: Shell; notice: Notice }) {
  const strings = shell._strings;
  return (
    <div class={`notice ${notice._tone}`}>
      {/* A cut text's ellipsis is the stylesheet's too: the text stays the notice's first characters. */}
      <span class={notice._cut ? 'cut' : undefined}>{notice._text}</span>
      {notice._count > 1 && <span class="count">{fill(strings.noticeCount, { count: notice._count })}</span>}
      {notice._discard && (
        <button
          type="button"
          class="secondary"
          onClick={() => {
            shell._notices._dismiss(notice._id);
            notice._discard?.();
          }}
        >
          {strings.discard}
        </button>
      )}
      {/* Its sign is drawn by the stylesheet: the region's text is the notice's alone. */}
      <button type="button" class="close" aria-label={strings.dismiss} onClick={() => shell._notices._dismiss(notice._id)} />
    </div>
  );
}

/** "Your session ends at 14:02." with a way to sign in again before it does; once it has, that it has ended. */
function SessionEnding({ shell, notice }: { shell: Shell; notice: ExpiryNotice }) {
  const strings = shell._strings;
  return (
    <div class="notice info" role="status">
      <span>{notice.tag === 'ended' ? strings.sessionHasEnded : fillTime(strings.sessionEnding, notice.at)}</span>
      <button type="button" class="secondary" onClick={shell._signInMidDay}>
        {strings.signInAgain}
      </button>
    </div>
  );
}

/**
 * Where the shell and the screens say short things: polite ones (`info`, `success`) in a status
 * region, errors in an alert region. The regions are always there, so that a screen reader hears
 * what is added to them.
 */
export function Notices({ shell }: { shell: Shell }) {
  const shown = shell._notices._shown.value;
  const ending = shell._sessionNotice.value;
  const items = (errors: boolean) =>
    shown.map((notice) => (notice._tone === 'error') === errors && <NoticeItem key={notice._id} shell={shell} notice={notice} />);
  return (
    <div class="notices">
      {ending && <SessionEnding shell={shell} notice={ending} />}
      <div role="status" aria-live="polite">
        {items(false)}
      </div>
      <div role="alert">{items(true)}</div>
    </div>
  );
}
