import { createMarket } from '../../../src/sim/market/market.js';
import type { Market, SimInstrument, Universe } from '../../../src/sim/market/types.js';

/** The instant of an IST wall-clock time (IST is UTC+05:30). */
export function ist(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number {
  return Date.UTC(year, month - 1, day, hour, minute, second) - 330 * 60_000;
}

/** Friday 20 November 2026, 10:30 IST: a trading morning, four days before a NIFTY monthly expiry. */
export const FRIDAY_MORNING = ist(2026, 11, 20, 10, 30);

/** A real-hours market with a fixed seed. */
export function realMarket(seed = 7): Market {
  return createMarket({ seed, hours: 'real' });
}

/** Looks an instrument up by exchange and trading symbol, failing the test when it is missing. */
export function find(universe: Universe, exchange: string, symbol: string): SimInstrument {
  const found = universe.bySymbol(exchange, symbol);
  if (!found) throw new Error(`${exchange}:${symbol} is not in the universe`);
  return found;
}

/** The ticks of a price (prices on the grid are exact multiples). */
export function ticksOf(price: number, tick: number): number {
  return price / tick;
}

/** True when `price` lies on the tick grid. */
export function onGrid(price: number, tick: number): boolean {
  const ticks = price / tick;
  return Math.abs(ticks - Math.round(ticks)) < 1e-6;
}
