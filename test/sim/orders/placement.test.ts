import { afterEach, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import { schemaKeys } from '../../helpers/sim.js';
import { BASE_ORDER, DATE_FIRST, type OrderHarness, orderHarness, TIME_FIRST } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

describe('placing an order', () => {
  it('answers the first generation with omsordno and the second with orderNumber, 14 digits YYMMDD + sequence', async () => {
    o = await orderHarness();
    const v1 = await o.call('/api/placeOrder', { actid: 'SIM001', ...BASE_ORDER });
    const first = wire.placeOrderV1Success.parse(v1.json);
    expect(first).toEqual({ stat: 'Ok', request_time: '10:00:00 20-11-2026', omsordno: '26112000000001' });
    const v2 = await o.call('/apiV2/placeOrder', BASE_ORDER);
    expect(v2.json).toEqual({
      Status: 'Success',
      data: { requestTime: '10:00:00 20-11-2026', orderNumber: '26112000000002' },
    });
    expect(await o.place()).toBe('26112000000003');
  });

  it('answers synchronously only for malformed requests, with the OMS texts', async () => {
    o = await orderHarness();
    const v2 = (order: Record<string, string>) => o?.call('/apiV2/placeOrder', { ...BASE_ORDER, ...order });
    const failure = (text: string) => ({ Status: 'Failed', data: text });
    expect((await v2({ tradingSymbol: 'NOSUCH-EQ' }))?.json).toEqual(
      failure(BROKER_TEXTS.invalidTradingSymbol),
    );
    for (const bad of [
      { exchange: 'MCX' },
      { product: 'X' },
      { transactionType: 'BUY' },
      { priceType: 'LIMIT' },
      { retention: 'GTC' },
      { quantity: 'ten' },
      { quantity: '0' },
      { quantity: '-5' },
      { quantity: '2.5' },
      { quantity: '1e3' },
      { priceType: 'LMT', price: 'abc' },
      { priceType: 'LMT', price: '0' },
      { priceType: 'LMT', price: '1e3' },
      { priceType: 'SL-MKT', triggerPrice: 'x' },
      { priceType: 'SL-LMT', price: '1500', triggerPrice: '' },
      { triggerPrice: '12..5' },
    ]) {
      expect((await v2(bad))?.json, JSON.stringify(bad)).toEqual(failure(BROKER_TEXTS.invalidInput));
    }
    const { quantity: _q, ...noQuantity } = BASE_ORDER;
    const missing = await o.call('/apiV2/placeOrder', noQuantity);
    expect(missing.json).toEqual(failure('Invalid Input : quantity is Missing.'));
    const numbers = await o.call('/apiV2/placeOrder', { ...BASE_ORDER, quantity: 1 });
    expect(numbers.json).toEqual(failure(BROKER_TEXTS.notStrings));
    expect(await o.simOrders()).toEqual([]);
  });

  it('needs the first generation actid, and only the session user own', async () => {
    o = await orderHarness();
    const none = await o.call('/api/placeOrder', BASE_ORDER);
    expect(wire.v1Failure.parse(none.json)).toMatchObject({
      stat: 'Not_Ok',
      emsg: 'Invalid Input : actid is Missing.',
      request_time: '10:00:00 20-11-2026',
    });
    const other = await o.call('/api/placeOrder', { ...BASE_ORDER, actid: 'SIM002' });
    expect(wire.v1Failure.parse(other.json).emsg).toBe('Invalid Input : Invalid Account Id');
    const bad = await o.call('/api/placeOrder', { ...BASE_ORDER, actid: 'SIM001', tradingSymbol: 'XX' });
    expect(wire.v1Failure.parse(bad.json).emsg).toBe(BROKER_TEXTS.invalidTradingSymbol);
  });

  it('decodes URL-encoded trading symbols and accepts them unencoded too', async () => {
    o = await orderHarness();
    const encoded = await o.place({ tradingSymbol: 'M%26M-EQ', remarks: 'encoded' });
    const plain = await o.place({ tradingSymbol: 'M&M-EQ' });
    for (const n of [encoded, plain]) expect((await o.latest(n)).tradingSymbol).toBe('M&M-EQ');
    const broken = await o.call('/apiV2/placeOrder', { ...BASE_ORDER, tradingSymbol: 'M%2' });
    expect(broken.json).toEqual({ Status: 'Failed', data: BROKER_TEXTS.invalidTradingSymbol });
  });

  it('acknowledges first (PENDING, NewAck) and runs the risk checks only after the configured latency', async () => {
    o = await orderHarness({ orderLatencyMs: 2000 });
    const n = await o.place({ remarks: 'slow' });
    const pending = await o.historyV2(n);
    expect(pending.map((e) => [e.reportType, e.status])).toEqual([['NewAck', 'PENDING']]);
    expect(pending[0]?.exchangeTime).toBe('00:00:00 01-01-1980');
    expect(pending[0]?.exchangeOrderNumber).toBe('');
    await o.advance(2000);
    const done = await o.historyV2(n);
    expect(done.map((e) => e.reportType)).toEqual(['Fill', 'New', 'PendingNew', 'NewAck']);
    expect(done[0]?.omstm).toBe('10:00:02 20-11-2026');
  });
});

describe('single order history', () => {
  it('lists one entry per report newest first in both generations and both paths, with every spec field', async () => {
    o = await orderHarness();
    const n = await o.place({ remarks: 'tag: ✓ "quoted" & more' });
    for (const path of ['/api/singleOrderHistory', '/api/singleOrderList']) {
      const entries = wire.orderHistoryV1Success.parse((await o.call(path, { omsordno: n })).json);
      expect(entries.map((e) => e.rpt)).toEqual(['Fill', 'New', 'PendingNew', 'NewAck']);
      for (const e of entries) for (const key of schemaKeys(wire.orderV1)) expect(e, key).toHaveProperty(key);
      const [fill, , , ack] = entries;
      expect(fill).toMatchObject({
        stat: 'Ok',
        omsordno: n,
        status: 'COMPLETE',
        fillshares: '1',
        remarks: 'tag: ✓ "quoted" & more',
        uid: 'SIM001',
        actid: 'SIM001',
        ret: 'DAY',
        prctyp: 'MKT',
        pp: '2',
        ti: '0.05',
        ls: '1',
        token: '1594',
      });
      expect(fill?.orddttm).toMatch(TIME_FIRST);
      expect(fill?.omstm).toMatch(TIME_FIRST);
      expect(fill?.extm).toMatch(DATE_FIRST);
      expect(fill?.exchordid).toMatch(/^\d{16}$/);
      expect(fill?.ordenttm).toBe(String(Math.floor(o.h.clock.now() / 1000)));
      expect(ack).toMatchObject({ status: 'PENDING', extm: '00:00:00 01-01-1980', exchordid: '' });
    }
    for (const path of ['/apiV2/singleOrderHistory', '/apiV2/singleOrderList']) {
      const body = wire.orderHistoryV2Success.parse((await o.call(path, { orderNumber: n })).json);
      expect(body.Status).toBe('Success');
      expect(body.data.map((e) => e.reportType)).toEqual(['Fill', 'New', 'PendingNew', 'NewAck']);
      for (const e of body.data)
        for (const key of schemaKeys(wire.orderV2)) expect(e, key).toHaveProperty(key);
      expect(body.data[0]?.exchangeTime).toMatch(DATE_FIRST);
      expect(body.data[1]?.status).toBe('OPEN');
    }
  });

  it('answers "no data" for an unknown order number in each generation failure shape', async () => {
    o = await orderHarness();
    expect((await o.call('/api/singleOrderHistory', { omsordno: '26112099999999' })).json).toEqual({
      stat: 'Not_Ok',
      requestTime: '10:00:00 20-11-2026',
      emsg: BROKER_TEXTS.noData,
    });
    expect((await o.call('/apiV2/singleOrderList', { orderNumber: 'nope' })).json).toEqual({
      Status: 'Failed',
      requestTime: '10:00:00 20-11-2026',
      data: BROKER_TEXTS.noData,
    });
  });

  it('shows the simulator own view of every order at /_sim/orders', async () => {
    o = await orderHarness();
    const n = await o.place({ quantity: '3', remarks: 'view' });
    await o.latest(n);
    const [view] = await o.simOrders();
    expect(view).toMatchObject({
      orderNumber: n,
      remarks: 'view',
      phase: 'done',
      status: 'COMPLETE',
      filled: 3,
    });
    expect(view?.trades.length).toBeGreaterThan(0);
  });
});
