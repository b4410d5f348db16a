import type { Ref } from 'preact';
import { h } from 'preact';

export interface PanelProps {
  headline: string;
  detail: string;
  action: string;
  onAction(): void;
  /** The headline, so that focus can be moved to it. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A state that needs the user: what happened, in plain words, the detail below it, and the way on. */
export function Panel({ headline, detail, action, onAction, headingRef }: PanelProps) {
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
