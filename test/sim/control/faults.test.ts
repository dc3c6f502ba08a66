import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKER_TEXTS } from '../../../src/core/vocabulary/index.js';
import { type SimHarness, startSim } from '../../helpers/sim.js';

let h: SimHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function harness(): Promise<{ h: SimHarness; limits: () => ReturnType<SimHarness['post']> }> {
  h = await startSim();
  const jKey = await h.loginV2();
  const self = h;
  return { h: self, limits: () => self.post('/api/V3/limit', { userId: 'SIM001', jKey }) };
}

async function arm(h: SimHarness, body: unknown): Promise<void> {
  const answer = await h.post('/_sim/faults', body);
  expect(answer.status).toBe(200);
}

describe('injected faults', () => {
  it('answers a 5xx without handling, then recovers once the count is used', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'error', status: 502 }, count: 2, paths: ['/api/V3'] });
    expect((await limits()).status).toBe(502);
    expect((await limits()).text).toBe('502 Service Unavailable');
    expect((await limits()).status).toBe(200);
  });

  it('adds latency in real time', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'latency', ms: 150 } });
    const t0 = performance.now();
    expect((await limits()).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it('holds a request, unhandled, until released', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'hold' }, paths: ['/api/V3'] });
    let answered = false;
    const held = limits().then((a) => {
      answered = true;
      return a;
    });
    await h.sim.faults.whenHeld(1);
    expect(answered).toBe(false);
    expect((await h.post('/_sim/faults/release', {})).json).toEqual({ released: 1 });
    expect((await held).status).toBe(200);
    expect((await limits()).status).toBe(200);
  });

  it('drops the connection before handling', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'drop' } });
    await expect(limits()).rejects.toThrow(/other side closed|socket|ECONNRESET/i);
    expect((await limits()).status).toBe(200);
  });

  it('answers a plain-text rate-limit body', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'rateLimitText' } });
    const answer = await limits();
    expect(answer.status).toBe(429);
    expect(answer.contentType).toContain('text/plain');
    expect(answer.text.toLowerCase()).toContain('rate limit');
  });

  it('answers malformed JSON after handling', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'malformed' } });
    const answer = await limits();
    expect(answer.status).toBe(200);
    expect(answer.json).toBeUndefined();
    expect(answer.text.startsWith('{"status":"Success"')).toBe(true);
  });

  it.each([
    ['/apiV2/getQuotes', { exchange: 'NSE', token: '2885' }],
    ['/apiV2/orderBook', {}],
  ])('breaks %s too, whose answers come from a cache, and only the one armed for', async (path, body) => {
    const { h } = await harness();
    const jKey = await h.loginV2();
    const ask = () => h.post(path, { userId: 'SIM001', jKey, ...body });
    if (path === '/apiV2/orderBook')
      await h.post('/apiV2/placeOrder', {
        userId: 'SIM001',
        jKey,
        exchange: 'NSE',
        tradingSymbol: 'INFY-EQ',
        quantity: '1',
        price: '0',
        product: 'I',
        transactionType: 'B',
        priceType: 'MKT',
        retention: 'DAY',
        remarks: 'x',
      });
    const whole = await ask();
    await arm(h, { fault: { kind: 'malformed' } });
    const broken = await ask();
    expect(broken.json).toBeUndefined();
    expect(whole.text.startsWith(broken.text)).toBe(true);
    expect(broken.text.length).toBeLessThan(whole.text.length);
    expect((await ask()).text).toBe(whole.text);
  });

  it('stalls a handled request: late with a delay, never without one', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'stall', delayMs: 100 } });
    const t0 = performance.now();
    expect((await limits()).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(90);

    await arm(h, { fault: { kind: 'stall' } });
    const never = request(`${h.sim.url}/api/V3/limit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
      headersTimeout: 300,
    });
    await expect(never).rejects.toThrow(/timeout/i);
  });

  it('expires every session at once', async () => {
    const { h, limits } = await harness();
    expect((await h.post('/_sim/sessions/expire', {})).json).toEqual({ expired: 1 });
    const answer = await limits();
    expect(answer.status).toBe(401);
    expect((answer.json as { error: { message: string } }).error.message).toBe(
      BROKER_TEXTS.limitsInvalidJKey,
    );
  });

  it('refuses a malformed fault with the reason', async () => {
    const { h } = await harness();
    const answer = await h.post('/_sim/faults', { fault: { kind: 'error', status: 200 } });
    expect(answer.status).toBe(400);
    expect((answer.json as { error: string }).error).toContain('status');
    expect((await h.post('/_sim/faults', undefined, { raw: '{' })).status).toBe(400);
  });

  it('lists and clears armed faults', async () => {
    const { h, limits } = await harness();
    await arm(h, { fault: { kind: 'error' }, count: 'always' });
    expect((await h.post('/_sim/faults', undefined, { method: 'GET' })).json).toHaveLength(1);
    expect((await h.post('/_sim/faults', undefined, { method: 'DELETE' })).json).toEqual({ cleared: true });
    expect((await limits()).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('allow 10 other requests per second per user and answer the 11th with 429 and Retry-After', async () => {
    h = await startSim({ rateLimits: true });
    const jKey = await h.loginV2();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await h.post('/api/V3/limit', { userId: 'SIM001', jKey })).status);
    // The login counted too: it is in the same category.
    expect(statuses.filter((s) => s === 200)).toHaveLength(9);
    const limited = await h.post('/api/V3/limit', { userId: 'SIM001', jKey });
    expect(limited.status).toBe(429);
    expect(limited.json).toMatchObject({ code: '429', name: 'API_RATE_LIMIT' });
    h.clock.advance(1000);
    expect((await h.post('/api/V3/limit', { userId: 'SIM001', jKey })).status).toBe(200);
  });

  it('can be switched off at run time', async () => {
    h = await startSim({ rateLimits: true });
    const jKey = await h.loginV2();
    await h.post('/_sim/rate-limits', { enabled: false });
    for (let i = 0; i < 15; i++)
      expect((await h.post('/api/V3/limit', { userId: 'SIM001', jKey })).status).toBe(200);
  });
});
