import type { Ref } from 'preact';
import { h } from 'preact';

/** Internal props: `_`-named, so the build shortens them (mangle.json). */
export interface PanelProps {
  _headline: string;
  _detail: string;
  _action: string;
  _onAction(): void;
  /** The headline, so that focus can be moved to it. */
  _headingRef?: Ref<HTMLHeadingElement>;
}

/** A state that needs the user: what happened, in plain words, the detail below it, and the way on. */
export function Panel({
  _headline: headline,
  _detail: detail,
  _action: action,
  _onAction: onAction,
  _headingRef: headingRef,
}: PanelProps) {
  return (
    <section class="panel" role="alert">
      <h2 tabIndex={-1} ref={headingRef}>
        {headline}
      </h2>
      <p>{detail}</p>
      <button type="button" onClick={onAction}>
        {action}
      </button>
    </section>
  );
}
