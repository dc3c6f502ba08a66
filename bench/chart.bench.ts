import type { Candle } from '../src/core/domain/candle.js';
import { toIstIso } from '../src/core/time/ist.js';
import type { CandleInterval } from '../src/core/vocabulary/index.js';
import { renderCandleChart } from '../src/discord/chart/index.js';
import { createMarket } from '../src/sim/market/market.js';
import { measure, printTable } from './lib.js';

const DAY = 86_400_000;
// Friday 20 November 2026, 09:15 IST.
const OPEN = Date.UTC(2026, 10, 20, 3, 45);

/** The simulated market's last `count` bars of RELIANCE before Friday's close, as the client returns them. */
function candles(count: number, interval: CandleInterval, days: number): Candle[] {
  const market = createMarket({ seed: 1, hours: 'real' });
  const stock = market.universe(OPEN).bySymbol('NSE', 'RELIANCE-EQ');
  if (!stock) throw new Error('NSE:RELIANCE-EQ missing');
  return market
    .candles(stock, OPEN - days * DAY, OPEN + DAY / 3, interval, OPEN + DAY)
    .slice(-count)
    .map((b) => ({
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

/** Chart rendering (SVG built by hand, PNG by resvg) at the Discord desk's size. */
export async function run(): Promise<void> {
  const intraday = candles(120, '5', 3);
  const capped = candles(500, '1', 3);
  if (intraday.length !== 120 || capped.length !== 500) throw new Error('the market gave too few bars');
  const rows = [
    await measure(
      '1000x500 chart, 120 five-minute candles',
      () => renderCandleChart({ title: 'NSE:RELIANCE-EQ', candles: intraday, interval: '5' }),
      { count: 60, warmup: 5 },
    ),
    await measure(
      '1000x500 chart, 500 one-minute candles (cap)',
      () => renderCandleChart({ title: 'NSE:RELIANCE-EQ', candles: capped, interval: '1' }),
      { count: 30, warmup: 3 },
    ),
  ];
  printTable('candlestick chart', rows);
}
