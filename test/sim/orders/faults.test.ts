import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import * as wire from '../../../src/core/wire/index.js';
import { BASE_ORDER, type OrderHarness, orderHarness } from './harness.js';

let o: OrderHarness | undefined;
afterEach(async () => {
  await o?.close();
  o = undefined;
});

async function arm(h: OrderHarness, fault: Record<string, unknown>, paths = ['/apiV2/placeOrder']) {
  expect((await h.h.post('/_sim/faults', { fault, paths })).status).toBe(200);
}

/** Posts a placement with a short answer timeout (a stalled answer must not hang the test). */
function placeRaw(h: OrderHarness, remarks: string) {
  return request(`${h.h.sim.url}/apiV2/placeOrder`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...h.session, ...BASE_ORDER, remarks }),
    headersTimeout: 300,
  });
}

const bookRemarks = async (h: OrderHarness): Promise<string[]> => {
  const answer = (await h.call('/apiV2/orderBook')).json;
  const parsed = wire.orderBookSuccess.safeParse(answer);
  return parsed.success ? parsed.data.data.map((e) => e.remarks ?? '') : [];
};

describe('faults around order placement', () => {
  it('stall: the order exists (in /_sim/orders and the book) although the answer never came', async () => {
    o = await orderHarness();
    await arm(o, { kind: 'stall' });
    await expect(placeRaw(o, 'stalled')).rejects.toThrow(/timeout/i);
    expect((await o.simOrders()).map((v) => v.remarks)).toEqual(['stalled']);
    expect(await bookRemarks(o)).toEqual(['stalled']);
  });

  it('drop after handling: the connection is cut but the order was placed', async () => {
    o = await orderHarness();
    await arm(o, { kind: 'drop', when: 'after' });
    await expect(placeRaw(o, 'dropped')).rejects.toThrow();
    expect(await bookRemarks(o)).toEqual(['dropped']);
  });

  it('drop before handling and error: nothing is placed', async () => {
    o = await orderHarness();
    await arm(o, { kind: 'drop', when: 'before' });
    await expect(placeRaw(o, 'lost')).rejects.toThrow();
    await arm(o, { kind: 'error', status: 503 });
    const answer = await placeRaw(o, 'errored');
    expect(answer.statusCode).toBe(503);
    expect(await answer.body.text()).toBe('503 Service Unavailable');
    expect(await o.simOrders()).toEqual([]);
  });

  it('malformed: the answer is broken JSON but the order was placed', async () => {
    o = await orderHarness();
    await arm(o, { kind: 'malformed' });
    const answer = await o.call('/apiV2/placeOrder', { ...BASE_ORDER, remarks: 'garbled' });
    expect(answer.json).toBeUndefined();
    expect(answer.text.startsWith('{"Status":"Success"')).toBe(true);
    expect(await bookRemarks(o)).toEqual(['garbled']);
  });

  it('rateLimitText: a plain-text refusal and no order', async () => {
    o = await orderHarness();
    await arm(o, { kind: 'rateLimitText' }, ['/apiV2/strategies']);
    const answer = await o.call('/apiV2/strategies/multiPlaceOrders', { data: [BASE_ORDER, BASE_ORDER] });
    expect(answer.status).toBe(429);
    expect(answer.text.toLowerCase()).toContain('rate limit');
    expect(await o.simOrders()).toEqual([]);
  });

  it('latency: the answer is late and the order is placed', async () => {
    o = await orderHarness();
    await arm(o, { kind: 'latency', ms: 120 }, ['/api/placeOrder']);
    const t0 = performance.now();
    const n = await o.placeV1({ remarks: 'late' });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
    expect((await o.latest(n)).remarks).toBe('late');
  });

  it('session expiry: every placement path answers its session failure and nothing is placed', async () => {
    o = await orderHarness();
    await o.h.post('/_sim/sessions/expire', {});
    expect((await o.call('/apiV2/placeOrder', BASE_ORDER)).json).toEqual({
      Status: 'Failed',
      data: BROKER_TEXTS.sessionExpired,
    });
    expect((await o.call('/api/placeOrder', { ...BASE_ORDER, actid: 'SIM001' })).json).toEqual({
      stat: 'Not_Ok',
      request_time: '10:00:00 20-11-2026',
      emsg: BROKER_TEXTS.sessionExpired,
    });
    const multi = await o.call('/apiV2/strategies/multiPlaceOrders', { data: [BASE_ORDER, BASE_ORDER] });
    expect(multi.json).toEqual([
      { Status: 'Failed', data: BROKER_TEXTS.sessionExpired },
      { Status: 'Failed', data: BROKER_TEXTS.sessionExpired },
    ]);
    expect((await o.call('/api/singleOrderHistory', { omsordno: '1' })).json).toMatchObject({
      stat: 'Not_Ok',
      emsg: BROKER_TEXTS.sessionExpired,
    });
    expect(await o.simOrders()).toEqual([]);
  });
});
