import type { Candle } from '../domain/candle.js';
import { istDate, istParts } from '../time/ist.js';
import { type CandleInterval, DAY_MS } from '../vocabulary/index.js';
import { clockTime, dayMonth, monthName } from './format.js';

/** A label under the candle at `index`. */
export interface TimeLabel {
  readonly index: number;
  readonly text: string;
}

/** One way to group bars: a label goes on the first bar of each group. */
interface Level {
  readonly key: (epochMs: number) => string | number;
  readonly text: (epochMs: number, firstOfDay: boolean) => string;
}

/** The IST calendar day number, counting whole days since 1 January 1970 IST. */
const dayNumber = (ms: number): number => {
  const p = istParts(ms);
  return Date.UTC(p.year, p.month - 1, p.day) / DAY_MS;
};

const byDay: Level = { key: istDate, text: dayMonth };
// 1 January 1970 was a Thursday: shifting by three days makes weeks start on Monday.
const byWeek: Level = { key: (ms) => Math.floor((dayNumber(ms) + 3) / 7), text: dayMonth };
const yearOrMonth = (ms: number): string => {
  const p = istParts(ms);
  return p.month === 1 ? String(p.year) : monthName(p.month);
};
const byMonth: Level = { key: (ms) => istDate(ms).slice(0, 7), text: yearOrMonth };
const byQuarter: Level = {
  key: (ms) => {
    const p = istParts(ms);
    return p.year * 4 + Math.floor((p.month - 1) / 3);
  },
  text: yearOrMonth,
};
const byYear: Level = { key: (ms) => istParts(ms).year, text: (ms) => String(istParts(ms).year) };

function byMinutes(size: number): Level {
  return {
    key: (ms) => {
      const p = istParts(ms);
      return `${istDate(ms)} ${Math.floor((p.hour * 60 + p.minute) / size)}`;
    },
    // The first bar of a day says which day it is, so multi-day windows read as dates and times.
    text: (ms, firstOfDay) => (firstOfDay ? dayMonth(ms) : clockTime(ms)),
  };
}

function levelsFor(interval: CandleInterval): readonly Level[] {
  const coarse = [byDay, byWeek, byMonth, byQuarter, byYear];
  if (interval === 'D') return coarse;
  const minutes = [5, 10, 15, 30, 60, 120, 240].filter((m) => m >= Number(interval)).map(byMinutes);
  return [...minutes, ...coarse];
}

/**
 * Labels for the time axis: the finest grouping whose labels fit, placed on the first bar of each group
 * and never overlapping (`slot` is one bar's width in pixels). Daily bars get dates, never times; in
 * intraday windows over several days the first bar of each day gets its date.
 */
export function timeLabels(
  candles: readonly Candle[],
  interval: CandleInterval,
  slot: number,
  labelWidth: (text: string) => number,
  plotWidth: number,
): TimeLabel[] {
  if (candles.length === 0) return [];
  const days = candles.map((c) => istDate(c.epochMs));
  const multiDay = days[0] !== days.at(-1);
  const dayStart = (i: number): boolean =>
    interval !== 'D' && multiDay && (i === 0 || days[i] !== days[i - 1]);
  const epochAt = (i: number): number => (candles[i] as Candle).epochMs;
  const clockFirst = interval !== 'D' && !multiDay;
  for (const level of levelsFor(interval)) {
    const textAt = (i: number): string =>
      i === 0
        ? clockFirst
          ? clockTime(epochAt(0))
          : dayMonth(epochAt(0))
        : level.text(epochAt(i), dayStart(i));
    const starts: number[] = [];
    for (let i = 1; i < candles.length; i++) {
      if (level.key(epochAt(i)) !== level.key(epochAt(i - 1))) starts.push(i);
    }
    const widest = Math.max(0, ...starts.map((i) => labelWidth(textAt(i))));
    if (starts.length * (widest + GAP) > plotWidth) continue;
    const widths = (i: number): number => labelWidth(textAt(i));
    const centre = (i: number): number => labelCentre(i, slot, widths(i), plotWidth);
    // Each new day's first bar matters most, then the round times, then the window's first bar.
    const wanted = new Set([...[0, ...starts].filter(dayStart), ...starts, 0]);
    return spaced([...wanted], centre, widths)
      .sort((a, b) => a - b)
      .map((index) => ({ index, text: textAt(index) }));
  }
  return [{ index: 0, text: dayMonth(epochAt(0)) }];
}

const GAP = 14;

/** Where a label's centre goes, in pixels from the plot's left: under its bar, but never past either edge. */
export function labelCentre(index: number, slot: number, width: number, plotWidth: number): number {
  return Math.min(Math.max((index + 0.5) * slot, width / 2), plotWidth - width / 2);
}

/** Takes candidates in the order given (most wanted first), keeping each that overlaps none kept so far. */
function spaced(
  candidates: readonly number[],
  centre: (i: number) => number,
  width: (i: number) => number,
): number[] {
  const kept: number[] = [];
  for (const i of candidates) {
    const clear = kept.every((k) => Math.abs(centre(k) - centre(i)) >= (width(k) + width(i)) / 2 + GAP);
    if (clear) kept.push(i);
  }
  return kept;
}
