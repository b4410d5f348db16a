import type { Ref } from 'preact';

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
      <h2 class="panel-headline" tabIndex={-1} ref={headingRef}>
        {headline}
      </h2>
      <p class="panel-detail">{detail}</p>
      <button type="button" class="primary-button" onClick={onAction}>
        {action}
      </button>
    </section>
  );
}
