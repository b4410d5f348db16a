import type { Ref } from 'preact';
import { h } from 'preact';
import { useErrorBoundary } from 'preact/hooks';
import { useLayoutEffect, useRef } from 'react';
import type { Client, Screen } from '../client/types';
import { SCRIPT_TAG_BUNDLE } from '../product/build';
import { errorText } from '../product/text';
import { ClientContext } from './hooks';
import { Panel } from './Panel';
import type { Strings } from './strings';

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

/** Calls `render` while rendering, so that a throw is caught by the boundary above like any screen's. */
function RenderedScreen({ render, client }: { render: (client: Client) => Screen; client: Client }) {
  const screen = render(client);
  return screen instanceof Node ? <DomScreen node={screen} /> : screen;
}

export interface HostScreenProps {
  render: (client: Client) => Screen;
  client: Client;
  strings: Strings;
  onError(error: unknown): void;
  headingRef: Ref<HTMLHeadingElement>;
}

/** A host screen that throws takes only itself down, never the shell; the server hears of it once. */
export function HostScreen({ render, client, strings, onError, headingRef }: HostScreenProps) {
  const [error, reset] = useErrorBoundary(onError);
  if (error) {
    return (
      <Panel
        _headline={strings.screenFailed}
        _detail={errorText(error)}
        _action={strings.tryAgain}
        _onAction={reset}
        _headingRef={headingRef}
      />
    );
  }
  const screen = <RenderedScreen render={render} client={client} />;
  return SCRIPT_TAG_BUNDLE ? screen : <ClientContext.Provider value={client}>{screen}</ClientContext.Provider>;
}
