import { afterEach, describe, expect, it } from 'vitest';
import { isGateError } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const inRange = (price: number): boolean => price >= 8 && price <= 14;

/** A NIFTY option trading near ₹10 (where 2 % is four ticks of ₹0.05). */
async function cheapOption(h: GateHarness) {
  const { market } = h.h.sim;
  const now = h.h.clock.now();
  const found = market
    .universe(now)
    .instruments.find(
      (i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY' && inRange(market.snapshot(i, now).last),
    );
  if (found === undefined) throw new Error('no NIFTY option near ₹10');
  const quote = await h.client.getQuote({ exchange: 'NFO', token: found.token });
  return { instrument: found, last: quote.lastPrice };
}

const buyOption = (tradingSymbol: string, lotSize: number) =>
  ({
    kind: 'single',
    order: {
      instrument: `NFO:${tradingSymbol}`,
      side: 'BUY',
      quantity: lotSize,
      priceType: 'MKT',
      product: 'M',
    },
  }) as const;

describe('price drift between preview and approval', () => {
  it('lets a cheap option move a few ticks (within the floor) although that is more than 2 %', async () => {
    g = await startGate();
    const { instrument, last } = await cheapOption(g);
    const t = await g.gate.preview(buyOption(instrument.tradingSymbol, instrument.lotSize), MODEL);
    expect(t.status).toBe('PENDING');
    const moved = Math.round((last + 8 * 0.05) * 100) / 100; // eight ticks: 3-5 % of the premium
    await g.h.post('/_sim/price', { exchange: 'NFO', token: instrument.token, price: moved });
    const done = await g.gate.approve(t.id, ALICE);
    expect(['PLACED', 'COMPLETE']).toContain(done.status);
  });

  it('still refuses a cheap option that moved beyond both the percentage and the tick floor', async () => {
    g = await startGate();
    const { instrument, last } = await cheapOption(g);
    const t = await g.gate.preview(buyOption(instrument.tradingSymbol, instrument.lotSize), MODEL);
    await g.h.post('/_sim/price', {
      exchange: 'NFO',
      token: instrument.token,
      price: Math.round(last * 1.3 * 20) / 20,
    });
    const error = await g.gate.approve(t.id, ALICE).catch((e: unknown) => e);
    expect(isGateError(error, 'PRICE_DRIFT')).toBe(true);
    expect((error as Error).message).toMatch(/at least 10 ticks/);
    expect(g.placements).toHaveLength(0);
  });

  it('refuses a ticket previewed without a quote: no approval could tell whether the price moved', async () => {
    g = await startGate();
    await g.client.login();
    // The price is set, not read: a quote read here would be fresh enough for the preview to reuse.
    const last = 2450;
    await g.h.post('/_sim/price', { exchange: 'NSE', token: '2885', price: last });
    await g.h.post('/_sim/faults', { fault: { kind: 'error' }, count: 20, paths: ['/apiV2/getQuotes'] });
    const t = await g.gate.preview(
      {
        kind: 'single',
        order: {
          instrument: 'NSE:RELIANCE-EQ',
          side: 'BUY',
          quantity: 1,
          priceType: 'LMT',
          price: Math.round(last * 20) / 20,
          product: 'C',
        },
      },
      MODEL,
    );
    expect(t.status).toBe('REFUSED');
    expect(t.violations.map((v) => v.rule)).toEqual(['QUOTE_UNAVAILABLE']);
    expect(isGateError(await g.gate.approve(t.id, ALICE).catch((e: unknown) => e), 'TICKET_DECIDED')).toBe(
      true,
    );
    expect(g.placements).toHaveLength(0);
  });
});
