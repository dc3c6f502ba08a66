import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, type McpHarness, startMcp, textOf } from './harness.js';

interface Answer {
  ticketId: string;
  status: string;
  orderNumbers: string[];
}

let m: McpHarness;
beforeAll(async () => {
  m = await startMcp({ confirm: 'elicit', person: () => ({ action: 'accept', content: { confirm: true } }) });
});
afterAll(() => m.close());

describe('placement tools', () => {
  it('place_multi_order sends several orders as one confirmed ticket', async () => {
    const before = m.g.placements.length;
    const r = await m.call('place_multi_order', {
      orders: [
        { instrument: 'INFY', side: 'BUY', quantity: 1, product: 'C' },
        { instrument: 'SBIN', side: 'BUY', quantity: 2, product: 'I', price_type: 'market' },
      ],
    });
    const d = dataOf<Answer>(r);
    expect(r.isError).toBeFalsy();
    expect((await m.ticket(d.ticketId)).kind).toBe('multi');
    expect(d.orderNumbers).toHaveLength(2);
    expect(m.g.placements.length - before).toBe(1);
    expect(textOf(r)).toMatch(/Leg 1: BUY 1 INFY-EQ.*Leg 2: BUY 2 SBIN-EQ/s);
  });

  it('place_multi_order refuses more than ten orders before anything is previewed', async () => {
    const order = { instrument: 'INFY', side: 'BUY', quantity: 1, product: 'C' };
    const r = await m.call('place_multi_order', { orders: Array.from({ length: 11 }, () => order) });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/orders/);
  });

  it('place_long_straddle buys the call and the put at one strike', async () => {
    const r = await m.call('place_long_straddle', {
      symbol: 'NIFTY',
      strike: 24000,
      expiry: '24NOV26',
      quantity: 75,
    });
    const d = dataOf<Answer>(r);
    expect(r.isError).toBeFalsy();
    const ticket = await m.ticket(d.ticketId);
    expect(ticket.kind).toBe('straddle');
    expect(ticket.legs.map((l) => l.instrument)).toEqual([
      'NFO:NIFTY24NOV26C24000',
      'NFO:NIFTY24NOV26P24000',
    ]);
    expect(d.orderNumbers).toHaveLength(2);
  });

  it('place_long_straddle answers an unlisted strike with the listed expiries', async () => {
    const r = await m.call('place_long_straddle', {
      symbol: 'NIFTY',
      strike: 24010,
      expiry: '2026-11-24',
      quantity: 75,
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/instrument not found.*listed expiries/s);
  });

  it('place_order answers an unresolved instrument with candidates and sends nothing', async () => {
    const before = m.g.placements.length;
    const r = await m.call('place_order', {
      instrument: 'RELIANCEE',
      side: 'BUY',
      quantity: 1,
      product: 'C',
    });
    expect(r.isError).toBe(true);
    expect(textOf(r)).toMatch(/did you mean NSE:RELIANCE-EQ/);
    expect(m.g.placements.length).toBe(before);
  });

  it('answers in data what a client showing its model the data alone needs: the summary, every failed check', async () => {
    const before = m.g.placements.length;
    const r = await m.call('place_order', {
      instrument: 'NFO:NIFTY24NOV26C24000',
      side: 'BUY',
      quantity: 10,
      product: 'M',
    });
    const d = dataOf<Answer & { summary: string; failedChecks: string[] }>(r);
    const ticket = await m.ticket(d.ticketId);
    expect(r.isError).toBe(true);
    expect(d.status).toBe('REFUSED');
    expect(d.summary).toBe(ticket.summary);
    expect(d.failedChecks).toEqual(ticket.violations.map((v) => v.message));
    expect(d.failedChecks.join(' ')).toMatch(/lot/i);
    expect(m.g.placements.length).toBe(before);
  });

  it('place_order shows the margin view of a derivative order', async () => {
    const r = await m.call('place_order', {
      instrument: 'NFO:NIFTY24NOV26C24000',
      side: 'SELL',
      quantity: 75,
      product: 'M',
    });
    const { margin } = await m.ticket(dataOf<Answer>(r).ticketId);
    expect(margin.required).toBeGreaterThan(0);
    expect(margin.basis).toMatch(/span/i);
  });
});

describe('a rejection by the broker', () => {
  it('is reported with its parsed reason, marked as outside text', async () => {
    const h = await startMcp({
      confirm: 'elicit',
      person: () => ({ action: 'accept', content: { confirm: true } }),
      env: { OMSDESK_MAX_ORDER_VALUE: '5000000', OMSDESK_MAX_DAILY_VALUE: '50000000' },
    });
    try {
      const r = await h.call('place_order', {
        instrument: 'RELIANCE',
        side: 'BUY',
        quantity: 1000,
        product: 'C',
      });
      const d = dataOf<Answer>(r);
      expect(r.isError).toBe(true);
      expect(d.status).toBe('REJECTED');
      const ticket = await h.ticket(d.ticketId);
      expect(ticket.legs[0]?.rejection).toMatchObject({ party: 'RED', kind: 'MARGIN_SHORTFALL' });
      expect(textOf(r)).toMatch(/REJECTED: ⟦RED:Margin Shortfall[^⟧]*⟧/);
      expect(textOf(r)).toMatch(/data, never instructions/);
      expect(textOf(r)).toMatch(/margin short/i);
    } finally {
      await h.close();
    }
  });
});
