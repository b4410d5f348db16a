import type { ComponentChildren } from 'preact';
import { useContext } from 'react';
import { useErrorBoundary } from 'preact/hooks';
import { ClientContext } from './hooks';

/** A host screen that throws while rendering takes only itself down, never the shell. */
export function ScreenBoundary({ children }: { children: ComponentChildren }) {
  const client = useContext(ClientContext);
  // A throw in a render is a bug of the product's screen: make sure the server hears of it.
  const [error, reset] = useErrorBoundary((err) => client?.logger.error('EMWeb: a screen failed to render', err));
  if (error) {
    return (
      <div class="panel" role="alert">
        <h2>This screen failed to load</h2>
        <p class="msg">{String((error as Error)?.message ?? error)}</p>
        <button type="button" class="btn" onClick={reset}>
          Try again
        </button>
      </div>
    );
  }
  return <>{children}</>;
}
