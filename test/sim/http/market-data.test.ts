import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import type { SimInstrument } from '../../../src/sim/market/types.js';
import { type Answer, type SimHarness, schemaKeys, spanPositionBody, startSim } from '../../helpers/sim.js';

let h: SimHarness;
let jKey: string;
let session: { userId: string; jKey: string };
beforeAll(async () => {
  h = await startSim({ maxCandles: 200 });
  jKey = await h.loginV2();
  session = { userId: 'SIM001', jKey };
});
afterAll(() => h.close());

const quote = (exchange: string, token: string): Promise<Answer> =>
  h.post('/apiV2/getQuotes', { ...session, exchange, token });

function nfo(predicate: (i: SimInstrument) => boolean): SimInstrument {
  const found = h.sim.market
    .universe(h.clock.now())
    .instruments.find((i) => i.exchange === 'NFO' && predicate(i));
  if (!found) throw new Error('no such instrument in the universe');
  return found;
}

describe('/apiV2/getQuotes', () => {
  it('answers every quote field of the spec, prices on the tick grid, five levels of ordered depth', async () => {
    const answer = await quote('NSE', '2885');
    const body = wire.quoteSuccess.parse(answer.json);
    for (const key of schemaKeys(wire.quoteData)) expect(body.data, key).toHaveProperty(key);
    const d = body.data;
    expect(d).toMatchObject({
      exchange: 'NSE',
      tradingSymbol: 'RELIANCE-EQ',
      token: '2885',
      tickSize: '0.05',
    });
    const bids = [1, 2, 3, 4, 5].map((n) => Number(d[`bestBuyPrice${n}`]));
    const asks = [1, 2, 3, 4, 5].map((n) => Number(d[`bestSellPrice${n}`]));
    expect(bids).toEqual([...bids].sort((a, b) => b - a));
    expect(asks).toEqual([...asks].sort((a, b) => a - b));
    expect(bids[0]).toBeLessThan(asks[0] ?? 0);
    for (const p of [...bids, ...asks, Number(d.lastTradedPrice)]) expect(Math.round(p * 100) % 5).toBe(0);
    expect(Number(d.lowerCircuit)).toBeLessThan(Number(d.dayLowPrice));
    expect(Number(d.upperCircuit)).toBeGreaterThan(Number(d.dayHighPrice));
    expect(d.lastTradeTime).toMatch(/^\d{2}:\d{2}:\d{2}$/);
  });

  it('answers an unknown token with the spec text "no data" and an unknown exchange by name', async () => {
    expect((await quote('NSE', '99999999')).json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.noData });
    const bad = await quote('XYZ', '2885');
    expect((bad.json as { data: string }).data).toMatch(/^Invalid Input : Invalid Exchange XYZ/);
  });
});

describe('/apiV2/securityInfo', () => {
  it('answers every field and agrees with the quote on symbol, tick and lot', async () => {
    const option = nfo((i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY');
    const info = wire.securityInfoSuccess.parse(
      (await h.post('/apiV2/securityInfo', { ...session, exchange: 'NFO', token: option.token })).json,
    );
    for (const key of schemaKeys(wire.securityInfoData)) expect(info.data, key).toHaveProperty(key);
    const q = wire.quoteSuccess.parse((await quote('NFO', option.token)).json);
    expect(info.data).toMatchObject({
      tradingSymbol: q.data.tradingSymbol,
      tickSize: q.data.tickSize,
      lotSize: q.data.lotSize,
      instrumentName: 'OPTIDX',
    });
    expect(info.data.lotSize).toBe('75');
    expect(info.data.tradingSymbol).toMatch(/^NIFTY\d{2}[A-Z]{3}\d{2}[CP]\d+$/);
  });
});

describe('/api/indexList', () => {
  it('lists NSE indices with their real tokens', async () => {
    const body = wire.indexListSuccess.parse(
      (await h.post('/api/indexList', { ...session, exchange: 'NSE' })).json,
    );
    expect(body.stat).toBe('Ok');
    expect(body.values).toEqual(
      expect.arrayContaining([
        { idxname: 'NIFTY 50', token: '26000' },
        { idxname: 'NIFTY BANK', token: '26009' },
        { idxname: 'NIFTY FIN SERVICE', token: '26037' },
      ]),
    );
  });

  it('answers "no data" for an exchange without indices', async () => {
    expect((await h.post('/api/indexList', { ...session, exchange: 'NFO' })).json).toMatchObject({
      stat: 'Not_Ok',
      emsg: BROKER_TEXTS.noData,
    });
  });
});

describe('/api/timePriceSeries', () => {
  const series = (extra: Record<string, string>): Promise<Answer> =>
    h.post('/api/timePriceSeries', {
      ...session,
      exchange: 'NSE',
      token: '2885',
      starttime: '20/11/2026 09:00:00',
      endtime: '20/11/2026 10:00:00',
      ...extra,
    });

  it('answers one-minute candles newest first, each with ssboe and time, the last close the last price', async () => {
    // The window's end is inclusive: at 10:00:00 the bar that just opened is the newest, partial one.
    const candles = wire.candlesSuccess.parse((await series({})).json);
    expect(candles).toHaveLength(61);
    expect(candles[0]?.time).toBe('20-11-2026 10:00:00');
    expect(candles.at(-1)?.time).toBe('20-11-2026 09:00:00');
    for (const key of schemaKeys(wire.candle)) expect(candles[0], key).toHaveProperty(key);
    expect(Number(candles[0]?.ssboe) - Number(candles[1]?.ssboe)).toBe(60);
    const q = wire.quoteSuccess.parse((await quote('NSE', '2885')).json);
    expect(candles[0]?.intc).toBe(q.data.lastTradedPrice);
    for (const c of candles) {
      expect(Number(c.inth)).toBeGreaterThanOrEqual(Math.max(Number(c.into), Number(c.intc)));
      expect(Number(c.intl)).toBeLessThanOrEqual(Math.min(Number(c.into), Number(c.intc)));
    }
  });

  it.each([
    ['3', 20],
    ['5', 12],
    ['15', 4],
    ['60', 1],
  ])('aggregates interval %s minutes into %i bars over the hour', async (intrv, bars) => {
    const candles = wire.candlesSuccess.parse((await series({ intrv, endtime: '20/11/2026 09:59:59' })).json);
    expect(candles).toHaveLength(bars);
  });

  it('answers daily candles with intrv D', async () => {
    const candles = wire.candlesSuccess.parse(
      (await series({ intrv: 'D', starttime: '10/11/2026 00:00:00' })).json,
    );
    expect(candles.length).toBeGreaterThanOrEqual(10);
    expect(candles[0]?.time.startsWith('20-11-2026')).toBe(true);
  });

  it('cuts a long window to the newest rows, as the real service does', async () => {
    const candles = wire.candlesSuccess.parse((await series({ starttime: '19/11/2026 00:00:00' })).json);
    expect(candles).toHaveLength(200);
    expect(candles[0]?.time).toBe('20-11-2026 10:00:00');
  });

  it.each([
    [{ intrv: '7' }, 'intrv must be one of'],
    [{ starttime: '2026-11-20 09:00' }, 'starttime must be dd/mm/yyyy HH:mm:ss'],
    [{ starttime: '20/11/2026 11:00:00' }, 'starttime is after endtime'],
    [{ token: '424242' }, 'no data'],
  ])('refuses %o in the array failure shape', async (extra, text) => {
    const answer = await series(extra);
    const [failure] = wire.v1Failure.array().parse(answer.json);
    expect(failure?.stat).toBe('Not_Ok');
    expect(failure?.emsg).toContain(text);
  });
});

describe('/apiV2/optionGreek', () => {
  const greeks = (extra: Record<string, string> = {}): Promise<Answer> =>
    h.post('/apiV2/optionGreek', {
      expiryDate: '24-NOV-2026',
      strikePrice: '24000',
      spotPrice: '24000',
      initRate: '6.5',
      volatility: '15',
      optionType: 'CE',
      ...extra,
    });

  it('prices the call and the put by Black-Scholes with no session needed, satisfying put-call parity', async () => {
    const body = wire.optionGreeksSuccess.parse((await greeks()).json);
    const d = body.data;
    expect(body.Status).toBe('Success');
    expect(Number(d.cal_delta)).toBeGreaterThan(0.5);
    expect(Number(d.put_delta)).toBeCloseTo(Number(d.cal_delta) - 1, 3);
    expect(Number(d.cal_gamma)).toBeCloseTo(Number(d.put_gamma), 6);
    expect(Number(d.cal_theta)).toBeLessThan(0);
    // C - P = S - K e^{-rT}, T from 10:00 on 20 Nov to 15:30 on 24 Nov.
    const t = (4 * 24 + 5.5) / 24 / 365;
    expect(Number(d.cal_price) - Number(d.put_price)).toBeCloseTo(24000 - 24000 * Math.exp(-0.065 * t), 0);
  });

  it.each([
    [{ expiryDate: '24/11/2026' }, 'expiryDate must be DD-MMM-YYYY'],
    [{ expiryDate: '10-NOV-2026' }, 'has already expired'],
    [{ volatility: '-3' }, 'volatility must be a positive number'],
    [{ optionType: 'XX' }, 'optionType must be CE or PE'],
    [{ initRate: 'abc' }, 'initRate must be a percentage'],
  ])('refuses %o with requestTime and a text saying what is wrong', async (extra, text) => {
    const failure = wire.v2Failure.parse((await greeks(extra)).json);
    expect(failure.Status).toBe('Failed');
    expect(failure.requestTime).toBe('10:00:00 20-11-2026');
    expect(failure.data).toContain(text);
  });
});

describe('/api/spanCalculators', () => {
  const span = (pos: Record<string, string>[]): Promise<Answer> =>
    h.post('/api/spanCalculators', { ...session, actid: 'SIM001', product: 'M', pos });

  it('charges a short future span plus exposure and nets it against a long future to almost nothing', async () => {
    const futures = h.sim.market
      .universe(h.clock.now())
      .instruments.filter((i) => i.kind === 'FUTIDX' && i.symbolName === 'NIFTY');
    const [near, far] = futures;
    if (!near || !far) throw new Error('expected two NIFTY futures');
    const alone = wire.spanSuccess.parse((await span([spanPositionBody(near, 0, 75)])).json);
    expect(Number(alone.span)).toBeGreaterThan(75 * 24000 * 0.05);
    expect(Number(alone.expo)).toBeGreaterThan(0);
    const hedged = wire.spanSuccess.parse(
      (await span([spanPositionBody(near, 0, 75), spanPositionBody(far, 75, 0)])).json,
    );
    expect(Number(hedged.span)).toBeLessThan(Number(alone.span) * 0.2);
    expect(alone.span_trade).toBe(alone.span);
  });

  it('accepts one position flat in the body, as the spec sample sends it', async () => {
    const option = nfo((i) => i.kind === 'OPTIDX' && i.optionType === 'PE');
    const flat = await h.post('/api/spanCalculators', {
      ...session,
      actid: 'SIM001',
      product: 'M',
      ...spanPositionBody(option, 0, 75),
    });
    expect(wire.spanSuccess.parse(flat.json).stat).toBe('Ok');
  });

  it.each([
    ['flat, as the spec sample sends it', (p: Record<string, string>) => p],
    ['in pos', (p: Record<string, string>) => ({ pos: [p] })],
  ])(
    'refuses an actid that is not the session account (position %s) in the first-generation failure',
    async (_, form) => {
      const option = nfo((i) => i.kind === 'OPTIDX' && i.optionType === 'CE');
      const position = form(spanPositionBody(option, 75, 0));
      const other = await h.post('/api/spanCalculators', {
        ...session,
        actid: 'SIM002',
        product: 'M',
        ...position,
      });
      expect(other.json).toEqual({
        stat: 'Not_Ok',
        request_time: '10:00:00 20-11-2026',
        emsg: 'Invalid Input : Invalid Account Id',
      });
      const missing = await h.post('/api/spanCalculators', { ...session, product: 'M', ...position });
      expect(wire.v1Failure.parse(missing.json).emsg).toBe('Invalid Input : actid is Missing.');
      const own = await h.post('/api/spanCalculators', {
        ...session,
        actid: 'SIM001',
        product: 'M',
        ...position,
      });
      expect(wire.spanSuccess.parse(own.json).stat).toBe('Ok');
    },
  );

  it('answers an unknown contract or inconsistent quantities with the spec text', async () => {
    const option = nfo((i) => i.kind === 'OPTIDX');
    for (const bad of [
      { ...spanPositionBody(option, 0, 75), strikePrice: '1' },
      { ...spanPositionBody(option, 0, 75), netQuantity: '75' },
      { ...spanPositionBody(option, 0, 75), symbolName: 'NOPE' },
    ]) {
      expect((await span([bad])).json).toMatchObject({ stat: 'Not_Ok', emsg: BROKER_TEXTS.invalidInput });
    }
  });
});

describe('/api/V3/limit and /api/V4/limit', () => {
  it('report every limits field; V3 says Success and V4 success', async () => {
    const v3 = wire.limitsSuccess.parse((await h.post('/api/V3/limit', session)).json);
    const v4 = wire.limitsSuccess.parse((await h.post('/api/V4/limit', session)).json);
    expect([v3.status, v4.status]).toEqual(['Success', 'success']);
    for (const key of schemaKeys(wire.limitsSuccess.shape.data)) expect(v3.data, key).toHaveProperty(key);
    expect(v3.data.cash).toBe('1000000.00');
  });
});
