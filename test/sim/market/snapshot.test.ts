import { describe, expect, it } from 'vitest';
import { createMarket } from '../../../src/sim/market/market.js';
import type { MarketSnapshot, SimInstrument } from '../../../src/sim/market/types.js';
import { FRIDAY_MORNING, find, ist, onGrid, realMarket } from './helpers.js';

const market = realMarket(3);
const universe = market.universe(FRIDAY_MORNING);
const tradable = universe.instruments.filter(
  (i, n) => i.kind === 'EQ' || i.kind.startsWith('FUT') || n % 17 === 0,
);

function prices(s: MarketSnapshot): number[] {
  return [
    s.last,
    s.open,
    s.high,
    s.low,
    s.previousClose,
    ...s.bids.map((l) => l.price),
    ...s.asks.map((l) => l.price),
  ];
}

describe('snapshot prices', () => {
  it('puts every price on the tick grid and above zero', () => {
    for (const i of tradable) {
      const s = market.snapshot(i, FRIDAY_MORNING);
      for (const p of prices(s)) expect(onGrid(p, i.tickSize)).toBe(true);
      expect(s.last).toBeGreaterThan(0);
      expect(s.low).toBeGreaterThan(0);
    }
  });

  it('keeps the last price inside the day range and the day range inside the circuits', () => {
    for (const i of tradable.filter((t) => t.kind === 'EQ' || t.kind.startsWith('FUT'))) {
      const s = market.snapshot(i, FRIDAY_MORNING);
      expect(s.low).toBeLessThanOrEqual(s.last);
      expect(s.high).toBeGreaterThanOrEqual(s.last);
      expect(s.low).toBeLessThanOrEqual(s.open);
      expect(s.high).toBeGreaterThanOrEqual(s.open);
      expect(s.lowerCircuit).toBeLessThanOrEqual(s.low);
      expect(s.upperCircuit).toBeGreaterThanOrEqual(s.high);
    }
  });

  it('sets cash circuits at ±10% of the previous close on the tick grid', () => {
    const s = market.snapshot(find(universe, 'NSE', 'RELIANCE-EQ'), FRIDAY_MORNING);
    expect(s.upperCircuit).toBeCloseTo(Math.floor((s.previousClose * 1.1) / 0.05 + 1e-9) * 0.05, 6);
    expect(s.lowerCircuit).toBeCloseTo(Math.ceil((s.previousClose * 0.9) / 0.05 - 1e-9) * 0.05, 6);
  });

  it('bands an option from one tick to above its last price', () => {
    const s = market.snapshot(find(universe, 'NFO', 'NIFTY24NOV26C25500'), FRIDAY_MORNING);
    expect(s.lowerCircuit).toBe(0.05);
    expect(s.upperCircuit).toBeGreaterThan(s.last);
  });

  it('gives an index a price but no book, volume, open interest or circuits', () => {
    const s = market.snapshot(find(universe, 'NSE', 'NIFTY 50'), FRIDAY_MORNING);
    expect(s.last).toBeGreaterThan(10_000);
    expect([s.volume, s.openInterest, s.upperCircuit, s.lowerCircuit, s.lastQuantity]).toEqual([
      0, 0, 0, 0, 0,
    ]);
    expect(s.bids.every((l) => l.price === 0 && l.quantity === 0)).toBe(true);
  });

  it('moves the BSE twin on the same path as its NSE listing', () => {
    for (const minute of [0, 37, 180]) {
      const at = ist(2026, 11, 20, 9, 20 + minute);
      const nse = market.snapshot(find(universe, 'NSE', 'SBIN-EQ'), at).last;
      const bse = market.snapshot(find(universe, 'BSE', 'SBIN'), at).last;
      expect(Math.abs(nse - bse)).toBeLessThanOrEqual(0.05);
    }
  });
});

describe('snapshot depth', () => {
  it('orders five levels a side around the last price with a spread of one or two ticks', () => {
    for (const i of tradable) {
      for (const offset of [0, 1_000, 61_000]) {
        const s = market.snapshot(i, FRIDAY_MORNING + offset);
        if (s.last < 10 * i.tickSize) continue;
        expect(s.bids).toHaveLength(5);
        expect(s.asks).toHaveLength(5);
        const [bid, ask] = [s.bids[0]?.price ?? 0, s.asks[0]?.price ?? 0];
        const spread = Math.round((ask - bid) / i.tickSize);
        expect(spread === 1 || spread === 2).toBe(true);
        expect(bid).toBeLessThanOrEqual(s.last);
        expect(ask).toBeGreaterThanOrEqual(s.last);
        for (let n = 1; n < 5; n++) {
          expect(s.bids[n]?.price ?? 0).toBeLessThan(s.bids[n - 1]?.price ?? 0);
          expect(s.asks[n]?.price ?? 0).toBeGreaterThan(s.asks[n - 1]?.price ?? 0);
        }
        for (const l of [...s.bids, ...s.asks]) {
          expect(l.orders).toBeGreaterThanOrEqual(1);
          expect(l.quantity % i.lotSize).toBe(0);
          expect(l.quantity).toBeGreaterThanOrEqual(i.lotSize);
        }
      }
    }
  });

  it('leaves levels that would fall below one tick empty', () => {
    const cheap = universe.instruments.find(
      (i) => i.kind === 'OPTIDX' && market.snapshot(i, FRIDAY_MORNING).last === 0.05,
    );
    const s = market.snapshot(cheap as SimInstrument, FRIDAY_MORNING);
    expect(s.bids[0]?.price).toBe(0.05);
    expect(s.bids.slice(1).every((l) => l.price === 0 && l.quantity === 0)).toBe(true);
    expect(s.asks.every((l) => l.price > 0)).toBe(true);
  });
});

describe('snapshot activity', () => {
  const future = find(universe, 'NFO', 'NIFTY29DEC26F');

  it('grows volume and open interest through the day, in whole lots', () => {
    let before = { volume: -1, openInterest: -1 };
    for (let minute = 0; minute <= 375; minute += 25) {
      const s = market.snapshot(future, ist(2026, 11, 20, 9, 15 + minute));
      expect(s.volume).toBeGreaterThanOrEqual(before.volume);
      expect(s.openInterest).toBeGreaterThanOrEqual(before.openInterest);
      expect(s.volume % 75).toBe(0);
      expect(s.openInterest % 75).toBe(0);
      before = s;
    }
    expect(before.volume).toBeGreaterThan(0);
  });

  it('reports open interest for derivatives only', () => {
    expect(market.snapshot(find(universe, 'NSE', 'RELIANCE-EQ'), FRIDAY_MORNING).openInterest).toBe(0);
    expect(market.snapshot(future, FRIDAY_MORNING).openInterest).toBeGreaterThan(0);
  });

  it('freezes everything outside hours at the last close and stamps the last trade at 15:30', () => {
    const reliance = find(universe, 'NSE', 'RELIANCE-EQ');
    const evening = market.snapshot(reliance, ist(2026, 11, 20, 20));
    const sunday = market.snapshot(reliance, ist(2026, 11, 22, 12));
    expect({ ...sunday, at: 0 }).toEqual({ ...evening, at: 0 });
    expect(evening.lastTradeAt).toBe(ist(2026, 11, 20, 15, 30));
    const monday = market.snapshot(reliance, ist(2026, 11, 23, 9, 15, 30));
    expect(monday.previousClose).toBe(evening.last);
  });

  it('starts the day before the open with the previous session still shown', () => {
    const reliance = find(universe, 'NSE', 'RELIANCE-EQ');
    const early = market.snapshot(reliance, ist(2026, 11, 23, 8, 0));
    expect(early.last).toBe(market.snapshot(reliance, ist(2026, 11, 20, 15, 30)).last);
  });

  it('trades through the night in always mode', () => {
    const always = createMarket({ seed: 3, hours: 'always' });
    const i = find(always.universe(FRIDAY_MORNING), 'NSE', 'INFY-EQ');
    const a = always.snapshot(i, ist(2026, 11, 21, 2, 0));
    const b = always.snapshot(i, ist(2026, 11, 21, 2, 30));
    expect(a.last).not.toBe(b.last);
    expect(b.volume).toBeGreaterThan(a.volume);
    expect(b.lastTradeAt).toBe(ist(2026, 11, 21, 2, 30));
  });
});
