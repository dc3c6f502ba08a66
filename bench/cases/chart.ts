import { renderCandleChart } from '../../src/core/chart/index.js';
import type { Candle } from '../../src/core/domain/candle.js';
import { toIstIso } from '../../src/core/time/ist.js';
import { type CandleInterval, DAY_MS } from '../../src/core/vocabulary/index.js';
import { createMarket } from '../../src/sim/market/market.js';
import { compare } from '../harness/compare.js';
import type { BenchCase } from '../harness/types.js';

// Friday 20 November 2026, 09:15 IST.
const OPEN = Date.UTC(2026, 10, 20, 3, 45);
const SMALL = '120 five-minute candles';
const CAP = '500 one-minute candles (the cap)';
/** Discord's deadline for a first answer: a chart must fit in it many times over. */
const DEADLINE_MS = 3_000;

/** The simulated market's last `count` bars of RELIANCE before Friday's close, as the client returns them. */
function candles(count: number, interval: CandleInterval, days: number): Candle[] {
  const market = createMarket({ seed: 1, hours: 'real' });
  const stock = market.universe(OPEN).bySymbol('NSE', 'RELIANCE-EQ');
  if (!stock) throw new Error('NSE:RELIANCE-EQ missing');
  const bars = market
    .candles(stock, OPEN - days * DAY_MS, OPEN + DAY_MS / 3, interval, OPEN + DAY_MS)
    .slice(-count);
  if (bars.length !== count) throw new Error(`the market gave ${bars.length} bars, not ${count}`);
  return bars.map((b) => ({
    time: toIstIso(b.start),
    epochMs: b.start,
    open: b.open,
    high: b.high,
    low: b.low,
    close: b.close,
    vwap: b.vwap,
    volume: b.volume,
    openInterest: undefined,
    openInterestChange: undefined,
    raw: b,
  }));
}

/** Chart rendering (SVG built by hand, PNG by resvg) at the Discord desk's size, small and at the cap. */
export const chartCase: BenchCase = {
  name: 'chart',
  title: 'candlestick chart 1000x500 PNG: 120 candles vs the 500-candle cap',
  proves:
    'How long a chart takes and how it grows with the candles drawn; p99 must stay far inside ' +
    "Discord's 3 s.",
  async run(ctx) {
    const intraday = candles(120, '5', 3);
    const capped = candles(500, '1', 3);
    const c = await compare(
      [
        {
          name: SMALL,
          op: () => renderCandleChart({ title: 'NSE:RELIANCE-EQ', candles: intraday, interval: '5' }),
        },
        {
          name: CAP,
          op: () => renderCandleChart({ title: 'NSE:RELIANCE-EQ', candles: capped, interval: '1' }),
        },
      ],
      { scale: ctx.scale, opsPerRound: 12, concurrency: 1 },
    );
    const p99 = Math.max(...c.contenders.map((k) => k.latencyMs.p99));
    return {
      contenders: c.contenders,
      ratios: [c.ratio('500-candle p50 / 120-candle p50', CAP, SMALL, 'p50')],
      checks: [
        {
          name: 'p99 leaves Discord’s 3 s deadline ten times over',
          ok: p99 < DEADLINE_MS / 10,
          detail: `p99 ${p99.toFixed(0)} ms`,
        },
      ],
    };
  },
};
