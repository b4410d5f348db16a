import type { ComponentChild } from 'preact';
import { h } from 'preact';
import { useLayoutEffect, useRef } from 'react';
import type { ShellStatus } from '../session/status';
import { Home } from './Home';
import { HostScreen } from './HostScreen';
import { Panel } from './Panel';
import { RoutedScreen } from './RoutedScreen';
import type { Shell } from './shell';

/**
 * Whether focus moves to what the main area shows now: when a sign-in is asked for, and once a
 * start the user asked for with Retry has ended. A user who acted, or a screen reader, must not
 * be left on `<body>`; a first start takes no focus from the page.
 */
function useFocusOnArrival(kind: ShellStatus['tag'], target: () => HTMLElement | null | undefined): void {
  const retrying = useRef(false);
  const previous = useRef(kind);
  useLayoutEffect(() => {
    const from = previous.current;
    previous.current = kind;
    if (from === kind) return;
    if (from === 'failed' && kind === 'loading') retrying.current = true;
    if (kind === 'loading') return;
    if (kind === 'signInRequired' || retrying.current) target()?.focus();
    retrying.current = false;
  }, [kind]);
}

/** The main area: the loading state, a state that needs the user, or the screen. */
export function Main({ shell }: { shell: Shell }) {
  const strings = shell._strings;
  const heading = useRef<HTMLHeadingElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const status = shell._shellStatus.value;
  // What is shown has a heading of ours, or is a host screen: then the area itself.
  useFocusOnArrival(status.tag, () => heading.current ?? area.current);

  let content: ComponentChild;
  if (status.tag === 'failed') {
    content = (
      <Panel
        headline={strings.startFailed}
        detail={status.message}
        action={strings.retry}
        onAction={shell._retry}
        headingRef={heading}
      />
    );
  } else if (status.tag === 'signInRequired') {
    content = (
      <Panel
        headline={strings.signInRequired}
        detail={strings.signInRequiredDetail}
        action={strings.signIn}
        onAction={shell._signIn}
        headingRef={heading}
      />
    );
  } else if (status.tag === 'ended') {
    // The UI is being taken out: nothing of the client is shown.
    content = null;
  } else if (status.tag === 'loading') {
    content = (
      <p class="loading" role="status">
        {strings.loading}
      </p>
    );
  } else if (shell._routing) {
    // What is left is a shown screen (ready, or beneath the sign-in dialog).
    // Another user back from a sign-in gets every screen afresh (`screen`): nothing of the last one's stays.
    content = <RoutedScreen key={status.screen} shell={shell} routing={shell._routing} headingRef={heading} area={area} />;
  } else if (shell._render) {
    content = <HostScreen key={status.screen} shell={shell} render={shell._render} headingRef={heading} />;
  } else {
    content = <Home state={shell._clientState} strings={strings} headingRef={heading} />;
  }
  // Not <main>: the host page owns its main landmark.
  return (
    <div class="main" tabIndex={-1} ref={area}>
      {content}
    </div>
  );
}
