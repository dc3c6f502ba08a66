import { afterEach, describe, expect, it } from 'vitest';
import * as wire from '../../../src/core/wire/index.js';
import type { SimInstrument } from '../../../src/sim/market/types.js';
import { spanPositionBody } from '../../helpers/sim.js';
import { type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

const CASH = 1_000_000;

/** Fills an order and answers its value (Σ price × quantity over its fills). */
async function filledValue(h: OrderHarness, order: Record<string, string>): Promise<number> {
  const n = await h.place(order);
  const last = await h.latest(n);
  expect(last.status).toBe('COMPLETE');
  return Number(last.averagePrice) * Number(last.quantity);
}

function contract(h: OrderHarness, kind: string, strike?: number, type = 'CE'): SimInstrument {
  const found = h.h.sim.market
    .universe(h.h.clock.now())
    .instruments.find(
      (i) =>
        i.kind === kind &&
        i.symbolName === 'NIFTY' &&
        (strike === undefined || (i.strike === strike && i.optionType === type)),
    );
  if (!found) throw new Error(`no NIFTY ${kind}`);
  return found;
}

async function span(h: OrderHarness, pos: Record<string, string>[]) {
  return wire.spanSuccess.parse(
    (await h.call('/api/spanCalculators', { actid: 'SIM001', product: 'M', pos })).json,
  );
}

const fno = (i: SimInstrument, side: string) => ({
  exchange: 'NFO',
  tradingSymbol: i.tradingSymbol,
  quantity: '75',
  product: 'M',
  transactionType: side,
});

describe('limits after trades', () => {
  it('block the whole value of a delivery buy and credit the proceeds of a delivery sell', async () => {
    o = await orderHarness();
    const bought = await filledValue(o, { tradingSymbol: 'WIPRO-EQ', quantity: '20' });
    expect(await o.limits()).toMatchObject({
      cash: CASH,
      marginused: Number(bought.toFixed(2)),
      peak_mar: Number(bought.toFixed(2)),
    });
    const sold = await filledValue(o, { transactionType: 'S', quantity: '10' });
    const after = await o.limits();
    expect(after.cash).toBeCloseTo(CASH + sold, 2);
    expect(after.marginused).toBeCloseTo(bought, 2);
  });

  it('block 20% of an intraday position and release it on exit, realising the profit or loss into cash', async () => {
    o = await orderHarness();
    const bought = await filledValue(o, { quantity: '100', product: 'I' });
    const open = await o.limits();
    expect(open.marginused).toBeCloseTo(0.2 * bought, 1);
    expect(open.cash).toBe(CASH);
    await o.advance(60_000);
    const sold = await filledValue(o, { quantity: '100', product: 'I', transactionType: 'S' });
    const closed = await o.limits();
    expect(closed.marginused).toBe(0);
    expect(closed.cash).toBeCloseTo(CASH + sold - bought, 1);
    expect(closed.peak_mar).toBe(open.marginused);
  });

  it('block span and exposure for a future, the same figures the span calculator gives', async () => {
    o = await orderHarness();
    const future = contract(o, 'FUTIDX');
    await filledValue(o, fno(future, 'B'));
    const limits = await o.limits();
    const alone = await span(o, [spanPositionBody(future, 75, 0)]);
    expect(limits.span).toBe(Number(alone.span));
    expect(limits.expo).toBe(Number(alone.expo));
    expect(limits.marginused).toBeCloseTo(limits.span + limits.expo, 2);
    expect(limits.premium).toBe(0);
  });

  it('block the premium of a long option and span plus exposure of a short one', async () => {
    o = await orderHarness();
    const call = contract(o, 'OPTIDX', 25000);
    const premium = await filledValue(o, fno(call, 'B'));
    expect(await o.limits()).toMatchObject({ premium: Number(premium.toFixed(2)), span: 0, expo: 0 });
    const put = contract(o, 'OPTIDX', 24500, 'PE');
    await filledValue(o, fno(put, 'S'));
    const short = await o.limits();
    expect(short.span).toBeGreaterThan(0);
    expect(short.expo).toBeGreaterThan(0);
    expect(short.marginused).toBeCloseTo(short.span + short.expo + short.premium, 2);
  });

  it('net the span calculator trade figures with the account open F&O positions', async () => {
    o = await orderHarness();
    const future = contract(o, 'FUTIDX');
    const before = await span(o, [spanPositionBody(future, 0, 75)]);
    expect(before.span_trade).toBe(before.span);
    await filledValue(o, fno(future, 'B'));
    const after = await span(o, [spanPositionBody(future, 0, 75)]);
    expect(Number(after.span)).toBeGreaterThan(0);
    expect(Number(after.span_trade)).toBe(0);
    expect(Number(after.expo_trade)).toBe(0);
    // An exit needs no extra margin and releases what the position blocked.
    const exit = await o.place(fno(future, 'S'));
    expect((await o.latest(exit)).status).toBe('COMPLETE');
    expect((await o.limits()).marginused).toBe(0);
  });
});
