/** The logger benchmark's figures (bench/logger.ts, run as it is) as a BENCHMARKS.md section. */
import type { benchLogger, Figure } from './logger';

type LoggerResult = Awaited<ReturnType<typeof benchLogger>>;

const span = (median: number, min: number, max: number) => `${median} (${min}–${max})`;

export function loggerMarkdown(r: LoggerResult): string {
  const row = (name: string, f: Figure) =>
    `| ${name} | ${span(f.oursNs, f.oursMinNs, f.oursMaxNs)} | ${span(f.loglevelNs, f.loglevelMinNs, f.loglevelMaxNs)} | ${f.ratio} |`;
  const ok = (b: boolean) => (b ? 'met' : '**missed**');
  const outage = (o: LoggerResult['outage'], what: string) =>
    `Outage of ${what} (every send answered 503): ${o.errors.toLocaleString('en-US')} errors over ${o.simulatedMinutes} simulated minutes, ` +
    `${o.requests} requests sent (backoff), ${o.queueFullWarnings} "queueFull" console warning${o.queueFullWarnings === 1 ? '' : 's'}, ` +
    `${o.dropped.toLocaleString('en-US')} counted as dropped, ledger ${o.balanced ? 'balanced' : '**not balanced**'}; ` +
    `heap ${o.heapBeforeMB} MB before, ${o.heapAfterMB} MB after (every 100,000 errors: ${o.heapSamplesMB.join(', ')} MB${o.gcForced ? ', after forced GC' : ', GC not forced'}); ` +
    `${(o.nsPerError / 1000).toFixed(1)} µs per error including the fake clock.`;
  return [
    'ns per call, median (min–max) over the rounds; ratio on the medians, below 1 means EMWeb is faster.',
    '',
    '| call | EMWeb | loglevel | EMWeb ÷ loglevel |',
    '| --- | ---: | ---: | ---: |',
    row('(a) `debug` below every threshold', r.filtered),
    row('(b) `info`, console logging off', r.consoleOff),
    row(
      '(c) `error` queued for the server, distinct messages, a context set, scrubbed (loglevel + loglevel-plugin-remote)',
      r.queued,
    ),
    row(
      '(d) `error`, one error again and again: counted into a grouped entry (loglevel-plugin-remote: the same calls)',
      r.grouped,
    ),
    '',
    `Targets set in \`bench/logger.ts\`, as ratios within one run: filtered call ≤ 1.0× loglevel: ${ok(r.filtered.ratio <= 1)} (${r.filtered.ratio}); ` +
      `queued error ≤ 0.8× loglevel-plugin-remote: ${ok(r.queued.ratio <= 0.8)} (${r.queued.ratio}); ` +
      `grouped repeat ≤ 0.25× loglevel-plugin-remote's queued call (c): ${ok(r.groupedRatio <= 0.25)} (${r.groupedRatio}; ${r.grouped.ratio} against the same calls); ` +
      `heap flat in both outages (≤ 2 MB growth): ${ok(r.outage.heapGrowthMB <= 2 && r.outageRepeated.heapGrowthMB <= 2)} ` +
      `(${r.outage.heapGrowthMB} MB, ${r.outageRepeated.heapGrowthMB} MB).`,
    '',
    `(e) Main-thread ms per second while a page logs 10,000 distinct errors a second (a context set; event-loop active time, median of the rounds): ` +
      `EMWeb with the production defaults (past 300 a minute errors are counted, not queued) ${r.msPerSecond.ours} ms; ` +
      `EMWeb with the rate limit lifted (every error queued, and sent in batches to a server answering 200) ${r.msPerSecond.oursUnlimited} ms; ` +
      `loglevel + loglevel-plugin-remote (every error queued, never sent) ${r.msPerSecond.remote} ms.`,
    '',
    outage(r.outage, 'distinct errors'),
    '',
    outage(r.outageRepeated, 'one error again and again (grouped)'),
  ].join('\n');
}
