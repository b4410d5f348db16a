import type { Ref } from 'preact';
import type { ClientState } from '../state/clientState';
import { modeName, type Strings } from '../strings';
import { asText } from './text';

/** The start-up facts, for hosts that bring no screens of their own. */
export function Home({
  state,
  strings,
  headingRef,
}: {
  state: ClientState;
  strings: Strings;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const config = state.config.value;
  const authType = state.authType.value;
  const facts: { label: string; value: unknown }[] = [
    { label: strings.factMode, value: authType && modeName(authType, strings) },
    { label: strings.factUser, value: state.claims.value?.userId },
    { label: strings.factVersion, value: state.version.value },
    { label: strings.factCloud, value: state.isCloud.value ? strings.yes : strings.no },
    { label: strings.factApiBase, value: state.apiBase.value },
    { label: strings.factConfiguration, value: config ? config.configurationItemName : strings.unavailable },
  ];
  return (
    <section class="home">
      <h2 tabIndex={-1} ref={headingRef}>
        {strings.homeTitle}
      </h2>
      <dl>
        {facts.map(({ label, value }) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{asText(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
