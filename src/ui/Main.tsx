import type { ComponentChild } from 'preact';
import { useLayoutEffect, useRef } from 'react';
import { Home } from './Home';
import { HostScreen } from './HostScreen';
import { Panel } from './Panel';
import type { Shell } from './shell';

/** The main area: the loading state, a state that needs the user, or the screen. */
export function Main({ shell }: { shell: Shell }) {
  const { strings, state } = shell;
  const heading = useRef<HTMLHeadingElement>(null);
  const area = useRef<HTMLDivElement>(null);
  const focusRequests = shell.focusRequests.value;
  useLayoutEffect(() => {
    // What is shown now has a heading of ours, or is a host screen: then the area itself.
    if (focusRequests) (heading.current ?? area.current)?.focus();
  }, [focusRequests]);

  const phase = shell.phase.value;
  const client = shell.client.value;
  let content: ComponentChild;
  if (phase === 'error') {
    content = (
      <Panel
        headline={strings.startFailed}
        detail={shell.startError.value}
        action={strings.retry}
        onAction={shell.retry}
        headingRef={heading}
      />
    );
  } else if (phase === 'signin') {
    content = (
      <Panel
        headline={strings.signInRequired}
        detail={strings.signInRequiredDetail}
        action={strings.signIn}
        onAction={shell.signIn}
        headingRef={heading}
      />
    );
  } else if (phase === 'loading' || !client) {
    content = (
      <p class="loading" role="status">
        {strings.loading}
      </p>
    );
  } else if (shell.render) {
    content = (
      <HostScreen
        render={shell.render}
        client={client}
        strings={strings}
        onError={shell.reportScreenError}
        headingRef={heading}
      />
    );
  } else {
    content = <Home state={state} strings={strings} headingRef={heading} />;
  }
  // Not <main>: the host page owns its main landmark.
  return (
    <div class="main" tabIndex={-1} ref={area}>
      {content}
    </div>
  );
}
