import { afterEach, describe, expect, it } from 'vitest';
import { FRIDAY_10AM } from '../../helpers/sim.js';
import { type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

/** Places through one generation and reads the reason from both history generations. */
async function rejection(h: OrderHarness, order: Record<string, string>, v1 = false): Promise<string> {
  const n = v1 ? await h.placeV1(order) : await h.place(order);
  const [entry] = await h.historyV2(n);
  const [first] = await h.historyV1(n);
  expect(entry?.status).toBe('REJECTED');
  expect(entry?.reportType).toBe('Rejected');
  expect(first).toMatchObject({ status: 'REJECTED', rpt: 'Rejected', rejreason: entry?.rejectReason });
  expect(first?.rejby).toBe(entry?.rejectReason?.slice(0, 3));
  expect(first?.cancelqty).toBe(first?.qty);
  expect(first?.extm).toBe('00:00:00 01-01-1980');
  return entry?.rejectReason ?? '';
}

const nfo = (h: OrderHarness, kind: string, strike?: number) =>
  h.h.sim.market
    .universe(h.h.clock.now())
    .instruments.find(
      (i) => i.kind === kind && i.symbolName === 'NIFTY' && (strike === undefined || i.strike === strike),
    );

describe('risk checks reject after acknowledgement, with reasons naming the numbers', () => {
  it('refuses orders while the market is closed (real hours)', async () => {
    o = await orderHarness({ hours: 'real', start: FRIDAY_10AM + 6 * 3_600_000 });
    expect(await rejection(o, {})).toBe('ORA:Market is closed for NSE');
    expect(await rejection(o, { exchange: 'BSE', tradingSymbol: 'INFY' }, true)).toBe(
      'ORA:Market is closed for BSE',
    );
  });

  it('refuses an index, which is quoted but not tradable', async () => {
    o = await orderHarness();
    expect(await rejection(o, { tradingSymbol: 'NIFTY 50' })).toBe(
      'ORA:Instrument not tradable: NSE.NIFTY 50',
    );
  });

  it('refuses a product the exchange does not enable', async () => {
    o = await orderHarness();
    expect(await rejection(o, { product: 'M' })).toBe('ORA:Product Regular not enabled on exchange NSE');
    const future = nfo(o, 'FUTIDX');
    expect(
      await rejection(o, { exchange: 'NFO', tradingSymbol: future?.tradingSymbol ?? '', quantity: '75' }),
    ).toBe('ORA:Product Delivery not enabled on exchange NFO');
  });

  it('refuses prices and triggers off the tick grid, checked in whole paise', async () => {
    o = await orderHarness();
    expect(await rejection(o, { priceType: 'LMT', price: '2450.07' })).toBe(
      'ORA:Price not multiple of tick size:Price:2450.07 TickSize:0.05',
    );
    expect(await rejection(o, { priceType: 'LMT', price: '1500.001' }, true)).toBe(
      'ORA:Price not multiple of tick size:Price:1500.001 TickSize:0.05',
    );
    expect(await rejection(o, { priceType: 'SL-MKT', triggerPrice: '1600.02' })).toBe(
      'ORA:Trigger price not multiple of tick size:TriggerPrice:1600.02 TickSize:0.05',
    );
    // 1450.15 is an exact multiple although 1450.15 % 0.05 is not 0 in floating point.
    const ok = await o.place({ priceType: 'LMT', price: '1450.15', quantity: '1' });
    expect((await o.latest(ok)).status).toBe('OPEN');
  });

  it('refuses a quantity that is not a multiple of the lot', async () => {
    o = await orderHarness();
    const option = nfo(o, 'OPTIDX', 25000);
    expect(
      await rejection(o, {
        exchange: 'NFO',
        tradingSymbol: option?.tradingSymbol ?? '',
        product: 'M',
        quantity: '80',
      }),
    ).toBe('ORA:Quantity not multiple of lot size:Quantity:80 LotSize:75');
  });

  it('refuses a quantity above the freeze quantity', async () => {
    o = await orderHarness();
    const future = nfo(o, 'FUTIDX');
    expect(
      await rejection(o, {
        exchange: 'NFO',
        tradingSymbol: future?.tradingSymbol ?? '',
        product: 'M',
        quantity: '3600',
      }),
    ).toBe('RED:Freeze qty Set:1800 Current:3600 for C-SIM001');
  });

  it('refuses limit prices and triggers outside the circuit band', async () => {
    o = await orderHarness();
    const q = await o.quote('NSE', '3150');
    const band = `LowerCircuit:INR ${q.lowerCircuit} UpperCircuit:INR ${q.upperCircuit}:NSE.SIEMENS-EQ for C-SIM001 [RISK2]`;
    const siemens = { tradingSymbol: 'SIEMENS-EQ', product: 'I' };
    expect(await rejection(o, { ...siemens, priceType: 'LMT', price: '3999' })).toBe(
      `RED:RULE:{Check circuit limit including square off order}Current:INR 3999.00 ${band}`,
    );
    expect(await rejection(o, { ...siemens, priceType: 'SL-MKT', triggerPrice: '100' }, true)).toBe(
      `RED:RULE:{Check circuit limit including square off order}Current:INR 100.00 ${band}`,
    );
  });

  it('refuses a delivery sell beyond holdings, counting sells already working', async () => {
    o = await orderHarness();
    expect(await rejection(o, { transactionType: 'S', quantity: '50' })).toBe(
      'RED:Insufficient holdings:Required:50 Available:40 for NSE.INFY-EQ for C-SIM001 [RISK2]',
    );
    const resting = await o.place({
      transactionType: 'S',
      quantity: '30',
      priceType: 'LMT',
      price: '1740.00',
    });
    expect((await o.latest(resting)).status).toBe('OPEN');
    expect(
      await rejection(o, { transactionType: 'S', quantity: '11', exchange: 'BSE', tradingSymbol: 'INFY' }),
    ).toBe('RED:Insufficient holdings:Required:11 Available:10 for BSE.INFY for C-SIM001 [RISK2]');
  });

  it('refuses an order the available margin does not cover, naming shortfall and availability', async () => {
    o = await orderHarness();
    expect(
      await rejection(o, {
        tradingSymbol: 'RELIANCE-EQ',
        priceType: 'LMT',
        price: '1400.00',
        quantity: '1000',
      }),
    ).toBe('RED:Margin Shortfall:INR 400000.00 Available:INR 1000000.00 for C-SIM001 [RISK2]');
    // A working order blocks its margin: a second one sees less available.
    const first = await o.place({
      tradingSymbol: 'RELIANCE-EQ',
      priceType: 'LMT',
      price: '1300.00',
      quantity: '500',
    });
    expect((await o.latest(first)).status).toBe('OPEN');
    expect((await o.limits()).marginused).toBe(650000);
    expect(
      await rejection(
        o,
        { tradingSymbol: 'RELIANCE-EQ', priceType: 'LMT', price: '1300.00', quantity: '300' },
        true,
      ),
    ).toBe('RED:Margin Shortfall:INR 40000.00 Available:INR 350000.00 for C-SIM001 [RISK2]');
  });
});
