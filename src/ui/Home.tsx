import type { Ref } from 'preact';
import { h } from 'preact';
import { asText } from '../product/text';
import type { WritableClientState } from '../state/clientState';
import { fill, type Strings } from './strings';

/**
 * The home view, for hosts that bring no screens of their own: what start-up learnt that the
 * header does not show already.
 */
export function Home({
  state,
  strings,
  headingRef,
}: {
  state: WritableClientState;
  strings: Strings;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const config = state.config.value;
  const configuration = config ? asText(config.configurationItemName) : strings.unavailable;
  return (
    <section class="home">
      <h2 tabIndex={-1} ref={headingRef}>
        {strings.homeTitle}
      </h2>
      <p>{fill(strings.homeDetail, { apiBase: asText(state.apiBase.value), configuration })}</p>
    </section>
  );
}
