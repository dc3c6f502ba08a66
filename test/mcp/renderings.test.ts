import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wireCase } from '../fixtures/wire/corpus.js';
import { dataOf, type McpHarness, startMcp, textOf } from './harness.js';
import { startMcpOverMock } from './mock-harness.js';

/** What no rendering may print for a field that is absent. */
const ABSENT_AS_VALUE = /undefined|NaN|null|₹0\.00 - ₹0\.00|\bx 0\b|tick -|lot -/;

describe('text renderings against the paper broker', () => {
  let m: McpHarness;
  beforeAll(async () => {
    m = await startMcp({ readOnly: true });
  });
  afterAll(() => m.close());

  it('get_candles renders daily bars by their dates, with no time of day', async () => {
    const r = await m.call('get_candles', { instrument: 'RELIANCE', interval: 'D', limit: 5 });
    const text = textOf(r);
    expect(r.isError).toBeFalsy();
    expect(text).not.toMatch(/00:00/);
    expect(text).toMatch(/daily bars 2026-11-\d\d to 2026-11-20 \(\d+\)/);
    expect(text).toMatch(/high [\d.]+ on 2026-11-\d\d, low [\d.]+ on 2026-11-\d\d/);
    expect(text.split('\n').slice(1, 6)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^2026-11-\d\d O [\d.]+ H/)]),
    );
  });

  it('get_candles dates the high and the low when the window spans more than one day', async () => {
    const text = textOf(
      await m.call('get_candles', {
        instrument: 'RELIANCE',
        interval: 60,
        from: '2026-11-18 09:15',
        to: '2026-11-20 15:30',
        limit: 3,
      }),
    );
    expect(text).toMatch(/high [\d.]+ at 2026-11-\d\d \d\d:\d\d, low [\d.]+ at 2026-11-\d\d \d\d:\d\d/);
  });

  it('get_candles gives the high and the low by time of day within one day', async () => {
    const text = textOf(
      await m.call('get_candles', {
        instrument: 'RELIANCE',
        interval: 5,
        from: '2026-11-20 09:15',
        to: '2026-11-20 10:00',
      }),
    );
    expect(text).toMatch(/high [\d.]+ at \d\d:\d\d, low [\d.]+ at \d\d:\d\d,/);
  });

  it('get_quote on an index renders what is there and says it has no order book, circuit band or volume', async () => {
    const r = await m.call('get_quote', { instrument: 'NSE:26000' });
    const text = textOf(r);
    const d = dataOf<Record<string, unknown> & { bids: unknown[]; asks: unknown[] }>(r);
    expect(text).toMatch(/NSE:NIFTY 50 .*last ₹[\d.]+ .*day ₹[\d.]+ - ₹[\d.]+/);
    expect(text).toMatch(/an index: no order book, no circuit band, no volume/);
    expect(text).not.toMatch(ABSENT_AS_VALUE);
    expect(text).not.toMatch(/₹0\.00|volume 0|best bid/);
    expect(d.bids).toEqual([]);
    expect(d.asks).toEqual([]);
    expect(d).not.toHaveProperty('lowerCircuit');
    expect(d).not.toHaveProperty('upperCircuit');
    expect(d).not.toHaveProperty('volume');
  });

  it('get_quote on a stock keeps its circuit band, depth and volume', async () => {
    const text = textOf(await m.call('get_quote', { instrument: 'RELIANCE' }));
    expect(text).toMatch(/volume [\d,]+; circuit ₹[\d.]+ - ₹[\d.]+; best bid ₹[\d.]+ x [\d,]+ \/ ask ₹/);
  });

  it('get_candles of an index leaves out the volume an index does not have', async () => {
    const r = await m.call('get_candles', {
      instrument: 'NSE:26000',
      interval: 60,
      from: '2026-11-19 09:15',
      to: '2026-11-20 10:00',
      limit: 3,
    });
    const d = dataOf<{ summary: Record<string, unknown>; rows: Record<string, unknown>[] }>(r);
    expect(textOf(r)).not.toMatch(/volume 0| V 0/);
    expect(textOf(r)).toMatch(/an index: no volume/);
    expect(d.summary).not.toHaveProperty('volume');
    expect(d.rows.every((row) => !('volume' in row))).toBe(true);
  });

  it('list_indices refuses an exchange that has no indices, naming those that have them', async () => {
    for (const exchange of ['NFO', 'nfo']) {
      const r = await m.call('list_indices', { exchange });
      expect(r.isError).toBe(true);
      expect(textOf(r)).toMatch(/NFO has no indices: indices are listed on NSE and BSE/);
    }
    expect((await m.call('list_indices', { exchange: 'bse' })).isError).toBeFalsy();
  });

  it('list_indices and get_trade_book say when nothing matches instead of printing an empty list', async () => {
    expect(textOf(await m.call('list_indices', { query: 'zzz' }))).toBe('No NSE index matches "zzz".');
    expect(textOf(await m.call('get_trade_book', {}))).toBe('No fills today.');
  });
});

describe('text renderings of answers with optional fields absent', () => {
  let mock: Awaited<ReturnType<typeof startMcpOverMock>> | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });

  it('get_limits names only the parts the broker reported, never an absent one as ₹0', async () => {
    mock = await startMcpOverMock();
    mock.broker.on('/api/V3/limit', {
      body: {
        status: 'Success',
        data: { requestTime: '10:22:00 20-11-2026', cash: '500000.00', marginused: '24500.50' },
      },
    });
    const r = await mock.call('get_limits');
    expect(textOf(r)).toBe('Available ₹4,75,499.50: cash ₹5,00,000.00, margin used ₹24,500.50.');
    expect(dataOf(r)).not.toHaveProperty('collateral');
  });

  it('get_quote says what is absent from a stock quote instead of printing zeros or dashes', async () => {
    mock = await startMcpOverMock();
    const body = wireCase('quote', 'success') as { data: Record<string, string> };
    for (const field of Object.keys(body.data)) {
      if (/^best|Circuit$|^(volume|tickSize|lotSize|lastTradedQuantity)$/.test(field))
        delete body.data[field];
    }
    mock.broker.on('/apiV2/getQuotes', { body });
    const text = textOf(await mock.call('get_quote', { instrument: 'RELIANCE' }));
    expect(text).toMatch(/last ₹2450.05 at 10:15:01 IST; day ₹2431.10 - ₹2461.00;/);
    expect(text).toMatch(/no circuit band reported; no bids or asks in the book/);
    expect(text).not.toMatch(ABSENT_AS_VALUE);
    expect(text).not.toMatch(/volume/);
    // The quote carried no tick or lot size: the instrument master's are shown.
    expect(text).toMatch(/; tick 0\.05, lot 1\.\n/);
  });

  it('calculate_span leaves out the netted exposure the broker did not report', async () => {
    mock = await startMcpOverMock();
    const body = wireCase('span', 'success') as Record<string, string>;
    delete body.expo_trade;
    mock.broker.on('/api/spanCalculators', { body });
    const text = textOf(
      await mock.call('calculate_span', {
        positions: [{ instrument: 'NFO:NIFTY24NOV26F', side: 'BUY', quantity: 75 }],
      }),
    );
    expect(text).toMatch(/with open positions span ₹1,26,450.00\.$/);
    expect(text).not.toMatch(/exposure ₹0/);
  });

  it('get_candles leaves out the volume of bars that carry none', async () => {
    mock = await startMcpOverMock();
    const bars = wireCase('candles', 'success') as Record<string, string>[];
    for (const bar of bars) {
      delete bar.intv;
      delete bar.v;
    }
    mock.broker.on('/api/timePriceSeries', { body: bars });
    const r = await mock.call('get_candles', {
      instrument: 'RELIANCE',
      interval: 1,
      from: '2026-11-20 10:15',
      to: '2026-11-20 10:16',
    });
    expect(textOf(r)).toMatch(/close [\d.]+, change/);
    expect(textOf(r)).not.toMatch(/volume|V -|V 0/);
    expect(dataOf<{ summary: Record<string, unknown> }>(r).summary).not.toHaveProperty('volume');
  });
});
