import { describe, expect, it } from 'vitest';
import { findContract } from '../../../src/sim/market/contract-lookup.js';
import { spanMargin } from '../../../src/sim/market/span.js';
import { FRIDAY_MORNING, find, realMarket } from './helpers.js';

const market = realMarket(17);
const universe = market.universe(FRIDAY_MORNING);
const at = FRIDAY_MORNING;
const nfo = (symbol: string) => find(universe, 'NFO', symbol);
const margin = (...legs: [string, number][]) =>
  spanMargin(
    legs.map(([s, q]) => ({ instrument: nfo(s), netQuantity: q })),
    market,
    at,
  );
const spot = market.snapshot(find(universe, 'NSE', 'NIFTY 50'), at).last;
const atm = Math.round(spot / 100) * 100;

describe('span model', () => {
  it('charges a future about the index scanning range of its notional, plus 2% exposure', () => {
    const m = margin(['NIFTY29DEC26F', 75]);
    expect(m.span / (spot * 75)).toBeGreaterThan(0.085);
    expect(m.span / (spot * 75)).toBeLessThan(0.1);
    expect(m.exposure).toBeCloseTo(0.02 * market.pricingInputs(nfo('NIFTY29DEC26F'), at).spot * 75, 1);
  });

  it('charges a stock future a wider range and 3.5% exposure', () => {
    const m = margin(['RELIANCE29DEC26F', -500]);
    const notional = market.pricingInputs(nfo('RELIANCE29DEC26F'), at).spot * 500;
    expect(m.span / notional).toBeGreaterThan(0.14);
    expect(m.exposure / notional).toBeCloseTo(0.035, 6);
  });

  it('nets a long and a short future on the same underlying to almost nothing', () => {
    expect(margin(['NIFTY29DEC26F', 75], ['NIFTY29DEC26F', -75])).toEqual({ span: 0, exposure: 0 });
    const calendar = margin(['NIFTY29DEC26F', 75], ['NIFTY26JAN27F', -75]);
    expect(calendar.span).toBeLessThan(margin(['NIFTY29DEC26F', 75]).span * 0.05);
  });

  it('asks nothing beyond the premium for a long option', () => {
    expect(margin([`NIFTY29DEC26C${atm}`, 75])).toEqual({ span: 0, exposure: 0 });
    expect(margin([`NIFTY29DEC26P${atm - 1000}`, 750])).toEqual({ span: 0, exposure: 0 });
  });

  it('charges a short option at least the short-option minimum', () => {
    const far = margin([`NIFTY29DEC26C${atm + 3000}`, -75]);
    expect(far.span).toBeGreaterThanOrEqual(0.02 * spot * 75 * 0.999);
    const near = margin([`NIFTY29DEC26C${atm}`, -75]);
    expect(near.span).toBeGreaterThan(far.span);
    expect(near.exposure).toBeGreaterThan(0);
  });

  it('charges a short strangle less than two single short options', () => {
    const call = margin([`NIFTY29DEC26C${atm + 500}`, -75]);
    const put = margin([`NIFTY29DEC26P${atm - 500}`, -75]);
    const strangle = margin([`NIFTY29DEC26C${atm + 500}`, -75], [`NIFTY29DEC26P${atm - 500}`, -75]);
    expect(strangle.span).toBeLessThan(call.span + put.span);
    expect(strangle.span).toBeGreaterThan(0);
  });

  it('limits a call spread to about its width', () => {
    const spread = margin([`NIFTY29DEC26C${atm}`, 75], [`NIFTY29DEC26C${atm + 200}`, -75]);
    expect(spread.span).toBeLessThanOrEqual(200 * 75);
    expect(spread.span).toBeLessThan(margin([`NIFTY29DEC26C${atm + 200}`, -75]).span / 5);
  });

  it('reduces the margin of a future hedged by a protective option', () => {
    const naked = margin(['NIFTY29DEC26F', 75]);
    const hedged = margin(['NIFTY29DEC26F', 75], [`NIFTY29DEC26P${atm}`, 75]);
    expect(hedged.span).toBeLessThan(naked.span / 2);
  });

  it('adds up independent underlyings and ignores cash instruments', () => {
    const nifty = margin(['NIFTY29DEC26F', 75]);
    const reliance = margin(['RELIANCE29DEC26F', 500]);
    const both = spanMargin(
      [
        { instrument: nfo('NIFTY29DEC26F'), netQuantity: 75 },
        { instrument: nfo('RELIANCE29DEC26F'), netQuantity: 500 },
        { instrument: find(universe, 'NSE', 'RELIANCE-EQ'), netQuantity: -500 },
      ],
      market,
      at,
    );
    expect(both.span).toBeCloseTo(nifty.span + reliance.span, 1);
    expect(both.exposure).toBeCloseTo(nifty.exposure + reliance.exposure, 1);
  });

  it('returns rupees rounded to paise', () => {
    const m = margin([`NIFTY29DEC26P${atm}`, -150]);
    for (const v of [m.span, m.exposure]) expect(Math.round(v * 100) / 100).toBe(v);
  });
});

describe('span position lookup', () => {
  it('finds the contract a span-calculator position names', () => {
    const query = {
      symbolName: 'nifty',
      kind: 'OPTIDX',
      expiry: '29-Dec-2026',
      strike: 25_000,
      optionType: 'PE',
    } as const;
    expect(findContract(universe, query)?.tradingSymbol).toBe('NIFTY29DEC26P25000');
    expect(
      findContract(universe, { symbolName: 'RELIANCE', kind: 'FUTSTK', expiry: '29-DEC-2026' })
        ?.tradingSymbol,
    ).toBe('RELIANCE29DEC26F');
  });

  it('finds nothing for an expiry that is not listed', () => {
    expect(
      findContract(universe, { symbolName: 'NIFTY', kind: 'FUTIDX', expiry: '01-DEC-2026' }),
    ).toBeUndefined();
  });
});
