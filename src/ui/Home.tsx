import { BUILD_VERSION } from '../constants';
import { MODE_LABELS } from './Header';
import type { Shell } from './shell';

type Row = [label: string, value: unknown];

const Card = ({ title, rows }: { title: string; rows: Row[] }) => (
  <section class="card" aria-label={title}>
    <h2>{title}</h2>
    <dl>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value === undefined || value === null || value === '' ? '—' : String(value)}</dd>
        </div>
      ))}
    </dl>
  </section>
);

/** The start-up facts, shown when the host brings no screens of its own. */
export function Home({ shell }: { shell: Shell }) {
  const { config, version, isCloud, claims, authType, breakpoint } = shell.state;
  const c = claims.value;
  const cfg = config.value;
  return (
    <>
      <p class="lead">
        {c?.userId ? `Welcome, ${c.userId}.` : 'Welcome.'} The client has started; these are the facts it learnt.
      </p>
      <div class="grid">
        <Card
          title="Sign-in"
          rows={[
            ['Mode', authType.value && MODE_LABELS[authType.value]],
            ['User', c?.userId],
            ['Profile', c?.profileId],
            ['Language', c?.langId],
          ]}
        />
        <Card
          title="Server"
          rows={[
            ['Version', version.value],
            ['Cloud instance', isCloud.value === null ? null : isCloud.value ? 'Yes' : 'No'],
            ['API base', shell.apiBase.value],
            ['Configuration', cfg ? cfg.configurationItemName : cfg === false ? 'Unavailable' : null],
          ]}
        />
        <Card
          title="Client"
          rows={[
            ['Build', BUILD_VERSION],
            ['Breakpoint', breakpoint.value],
            ['Session', c?.sid],
          ]}
        />
      </div>
    </>
  );
}
