import type { BenchReport } from './run.js';
import type { Spread } from './stats.js';
import type { CaseReport, RatioReport } from './types.js';

const fixed = (v: number, digits: number): string => (Number.isFinite(v) ? v.toFixed(digits) : '-');

/** A value in its unit: ratios with two decimals and an `x`, times and sizes with theirs. */
export function formatValue(v: number, unit = 'x'): string {
  if (unit === 'x') return `${fixed(v, 2)}x`;
  if (unit === 'ms') return `${fixed(v, Math.abs(v) < 10 ? 3 : 1)} ms`;
  if (unit === 'µs' || unit === 'MiB' || unit === 'ops/s')
    return `${fixed(v, Math.abs(v) < 10 ? 1 : 0)} ${unit}`;
  return `${fixed(v, Math.abs(v) < 10 ? 2 : 0)} ${unit}`;
}

function targetText(r: RatioReport): string {
  if (r.target === undefined) return '';
  const sign = r.better === 'lower' ? '≤' : '≥';
  return `${sign} ${formatValue(r.target, r.unit)} ${r.met ? 'met' : 'MISSED'}`;
}

const range = (s: Spread, unit?: string): string => `${formatValue(s.p25, unit)}–${formatValue(s.p75, unit)}`;
const extremes = (s: Spread, unit?: string): string =>
  `${formatValue(s.min, unit)}–${formatValue(s.max, unit)}`;

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((c, i) => (i === 0 || i === 1 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
    .join('  ');
}

/** The headline: every ratio of every case, median first, then its spread across rounds and its target. */
export function headline(cases: readonly CaseReport[]): string[] {
  const widths = [26, 48, 10, 21, 21, 0];
  const lines = [row(['case', 'ratio', 'median', 'IQR', 'min–max', 'target'], widths)];
  for (const c of cases) {
    if (c.error) lines.push(row([c.name, `FAILED: ${c.error.split('\n')[0] ?? ''}`], widths));
    for (const r of c.ratios ?? []) {
      lines.push(
        row(
          [
            c.name,
            r.name,
            formatValue(r.spread.p50, r.unit),
            range(r.spread, r.unit),
            extremes(r.spread, r.unit),
            targetText(r),
          ],
          widths,
        ).trimEnd(),
      );
    }
  }
  return lines;
}

function details(c: CaseReport): string[] {
  const lines = [``, `### ${c.name}: ${c.title} (${c.seconds.toFixed(1)} s)`, c.proves];
  if (c.contenders && c.contenders.length > 0) {
    const widths = [44, 0, 9, 9, 9, 9, 9, 10, 10, 12];
    lines.push(
      row(
        [
          'contender',
          '',
          'p50 ms',
          'p90 ms',
          'p99 ms',
          'min ms',
          'max ms',
          'ops/s',
          'CPU µs/op',
          'server µs/op',
        ],
        widths,
      ),
    );
    for (const k of c.contenders) {
      const l = k.latencyMs;
      lines.push(
        row(
          [
            k.name,
            '',
            fixed(l.p50, 3),
            fixed(l.p90, 3),
            fixed(l.p99, 3),
            fixed(l.min, 3),
            fixed(l.max, 3),
            fixed(k.opsPerSecond.p50, 0),
            fixed(k.cpuPerOpUs.p50, 0),
            k.serverCpuPerOpUs ? fixed(k.serverCpuPerOpUs.p50, 0) : '-',
          ],
          widths,
        ),
      );
    }
  }
  for (const f of c.figures ?? []) {
    const spread = f.spread
      ? ` (min ${formatValue(f.spread.min, f.unit)}, max ${formatValue(f.spread.max, f.unit)}, n ${f.spread.n})`
      : '';
    lines.push(`  ${f.name}: ${formatValue(f.value, f.unit)}${spread}`);
  }
  for (const k of c.checks ?? []) lines.push(`  ${k.ok ? 'ok  ' : 'FAIL'} ${k.name}: ${k.detail}`);
  for (const n of c.notes ?? []) lines.push(`  note: ${n}`);
  if (c.error) lines.push(`  FAILED: ${c.error}`);
  return lines;
}

/** The whole run as text: conditions, the headline ratios, then each case's contenders and figures. */
export function renderText(report: BenchReport): string {
  const m = report.meta;
  const mode = m.scale.quick ? 'quick (smoke run: do not quote these figures)' : 'full';
  return [
    `omsdesk benchmarks: node ${m.node}, ${m.platform}, ${m.cpus} x ${m.cpuModel}`,
    `load average ${fixed(m.load[0], 1)} at the start, ${fixed(m.load[1], 1)} at the end; ${mode}; ` +
      `${m.scale.rounds} measured rounds after ${m.scale.warmupRounds} warm-up; ${fixed(m.seconds, 0)} s`,
    '',
    '## Ratios (median of the per-round values; IQR and min–max are their spread across rounds)',
    ...headline(report.cases),
    '',
    '## Cases',
    ...report.cases.flatMap(details),
    '',
  ].join('\n');
}
