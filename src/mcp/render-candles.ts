import type { z } from 'zod';
import { showCount, showPrice } from '../core/checks/index.js';
import type { rowOut, WindowSummary } from './schemas/candles.js';

/** What the text of a window of bars is made from. */
export interface CandlesView {
  readonly key: string;
  readonly interval: string;
  readonly summary: WindowSummary;
  readonly rows: readonly z.input<typeof rowOut>[];
  readonly first: number;
  readonly last: number;
  readonly total: number;
  readonly tick?: number;
  readonly index: boolean;
}

/** How the ends of a window read: dates for daily bars, `2026-11-20 09:15` for intraday ones. */
export function windowStamp(interval: string): (iso: string) => string {
  return interval === 'D' ? (iso) => iso.slice(0, 10) : (iso) => iso.slice(0, 16).replace('T', ' ');
}

/**
 * How a moment inside the window reads: daily bars by date alone; intraday bars by time of day, dated
 * as well when the window spans more than one day.
 */
function stamper(interval: string, fromIso: string, toIso: string): (iso: string) => string {
  if (interval === 'D' || fromIso.slice(0, 10) !== toIso.slice(0, 10)) return windowStamp(interval);
  return (iso) => iso.slice(11, 16);
}

/** A window of bars as text: the summary line, then one line per row. */
export function candlesText(v: CandlesView): string {
  const s = v.summary;
  const p = (n: number): string => showPrice(n, v.tick);
  const daily = v.interval === 'D';
  const when = stamper(v.interval, s.from, s.to);
  const on = daily ? 'on' : 'at';
  const ends = windowStamp(v.interval);
  const span = `${ends(s.from)} to ${ends(s.to)}${daily ? '' : ' IST'}`;
  const volume =
    s.volume !== undefined ? `, volume ${showCount(s.volume)}` : v.index ? '; an index: no volume' : '';
  const head =
    `${v.key} ${daily ? 'daily' : `${v.interval}-minute`} bars ${span} (${s.bars}): ` +
    `open ${p(s.open)}, high ${p(s.high)} ${on} ${when(s.highAt)}, low ${p(s.low)} ${on} ${when(s.lowAt)}, close ${p(s.close)}, ` +
    `change ${s.change >= 0 ? '+' : ''}${p(s.change)} (${s.changePct}%)${volume}. ` +
    `Rows ${v.first}-${v.last} of ${v.total}${v.first > 1 ? '; earlier rows with nextCursor' : ''}:`;
  const row = (b: z.input<typeof rowOut>): string =>
    `${ends(b.time)} O ${p(b.open)} H ${p(b.high)} L ${p(b.low)} C ${p(b.close)}` +
    (b.volume === undefined ? '' : ` V ${showCount(b.volume)}`);
  return [head, ...v.rows.map(row)].join('\n');
}
