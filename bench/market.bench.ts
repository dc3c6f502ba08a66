import { createMarket } from '../src/sim/market/market.js';
import { spanMargin } from '../src/sim/market/span.js';
import type { SimInstrument, Universe } from '../src/sim/market/types.js';
import { measure, printTable } from './lib.js';

const DAY = 86_400_000;
// Friday 20 November 2026, 09:15 IST.
const OPEN = Date.UTC(2026, 10, 20, 3, 45);

function pick(universe: Universe, exchange: string, symbol: string): SimInstrument {
  const found = universe.bySymbol(exchange, symbol);
  if (!found) throw new Error(`${exchange}:${symbol} missing`);
  return found;
}

/** Quote, candle, range and margin throughput of the simulated market. */
export async function run(): Promise<void> {
  const market = createMarket({ seed: 1, hours: 'real' });
  const universe = market.universe(OPEN);
  const stock = pick(universe, 'NSE', 'RELIANCE-EQ');
  const option = pick(universe, 'NFO', 'NIFTY29DEC26C25000');
  const future = pick(universe, 'NFO', 'NIFTY29DEC26F');
  const rows = [
    await measure('snapshot, cash equity, one second apart', (i) => market.snapshot(stock, OPEN + i * 1000), {
      count: 20_000,
    }),
    await measure(
      'snapshot, index option, one second apart',
      (i) => market.snapshot(option, OPEN + i * 1000),
      {
        count: 20_000,
      },
    ),
    await measure(
      '1-minute candles, a whole day, warm',
      () => market.candles(stock, OPEN, OPEN + DAY / 2, '1', OPEN + DAY),
      {
        count: 2_000,
      },
    ),
    await measure(
      '1-minute candles, a new day (cold)',
      (i) => market.candles(stock, OPEN - i * DAY, OPEN - i * DAY + DAY / 2, '1', OPEN + DAY),
      { count: 300, warmup: 0 },
    ),
    await measure(
      '1-minute option candles, a new day (cold)',
      (i) => market.candles(option, OPEN - i * DAY, OPEN - i * DAY + DAY / 2, '1', OPEN + DAY),
      { count: 100, warmup: 0 },
    ),
    await measure(
      'range over 5 minutes',
      (i) => market.range(stock, OPEN + i * 1000, OPEN + i * 1000 + 300_000),
      {
        count: 20_000,
      },
    ),
    await measure(
      'daily candles over a year (warm)',
      () => market.candles(stock, OPEN - 365 * DAY, OPEN, 'D', OPEN),
      {
        count: 200,
      },
    ),
    await measure(
      'span: future + short strangle',
      () =>
        spanMargin(
          [
            { instrument: future, netQuantity: 75 },
            { instrument: pick(universe, 'NFO', 'NIFTY29DEC26C26000'), netQuantity: -75 },
            { instrument: pick(universe, 'NFO', 'NIFTY29DEC26P24000'), netQuantity: -75 },
          ],
          market,
          OPEN,
        ),
      { count: 20_000 },
    ),
    await measure('universe of a new day (cold)', (i) => market.universe(OPEN + (i + 10) * DAY), {
      count: 30,
      warmup: 0,
    }),
  ];
  printTable('simulated market', rows);
}
