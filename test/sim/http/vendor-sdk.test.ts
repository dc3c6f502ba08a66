import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import { DEMO_ACCOUNT } from '../../../src/sim/accounts.js';
import type { SimInstrument } from '../../../src/sim/market/types.js';
import { type Answer, loginV2Body, type SimHarness, spanPositionBody, startSim } from '../../helpers/sim.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const TIME = '10:00:00 20-11-2026';
const WINDOW = { starttime: '20/11/2026 09:15:00', endtime: '20/11/2026 09:45:00', intrv: '5' };
const ORDER = {
  exchange: 'NSE',
  tradingSymbol: 'INFY-EQ',
  quantity: '1',
  price: '0',
  product: 'C',
  transactionType: 'B',
  priceType: 'MKT',
  retention: 'DAY',
  remarks: 'sdk',
  triggerPrice: '0',
};

/** The second-generation SDK's session: it keeps `data.actid` from login as its `userId`. */
interface SdkSession {
  readonly userId: string;
  readonly jKey: string;
}

async function sdkLogin(sim: SimHarness): Promise<SdkSession> {
  const answer = wire.loginSuccess.parse((await sim.post('/apiV2/login', loginV2Body(sim.clock.now()))).json);
  return { userId: answer.data.actid ?? '', jKey: answer.data.susertoken };
}

function contract(sim: SimHarness, predicate: (i: SimInstrument) => boolean): SimInstrument {
  const found = sim.sim.market.universe(sim.clock.now()).instruments.find(predicate);
  if (!found) throw new Error('no such instrument in the universe');
  return found;
}

/** The status word of an answer; for an array (multi-order, straddle), each element's joined. */
function statusOf(answer: Answer): string {
  const j = answer.json as Record<string, unknown> | Record<string, unknown>[];
  if (Array.isArray(j)) return j.map((e) => String(e.Status)).join(',');
  return String(j.Status ?? j.stat ?? j.status);
}

/**
 * The fifteen calls of the vendor's second-generation JavaScript SDK that the spec covers, each posted to
 * `/apiV2/<path>` with the body the SDK builds (its extra fields, such as `actid` on holdings, included).
 */
function sdkCalls(sim: SimHarness, s: SdkSession, orderNumber: () => string) {
  const option = contract(sim, (i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY');
  const { userId, jKey } = s;
  return [
    ['getQuotes', 'getQuotes', () => ({ userId, jKey, exchange: 'NSE', token: '2885' })],
    ['getSecurityInfo', 'securityInfo', () => ({ userId, jKey, exchange: 'NSE', token: '2885' })],
    ['getIndexList', 'indexList', () => ({ userId, jKey, exchange: 'NSE' })],
    [
      'timePriceSeries',
      'timePriceSeries',
      () => ({ userId, jKey, exchange: 'NSE', token: '2885', ...WINDOW }),
    ],
    [
      'optionGreek',
      'optionGreek',
      () => ({
        expiryDate: '24-NOV-2026',
        strikePrice: '24000',
        spotPrice: '24000',
        initRate: '6.5',
        volatility: '15',
        optionType: 'CE',
        jKey,
      }),
    ],
    ['spanCalculator', 'spanCalculators', () => ({ userId, jKey, data: [spanPositionBody(option, 0, 75)] })],
    ['limits', 'limit', () => ({ userId, jKey, actid: userId })],
    ['placeOrder', 'placeOrder', () => ({ userId, actid: userId, jKey, ...ORDER })],
    ['multiPlaceOrder', 'strategies/multiPlaceOrders', () => ({ userId, jKey, data: [ORDER, ORDER] })],
    [
      'longStraddle',
      'strategies/longStraddle',
      () => ({
        symbol: 'NIFTY',
        strikePrice: '25000',
        expiry: '24NOV26',
        product: 'M',
        quantity: '75',
        remarks: 'sdk',
        jKey,
        actId: userId,
      }),
    ],
    ['singleOrderHistory', 'singleOrderHistory', () => ({ userId, jKey, orderNumber: orderNumber() })],
    ['orderBook', 'orderBook', () => ({ userId, jKey })],
    ['tradeBook', 'tradeBook', () => ({ userId, jKey, actid: userId })],
    ['holdings', 'holdings', () => ({ userId, jKey, actid: userId, product: 'C' })],
  ] as const;
}

describe("the vendor's second-generation JavaScript SDK pointed at the paper broker", () => {
  it('gets Status Success from all fifteen of its calls the spec covers, login included', async () => {
    h = await startSim({ engineTickMs: 0 });
    const sim = h;
    const session = await sdkLogin(sim);
    expect(session.userId).toBe(DEMO_ACCOUNT.accountId);
    let placed = '';
    const statuses: Record<string, string> = { login: 'Success' };
    for (const [name, path, body] of sdkCalls(sim, session, () => placed)) {
      const answer = await sim.post(`/apiV2/${path}`, body());
      statuses[name] = statusOf(answer);
      if (name === 'placeOrder') placed = wire.placeOrderV2Success.parse(answer.json).data.orderNumber;
    }
    expect(statuses).toEqual({
      login: 'Success',
      getQuotes: 'Success',
      getSecurityInfo: 'Success',
      getIndexList: 'Success',
      timePriceSeries: 'Success',
      optionGreek: 'Success',
      spanCalculator: 'Success',
      limits: 'Success',
      placeOrder: 'Success',
      multiPlaceOrder: 'Success,Success',
      longStraddle: 'Success,Success',
      singleOrderHistory: 'Success',
      orderBook: 'Success',
      tradeBook: 'Success',
      holdings: 'Success',
    });
  });
});

describe("the SDK's cancelOrder and modifyOrder, which the spec does not name", () => {
  it('modify then cancel a working limit order with the bodies the SDK builds', async () => {
    h = await startSim({ engineTickMs: 0 });
    const s = await sdkLogin(h);
    const last = Number(
      wire.quoteSuccess.parse(
        (await h.post('/apiV2/getQuotes', { ...s, exchange: 'NSE', token: '1594' })).json,
      ).data.lastTradedPrice,
    );
    const limit = (Math.round(last * 0.97 * 20) / 20).toFixed(2);
    const placed = await h.post('/apiV2/placeOrder', {
      ...s,
      actid: s.userId,
      ...ORDER,
      tradingSymbol: 'INFY-EQ',
      priceType: 'LMT',
      price: limit,
      product: 'I',
    });
    const orderNumber = wire.placeOrderV2Success.parse(placed.json).data.orderNumber;
    const modified = await h.post('/apiV2/modifyOrder', {
      userId: s.userId,
      jKey: s.jKey,
      orderNumber,
      exchange: 'NSE',
      tradingSymbol: 'INFY-EQ',
      quantity: '2',
      price: limit,
      triggerPrice: '0',
      priceType: 'LMT',
    });
    expect(modified.json).toEqual({ Status: 'Success', data: { requestTime: TIME, orderNumber } });
    const cancelled = await h.post('/apiV2/cancelOrder', { userId: s.userId, jKey: s.jKey, orderNumber });
    expect(cancelled.json).toEqual({ Status: 'Success', data: { requestTime: TIME, orderNumber } });
    const history = wire.orderHistoryV2Success.parse(
      (await h.post('/apiV2/singleOrderHistory', { ...s, orderNumber })).json,
    ).data;
    expect(history[0]).toMatchObject({
      reportType: 'Canceled',
      status: 'CANCELED',
      quantity: '2',
      cancelQuantity: '2',
    });
  });
});

const v2Success = <T extends z.ZodType>(data: T) => z.object({ Status: z.literal('Success'), data });

describe('second-generation paths the spec places elsewhere', () => {
  it('/apiV2/indexList answers the first-generation index entries under data', async () => {
    h = await startSim();
    const s = await sdkLogin(h);
    const v1 = wire.indexListSuccess.parse((await h.post('/api/indexList', { ...s, exchange: 'NSE' })).json);
    const v2 = v2Success(z.array(wire.indexEntry)).parse(
      (await h.post('/apiV2/indexList', { ...s, exchange: 'NSE' })).json,
    );
    expect(v2.data).toEqual(v1.values);
    expect(v2.data).toContainEqual({ idxname: 'NIFTY 50', token: '26000' });
    expect((await h.post('/apiV2/indexList', { ...s, exchange: 'NFO' })).json).toEqual({
      Status: 'Failed',
      data: BROKER_TEXTS.noData,
    });
  });

  it('/apiV2/timePriceSeries answers the same candles, newest first, under data', async () => {
    h = await startSim();
    const s = await sdkLogin(h);
    const body = { ...s, exchange: 'NSE', token: '2885', ...WINDOW };
    const v1 = wire.candlesSuccess.parse((await h.post('/api/timePriceSeries', body)).json);
    const v2 = v2Success(wire.candlesSuccess).parse((await h.post('/apiV2/timePriceSeries', body)).json);
    expect(v1).toHaveLength(7);
    expect(v2.data).toEqual(v1);
    const bad = await h.post('/apiV2/timePriceSeries', { ...body, intrv: '7' });
    expect(wire.v2Failure.parse(bad.json)).toEqual({
      Status: 'Failed',
      data: expect.stringContaining('intrv must be one of'),
    });
  });

  it('/apiV2/limit answers the account limits of /api/V3/limit under data', async () => {
    h = await startSim();
    const s = await sdkLogin(h);
    const v3 = wire.limitsSuccess.parse((await h.post('/api/V3/limit', s)).json);
    const v2 = v2Success(wire.limitsSuccess.shape.data).parse(
      (await h.post('/apiV2/limit', { ...s, actid: s.userId })).json,
    );
    expect(v2.data).toEqual({ ...v3.data, requestTime: TIME });
    expect((await h.post('/apiV2/limit', { ...s, actid: 'SIM999' })).json).toEqual({
      Status: 'Failed',
      data: 'Invalid Input : Invalid Account Id',
    });
  });

  it('/apiV2/spanCalculators takes positions under data, a list or one object, for the session account', async () => {
    h = await startSim();
    const s = await sdkLogin(h);
    const future = contract(h, (i) => i.kind === 'FUTIDX' && i.symbolName === 'NIFTY');
    const position = spanPositionBody(future, 0, 75);
    const v1 = wire.spanSuccess.parse(
      (await h.post('/api/spanCalculators', { ...s, actid: s.userId, pos: [position] })).json,
    );
    const figures = { span: v1.span, expo: v1.expo, span_trade: v1.span_trade, expo_trade: v1.expo_trade };
    for (const data of [[position], position]) {
      const v2 = await h.post('/apiV2/spanCalculators', { ...s, data });
      expect(v2.json).toEqual({ Status: 'Success', data: { requestTime: TIME, ...figures } });
    }
    expect(Number(figures.span)).toBeGreaterThan(0);
    for (const [body, text] of [
      [{ data: [{ ...position, symbolName: 'NOPE' }] }, BROKER_TEXTS.invalidInput],
      [{ data: [] }, 'Invalid Input : data holds no positions'],
      [{}, 'Invalid Input : data is Missing.'],
      [{ data: [position], actid: 'SIM999' }, 'Invalid Input : Invalid Account Id'],
    ] as const) {
      expect((await h.post('/apiV2/spanCalculators', { ...s, ...body })).json).toEqual({
        Status: 'Failed',
        data: text,
      });
    }
  });

  it('/apiV2/timePriceSeries counts against the candles rate limit of 3 per second', async () => {
    h = await startSim({ rateLimits: true });
    const s = await sdkLogin(h);
    const body = { ...s, exchange: 'NSE', token: '2885', ...WINDOW };
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.post('/apiV2/timePriceSeries', body)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
