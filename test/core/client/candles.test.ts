import { afterEach, describe, expect, it } from 'vitest';
import { formatDateFirst } from '../../../src/core/time/ist.js';
import { wireCase } from '../../fixtures/wire/corpus.js';
import { mockBroker, rejection } from '../support/broker.js';

let broker: ReturnType<typeof mockBroker>;
afterEach(async () => broker.close());

const T0 = Date.parse('2026-11-20T10:00:00+05:30');
const MIN = 60_000;

function wireCandle(ms: number, close: string) {
  return {
    stat: 'Ok',
    time: formatDateFirst(ms),
    ssboe: String(ms / 1000),
    into: close,
    inth: close,
    intl: close,
    intc: close,
    intvwap: close,
    intv: '10',
    intoi: '0',
    v: '10',
    oi: '0',
  };
}

/** The broker's answer for [from, to]: every minute in it, newest first. */
function page(from: number, to: number) {
  const rows = [];
  for (let t = to; t >= from; t -= MIN) rows.push(wireCandle(t, (100 + (t - T0) / MIN / 20).toFixed(2)));
  return rows;
}

describe('getCandles', () => {
  it('returns candles oldest first with numbers parsed and times in IST', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/timePriceSeries', 'candles', 'success');
    const candles = await broker.client.getCandles({
      exchange: 'NSE',
      token: '2885',
      from: '2026-11-20T10:15:00+05:30',
      to: '2026-11-20T10:16:00+05:30',
    });
    expect(candles.map((c) => c.time)).toEqual(['2026-11-20T10:15:00+05:30', '2026-11-20T10:16:00+05:30']);
    expect(candles[1]).toMatchObject({
      open: 2450,
      high: 2451.5,
      low: 2449.1,
      close: 2450.05,
      vwap: 2450.31,
      volume: 5120,
    });
  });

  it('sends the window as dd/mm/yyyy HH:mm:ss IST and omits intrv for one minute', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/timePriceSeries', 'candles', 'success');
    await broker.client.getCandles({ exchange: 'NSE', token: '2885', from: T0, to: T0 + 30 * MIN });
    const body = broker.to('/api/timePriceSeries')[0]?.body;
    expect(body).toMatchObject({
      exchange: 'NSE',
      token: '2885',
      starttime: '20/11/2026 10:00:00',
      endtime: '20/11/2026 10:30:00',
    });
    expect(body).not.toHaveProperty('intrv');
  });

  it('sends intrv for other intervals, D for daily', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/timePriceSeries', 'candles', 'success');
    broker.onCase('/api/timePriceSeries', 'candles', 'success');
    await broker.client.getCandles({
      exchange: 'NSE',
      token: '2885',
      from: T0,
      to: T0 + 60 * MIN,
      interval: 5,
    });
    await broker.client.getCandles({
      exchange: 'NSE',
      token: '2885',
      from: T0,
      to: T0 + 60 * MIN,
      interval: 'D',
    });
    expect(broker.to('/api/timePriceSeries').map((r) => r.body.intrv)).toEqual(['5', 'D']);
  });

  it('splits a long window into pages and merges them without duplicates', async () => {
    broker = mockBroker({ candleRowsPerRequest: 3 });
    broker.loginOk();
    const windows = [
      [T0, T0 + 2 * MIN],
      [T0 + 2 * MIN, T0 + 4 * MIN],
      [T0 + 4 * MIN, T0 + 6 * MIN],
      [T0 + 6 * MIN, T0 + 7 * MIN],
    ] as const;
    for (const [from, to] of windows) broker.on('/api/timePriceSeries', { body: page(from, to) });
    const candles = await broker.client.getCandles({
      exchange: 'NSE',
      token: '2885',
      from: T0,
      to: T0 + 7 * MIN,
    });
    expect(broker.to('/api/timePriceSeries').map((r) => [r.body.starttime, r.body.endtime])).toEqual([
      ['20/11/2026 10:00:00', '20/11/2026 10:02:00'],
      ['20/11/2026 10:02:00', '20/11/2026 10:04:00'],
      ['20/11/2026 10:04:00', '20/11/2026 10:06:00'],
      ['20/11/2026 10:06:00', '20/11/2026 10:07:00'],
    ]);
    expect(candles.map((c) => c.epochMs)).toEqual([0, 1, 2, 3, 4, 5, 6, 7].map((m) => T0 + m * MIN));
  });

  it('reads "no data" as an empty list, in the array and the object form', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/timePriceSeries', 'candles', 'failure.noData.array');
    broker.onCase('/api/timePriceSeries', 'candles', 'failure.noData.object');
    const query = { exchange: 'NSE', token: '2885', from: T0, to: T0 + MIN } as const;
    expect(await broker.client.getCandles(query)).toEqual([]);
    expect(await broker.client.getCandles(query)).toEqual([]);
  });

  it('reads a session failure inside the array as SESSION_EXPIRED (then logs in again once)', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.loginOk();
    broker.onCase('/api/timePriceSeries', 'candles', 'failure.session');
    broker.on('/api/timePriceSeries', { body: wireCase('candles', 'success') });
    const candles = await broker.client.getCandles({
      exchange: 'NSE',
      token: '2885',
      from: T0,
      to: T0 + MIN,
    });
    expect(candles).toHaveLength(2);
    expect(broker.to('/apiV2/login')).toHaveLength(2);
  });

  it('refuses an unknown interval and a reversed window before sending', async () => {
    broker = mockBroker();
    const error = await rejection(
      broker.client.getCandles({ exchange: 'NSE', token: '2885', from: T0 + MIN, to: T0, interval: 7 }),
    );
    expect(error).toMatchObject({ code: 'INVALID_INPUT' });
    expect((error as { issues: string[] }).issues).toEqual([
      'from must not be after to',
      'interval must be one of 1, 3, 5, 10, 15, 30, 60, 120, 240, D (got 7)',
    ]);
    expect(broker.seen).toHaveLength(0);
  });
});

describe('candle window times', () => {
  it('reads text without a zone as IST wall-clock time, and honours an explicit offset', async () => {
    broker = mockBroker();
    broker.loginOk();
    broker.onCase('/api/timePriceSeries', 'candles', 'success');
    await broker.client.getCandles({
      exchange: 'NSE',
      token: '2885',
      from: '2026-11-20T09:15',
      to: '2026-11-20T06:00:00Z',
    });
    expect(broker.to('/api/timePriceSeries')[0]?.body).toMatchObject({
      starttime: '20/11/2026 09:15:00',
      endtime: '20/11/2026 11:30:00',
    });
  });
});
