import { readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isGateError } from '../../../src/core/gate/index.js';
import { ALICE, type GateHarness, MODEL, startGate } from './harness.js';

let g: GateHarness | undefined;
afterEach(async () => {
  await g?.close();
  g = undefined;
});

const BUY_RELIANCE = {
  kind: 'single',
  order: { instrument: 'RELIANCE', side: 'BUY', quantity: 10, priceType: 'MKT', product: 'C' },
} as const;

/** The audit log as it is on disk at this very moment (read synchronously: no await lets a write finish). */
function readAudit(h: GateHarness): Array<{ event: string }> {
  return readFileSync(h.auditPath, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { event: string });
}

async function expectGateError(promise: Promise<unknown>, code: string): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isGateError(error, code as never), String(error)).toBe(true);
  return (error as Error).message;
}

describe('the order gate previews', () => {
  it('resolve the instrument, freeze the wire payload with its tag and hash, and summarise it for a human', async () => {
    g = await startGate();
    const last = (await g.client.getQuote({ exchange: 'NSE', token: '1594' })).lastPrice;
    const limit = Math.round(last * 0.99 * 20) / 20 + 0.05; // on the 0.05 grid, a little below the market
    const t = await g.gate.preview(
      {
        kind: 'single',
        order: {
          instrument: 'NSE:INFY-EQ',
          side: 'BUY',
          quantity: 5,
          priceType: 'LMT',
          price: limit,
          product: 'C',
          remarks: 'rebalance',
        },
      },
      MODEL,
    );
    expect(t.status).toBe('PENDING');
    expect(t.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.legs[0]?.wire).toEqual({
      exchange: 'NSE',
      tradingSymbol: 'INFY-EQ',
      quantity: '5',
      price: limit.toFixed(2),
      product: 'C',
      transactionType: 'B',
      priceType: 'LMT',
      retention: 'DAY',
      remarks: `omsdesk:${t.id} rebalance`,
    });
    expect(t.summary).toContain(`BUY 5 INFY-EQ on NSE at a limit of ₹${limit.toFixed(2)}, delivery (C)`);
    const value = (limit * 5).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect(t.summary).toContain(`Uses about ₹${value} of ₹10,00,000.00 available`);
    expect(Date.parse(t.expiresAt) - Date.parse(t.createdAt)).toBe(120_000);
    expect(await g.auditEvents()).toEqual(['previewed']);
    expect(g.placements).toHaveLength(0);
  });

  it('refuse what breaks a rule, listing every violation with its numbers, and never let it be approved', async () => {
    g = await startGate({ OMSDESK_MAX_ORDER_QUANTITY: '50' });
    const call = g.h.sim.market
      .universe(g.h.clock.now())
      .instruments.find((i) => i.kind === 'OPTIDX' && i.symbolName === 'NIFTY');
    const t = await g.gate.preview(
      {
        kind: 'single',
        order: {
          instrument: `NFO:${call?.tradingSymbol}`,
          side: 'BUY',
          quantity: 80,
          priceType: 'LMT',
          price: 10.03,
          product: 'C',
        },
      },
      MODEL,
    );
    expect(t.status).toBe('REFUSED');
    expect(t.violations.map((v) => v.rule).sort()).toEqual([
      'LOT_SIZE',
      'ORDER_QUANTITY_CAP',
      'PRODUCT_SEGMENT',
      'TICK_SIZE',
    ]);
    expect(t.violations.find((v) => v.rule === 'LOT_SIZE')?.numbers).toMatchObject({
      quantity: 80,
      lotSize: 75,
    });
    await expectGateError(g.gate.approve(t.id, ALICE), 'TICKET_DECIDED');
    expect(await g.auditEvents()).toEqual(['refused']);
    expect(g.placements).toHaveLength(0);
  });

  it('say which instruments were meant when the input does not name exactly one', async () => {
    g = await startGate();
    const message = await expectGateError(
      g.gate.preview({ kind: 'single', order: { ...BUY_RELIANCE.order, instrument: 'RELIANC' } }, MODEL),
      'INSTRUMENT_NOT_FOUND',
    );
    expect(message).toContain('did you mean NSE:RELIANCE-EQ');
  });

  it('refuse malformed orders before looking anything up', async () => {
    g = await startGate();
    const message = await expectGateError(
      g.gate.preview(
        { kind: 'single', order: { ...BUY_RELIANCE.order, quantity: -3, side: 'HOLD' as never } },
        MODEL,
      ),
      'INVALID_ORDER',
    );
    expect(message).toContain('side must be one of BUY, SELL');
    expect(message).toContain('quantity must be a positive whole number');
    await expectGateError(
      g.gate.preview({ kind: 'multi', orders: Array(11).fill(BUY_RELIANCE.order) }, MODEL),
      'INVALID_ORDER',
    );
  });
});

describe('zero orders reach the broker', () => {
  it('for an unknown ticket', async () => {
    g = await startGate();
    await expectGateError(g.gate.approve('TNOSUCHONE', ALICE), 'TICKET_NOT_FOUND');
    expect(g.placements).toHaveLength(0);
  });

  it('for an expired ticket, whose expiry the audit log records before anyone hears of it (a listener, a click)', async () => {
    g = await startGate();
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    const heard: string[][] = [];
    g.gate.onChange((_ticket, event) => {
      if (event === 'expired') heard.push(readAudit(g as GateHarness).map((e) => e.event));
    });
    expect(g.gate.get(t.id)?.status).toBe('PENDING');
    await g.clock.advance(120_001);
    // A click after the expiry is refused only once the expiry is recorded.
    await expectGateError(g.gate.decline(t.id, ALICE), 'TICKET_EXPIRED');
    expect(readAudit(g).map((e) => e.event)).toEqual(['previewed', 'expired']);
    expect(heard).toEqual([['previewed', 'expired']]);
    await expectGateError(g.gate.approve(t.id, ALICE), 'TICKET_EXPIRED');
    expect(g.gate.get(t.id)?.status).toBe('EXPIRED');
    expect(g.placements).toHaveLength(0);
  });

  it('for a replayed approval after a decline', async () => {
    g = await startGate();
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    expect((await g.gate.decline(t.id, ALICE, 'not today')).status).toBe('DECLINED');
    await expectGateError(g.gate.approve(t.id, ALICE), 'TICKET_DECIDED');
    await expectGateError(g.gate.decline(t.id, ALICE), 'TICKET_DECIDED');
    expect(g.placements).toHaveLength(0);
  });

  it('for an approval naming a different hash (a tampered ticket), which leaves the real ticket pending', async () => {
    g = await startGate();
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    await expectGateError(g.gate.approve(t.id, ALICE, { expectedHash: 'f'.repeat(64) }), 'TICKET_TAMPERED');
    expect(g.gate.get(t.id)?.status).toBe('PENDING');
    expect(await g.auditEvents()).toEqual(['previewed', 'approval_refused']);
    expect(g.placements).toHaveLength(0);
  });

  it('when the runtime kill switch is engaged between preview and approval', async () => {
    g = await startGate();
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    await g.gate.halt(ALICE);
    const message = await expectGateError(g.gate.approve(t.id, ALICE), 'CHECKS_FAILED');
    expect(message.toLowerCase()).toContain('kill switch');
    expect(g.gate.get(t.id)?.status).toBe('REFUSED');
    expect(g.placements).toHaveLength(0);
  });

  it('when the kill-switch file exists', async () => {
    g = await startGate();
    await writeFile(join(g.dataDir, 'KILL'), '');
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    expect(t.status).toBe('REFUSED');
    expect(t.violations.map((v) => v.rule)).toContain('KILL_SWITCH');
    expect(g.placements).toHaveLength(0);
  });

  it('in read-only mode', async () => {
    g = await startGate({ OMSDESK_READ_ONLY: 'true' });
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    expect(t.violations.map((v) => v.rule)).toContain('READ_ONLY');
    await expectGateError(g.gate.approve(t.id, ALICE), 'TICKET_DECIDED');
    expect(g.placements).toHaveLength(0);
  });

  it('when a market order exceeds the value cap at the current price', async () => {
    g = await startGate({ OMSDESK_MAX_ORDER_VALUE: '10000' });
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    expect(t.violations.map((v) => v.rule)).toEqual(['ORDER_VALUE_CAP']);
    expect(g.placements).toHaveLength(0);
  });

  it('when the daily order cap is reached by a basket', async () => {
    g = await startGate({ OMSDESK_MAX_DAILY_ORDERS: '2' });
    const t = await g.gate.preview(
      { kind: 'multi', orders: [BUY_RELIANCE.order, BUY_RELIANCE.order, BUY_RELIANCE.order] },
      MODEL,
    );
    expect(t.violations.map((v) => v.rule)).toContain('DAILY_ORDER_CAP');
    expect(g.placements).toHaveLength(0);
  });

  it('when the price drifted beyond the limit since the preview', async () => {
    g = await startGate();
    const t = await g.gate.preview(BUY_RELIANCE, MODEL);
    const last = t.legs[0]?.market?.lastPrice ?? 0;
    await g.h.post('/_sim/price', { exchange: 'NSE', token: '2885', price: Math.round(last * 1.05) });
    const message = await expectGateError(g.gate.approve(t.id, ALICE), 'PRICE_DRIFT');
    expect(message).toMatch(/RELIANCE-EQ moved 5\.\d\d% since the preview/);
    expect(g.placements).toHaveLength(0);
  });
});
