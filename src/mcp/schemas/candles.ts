import { z } from 'zod';
import type { Candle } from '../../core/domain/candle.js';

/** One bar as results show it. */
export const rowOut = z.object({
  time: z.string(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number().optional(),
});

/** What a window of bars amounts to (its first and last bar are in the rows). */
export const summaryOut = z.object({
  bars: z.number(),
  open: z.number(),
  high: z.number(),
  highAt: z.string(),
  low: z.number(),
  lowAt: z.string(),
  close: z.number(),
  change: z.number(),
  changePct: z.number(),
  volume: z.number().optional(),
});

/** A window's summary as the text tells it: with the times of its first and last bar. */
export type WindowSummary = z.input<typeof summaryOut> & { readonly from: string; readonly to: string };

/** The summary of a non-empty window: first open, extremes and when, last close, change, and volume when counted. */
export function summarize(bars: readonly Candle[], withVolume: boolean): WindowSummary {
  const first = bars[0] as Candle;
  const last = bars[bars.length - 1] as Candle;
  const high = bars.reduce((a, b) => (b.high > a.high ? b : a), first);
  const low = bars.reduce((a, b) => (b.low < a.low ? b : a), first);
  const change = Math.round((last.close - first.open) * 10_000) / 10_000;
  return {
    bars: bars.length,
    from: first.time,
    to: last.time,
    open: first.open,
    high: high.high,
    highAt: high.time,
    low: low.low,
    lowAt: low.time,
    close: last.close,
    change,
    changePct: first.open === 0 ? 0 : Math.round((change / first.open) * 10_000) / 100,
    volume: withVolume ? bars.reduce((sum, b) => sum + (b.volume ?? 0), 0) : undefined,
  };
}
