import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTimers, passTime } from './fake-time.js';
import { dataOf, type McpHarness, type Person, startMcp, textOf } from './harness.js';

const ORDER = { instrument: 'RELIANCE', side: 'BUY', quantity: 1, product: 'C' };
let m: McpHarness | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await m?.close();
  m = undefined;
});

async function placeWith(person: Person | undefined, timings = {}) {
  m = await startMcp({ confirm: 'elicit', ...(person ? { person } : {}), timings });
  const result = await m.call('place_order', ORDER);
  return {
    m,
    result,
    data: dataOf<{ status: string; ticketId: string; orderNumbers: string[]; confirmation: string }>(result),
  };
}

/** Nothing reached the broker: no placement call left the gate and the broker's order book is empty. */
async function expectNothingPlaced(h: McpHarness): Promise<void> {
  expect(h.g.placements).toHaveLength(0);
  expect(await h.brokerOrders()).toBe(0);
}

describe('elicit confirmation', () => {
  it('places exactly one order when the person accepts with the box checked', async () => {
    const { m, result, data } = await placeWith(() => ({ action: 'accept', content: { confirm: true } }));
    expect(result.isError).toBeFalsy();
    expect(m.asked).toHaveLength(1);
    expect(m.asked[0]?.params.message).toContain('BUY 1 RELIANCE-EQ on NSE');
    expect(data.confirmation).toBe('elicitation');
    expect(['PLACED', 'COMPLETE']).toContain(data.status);
    expect(data.orderNumbers).toHaveLength(1);
    expect(m.g.placements).toHaveLength(1);
    expect(await m.brokerOrders()).toBe(1);
    expect(m.g.gate.get(data.ticketId)?.decidedBy).toMatchObject({
      channel: 'mcp-elicitation',
      id: 'omsdesk-test',
    });
  });

  it('keeps a client with the default 60 s timeout waiting, through progress, for a person who answers after 90 s', async () => {
    let asked: () => void = () => undefined;
    const wasAsked = new Promise<void>((resolve) => {
      asked = resolve;
    });
    const slowPerson: Person = () => {
      asked();
      return new Promise((resolve) =>
        setTimeout(() => resolve({ action: 'accept', content: { confirm: true } }), 90_000),
      );
    };
    m = await startMcp({ confirm: 'elicit', person: slowPerson, timings: { progressIntervalMs: 5_000 } });
    fakeTimers();
    const progress: Progress[] = [];
    // No timeout given: the SDK client's default of 60 s applies, reset by each progress notification.
    const pending = m.call('place_order', ORDER, {
      onprogress: (p) => progress.push(p),
      resetTimeoutOnProgress: true,
    });
    await wasAsked;
    await passTime(91_000);
    const result = await pending;
    const data = dataOf<{ status: string; orderNumbers: string[] }>(result);
    expect(result.isError).toBeFalsy();
    expect(['PLACED', 'COMPLETE']).toContain(data.status);
    expect(data.orderNumbers).toHaveLength(1);
    expect(m.g.placements).toHaveLength(1);
    expect(progress.length).toBeGreaterThanOrEqual(18);
    expect(progress[0]?.message).toMatch(/waiting for the person at the MCP client .*ticket T\w{8}/);
  });

  it('places nothing when the person accepts without checking the box', async () => {
    const { m, result, data } = await placeWith(() => ({ action: 'accept', content: { confirm: false } }));
    expect(result.isError).toBe(true);
    expect(data.status).toBe('DECLINED');
    expect(textOf(result)).toMatch(/box was not checked/);
    await expectNothingPlaced(m);
  });

  it('places nothing and declines the ticket when the person declines', async () => {
    const { m, data } = await placeWith(() => ({ action: 'decline' }));
    expect(data.status).toBe('DECLINED');
    expect(m.g.gate.get(data.ticketId)?.status).toBe('DECLINED');
    expect(await m.g.auditEvents()).toContain('declined');
    await expectNothingPlaced(m);
  });

  it('places nothing when the person dismisses the form', async () => {
    const { m, result, data } = await placeWith(() => ({ action: 'cancel' }));
    expect(data.status).toBe('DECLINED');
    expect(textOf(result)).toMatch(/dismissed/);
    await expectNothingPlaced(m);
  });

  it('places nothing when no answer comes before the timeout', async () => {
    const never: Person = () => new Promise(() => undefined);
    const { m, result, data } = await placeWith(never, { elicitTimeoutMs: 150 });
    expect(result.isError).toBe(true);
    expect(data.status).toBe('DECLINED');
    expect(textOf(result)).toMatch(/no confirmation came back/);
    await expectNothingPlaced(m);
  });

  it('places nothing when the client answers the elicitation with an error', async () => {
    const { m, data } = await placeWith(() => {
      throw new Error('the form could not be shown');
    });
    expect(data.status).toBe('DECLINED');
    await expectNothingPlaced(m);
  });

  it('refuses a client without elicitation, explaining how to enable a confirmation path, and previews nothing', async () => {
    const { m, result } = await placeWith(undefined);
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    expect(textOf(result)).toMatch(/no way to ask a human.*does not support elicitation.*OMSDESK_CONFIRM/s);
    expect(m.g.gate.list()).toHaveLength(0);
    await expectNothingPlaced(m);
  });

  it('never asks about an order the checks refused, and reports every violation', async () => {
    m = await startMcp({
      confirm: 'elicit',
      person: () => ({ action: 'accept', content: { confirm: true } }),
    });
    const result = await m.call('place_order', {
      instrument: 'NFO:NIFTY24NOV26C24000',
      side: 'BUY',
      quantity: 10,
      price: 0.01,
      product: 'C',
    });
    const data = dataOf<{ status: string; ticketId: string }>(result);
    expect(result.isError).toBe(true);
    expect(data.status).toBe('REFUSED');
    const { violations } = await m.ticket(data.ticketId);
    expect(violations.length).toBeGreaterThanOrEqual(2);
    for (const v of violations) expect(textOf(result)).toContain(v.message);
    expect(m.asked).toHaveLength(0);
    await expectNothingPlaced(m);
  });

  it('does not let a "confirmed" argument stand in for the person', async () => {
    m = await startMcp({ confirm: 'elicit', person: () => ({ action: 'decline' }) });
    const data = dataOf<{ status: string }>(
      await m.call('place_order', { ...ORDER, confirmed: true, confirm: true }),
    );
    expect(data.status).toBe('DECLINED');
    await expectNothingPlaced(m);
  });
});
