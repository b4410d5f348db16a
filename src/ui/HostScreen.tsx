import type { Ref } from 'preact';
import { h } from 'preact';
import { useErrorBoundary, useLayoutEffect, useRef } from 'preact/hooks';
import { SCRIPT_TAG_BUNDLE } from '../product/build';
import { errorText } from '../product/text';
import type { Client, Screen } from '../types/client';
import { FOREIGN_REACT_MESSAGE, isForeignReactElement } from './foreignReact';
import { ClientContext } from './hooks';
import { Panel } from './Panel';
import type { ScreenOfClient, Shell } from './shell';
import { DraftContext, type DraftScope, draftScope } from './useDraft';

/** A DOM node a host built itself is inserted as it is, and taken out again with the screen. */
function DomScreen({ node }: { node: Node }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = holder.current;
    element?.replaceChildren(node);
    return () => element?.replaceChildren();
  }, [node]);
  return <div class="host-node" ref={holder} />;
}

/**
 * Calls `render` while rendering, so that a throw is caught by the boundary above like any screen's;
 * so is an element of another React, which Preact would silently render as nothing.
 */
function RenderedScreen({ render, client }: { render: (client: Client) => Screen; client: Client }) {
  const screen = render(client);
  if (isForeignReactElement(screen)) throw new Error(FOREIGN_REACT_MESSAGE);
  return screen instanceof Node ? <DomScreen node={screen} /> : screen;
}

export interface HostScreenProps {
  shell: Shell;
  render: (client: Client) => Screen;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * The screen's own client while it is shown: opened with the screen, closed when it goes or fails
 * (its unsaved flag and its calls go with it), opened afresh by Try again.
 */
function useScreenClient(shell: Shell, failed: boolean): [Client, DraftScope] {
  const screen = useRef<[ScreenOfClient, DraftScope] | null>(null);
  if (!screen.current) {
    const opened = shell._openScreen();
    screen.current = [opened, draftScope(opened._drafts, shell._notices, shell._strings)];
  }
  const [{ _client: client }, drafts] = screen.current;
  const close = () => {
    screen.current?.[0]._close();
    screen.current?.[1]._close();
  };
  useLayoutEffect(() => {
    if (!failed) return;
    close();
    screen.current = null;
  }, [failed]);
  useLayoutEffect(() => close, []);
  return [client, drafts];
}

/** A host screen that throws takes only itself down, never the shell; the server hears of it once. */
export function HostScreen({ shell, render, headingRef }: HostScreenProps) {
  const [error, reset] = useErrorBoundary(shell._reportScreenError);
  // A screen that goes, or fails, takes its unsaved work with it: the next one starts with none.
  const [client, drafts] = useScreenClient(shell, !!error);
  if (error) {
    const strings = shell._strings;
    return (
      <Panel
        headline={strings.screenFailed}
        detail={errorText(error)}
        action={strings.tryAgain}
        onAction={reset}
        headingRef={headingRef}
      />
    );
  }
  const screen = (
    <DraftContext.Provider value={drafts}>
      <RenderedScreen render={render} client={client} />
    </DraftContext.Provider>
  );
  return SCRIPT_TAG_BUNDLE ? screen : <ClientContext.Provider value={client}>{screen}</ClientContext.Provider>;
}
